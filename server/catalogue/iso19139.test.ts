// @vitest-environment jsdom
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { CODE_LIST_CATALOGUE, escapeXml, NAMESPACES, onlineResource, writeIso19139 } from './iso19139';
import { loadCatalogue } from './records';

const records = loadCatalogue(join(ROOT_DIR, 'manifests', 'catalogue')).records.map(({ record }) => record);
const recordById = (id: string): CatalogueRecord => {
  const record = records.find((candidate) => candidate.id === id);
  if (!record) throw new Error(`no record ${id}`);
  return record;
};

function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return document;
}

const PREFIXES: Record<string, string> = { gmd: NAMESPACES.gmd, gco: NAMESPACES.gco, gml: NAMESPACES.gml };

/** The elements reached by a path of direct children, `gmd:a/gmd:b`, namespace-checked. */
function select(from: Element | Element[], path: string): Element[] {
  let current = [from].flat();
  for (const step of path.split('/')) {
    const [prefix, localName] = step.split(':');
    current = current.flatMap((element) => Array.from(element.children).filter((child) => child.localName === localName && child.namespaceURI === PREFIXES[prefix]));
  }
  return current;
}

function one(from: Element | Element[], path: string): Element {
  const found = select(from, path);
  expect(found, path).toHaveLength(1);
  return found[0];
}

const text = (from: Element | Element[], path: string) => one(from, path).textContent;

/** English, Traditional and Simplified Chinese of a PT_FreeText property. */
function localised(property: Element): Record<string, string | null> {
  const byLocale = Object.fromEntries(
    select(property, 'gmd:PT_FreeText/gmd:textGroup/gmd:LocalisedCharacterString').map((element) => [element.getAttribute('locale'), element.textContent]),
  );
  return { 'en-US': text(property, 'gco:CharacterString'), 'zh-HK': byLocale['#ZH-HK'] ?? null, 'zh-CN': byLocale['#ZH-CN'] ?? null };
}

function codeValue(from: Element | Element[], path: string, list: string): string | null {
  const element = one(from, path);
  expect(element.getAttribute('codeList')).toBe(`${CODE_LIST_CATALOGUE}#${list}`);
  expect(element.textContent).toBe(element.getAttribute('codeListValue'));
  return element.getAttribute('codeListValue');
}

/**
 * Content models of the gmd types this writer uses, from the ISO 19139 schema (gmd/*.xsd, 2007-04-17): the child
 * elements each may have, in the sequence's order, and those with minOccurs 1. A child outside the list, out of
 * order, or a missing required one is what a schema validator would refuse.
 */
const CONTENT_MODELS: Record<string, { sequence: string[]; required: string[] }> = {
  MD_Metadata: {
    sequence: [
      'fileIdentifier', 'language', 'characterSet', 'parentIdentifier', 'hierarchyLevel', 'hierarchyLevelName', 'contact', 'dateStamp',
      'metadataStandardName', 'metadataStandardVersion', 'dataSetURI', 'locale', 'spatialRepresentationInfo', 'referenceSystemInfo',
      'metadataExtensionInfo', 'identificationInfo', 'contentInfo', 'distributionInfo', 'dataQualityInfo', 'portrayalCatalogueInfo',
      'metadataConstraints', 'applicationSchemaInfo', 'metadataMaintenance', 'series', 'describes', 'propertyType', 'featureType', 'featureAttribute',
    ],
    required: ['contact', 'dateStamp', 'identificationInfo'],
  },
  MD_DataIdentification: {
    sequence: [
      'citation', 'abstract', 'purpose', 'credit', 'status', 'pointOfContact', 'resourceMaintenance', 'graphicOverview', 'resourceFormat',
      'descriptiveKeywords', 'resourceSpecificUsage', 'resourceConstraints', 'aggregationInfo', 'spatialRepresentationType', 'spatialResolution',
      'language', 'characterSet', 'topicCategory', 'environmentDescription', 'extent', 'supplementalInformation',
    ],
    required: ['citation', 'abstract', 'language'],
  },
  CI_Citation: {
    sequence: ['title', 'alternateTitle', 'date', 'edition', 'editionDate', 'identifier', 'citedResponsibleParty', 'presentationForm', 'series', 'otherCitationDetails', 'collectiveTitle', 'ISBN', 'ISSN'],
    required: ['title', 'date'],
  },
  CI_Date: { sequence: ['date', 'dateType'], required: ['date', 'dateType'] },
  MD_Identifier: { sequence: ['authority', 'code'], required: ['code'] },
  RS_Identifier: { sequence: ['authority', 'code', 'codeSpace', 'version'], required: ['code'] },
  MD_ReferenceSystem: { sequence: ['referenceSystemIdentifier'], required: [] },
  CI_ResponsibleParty: { sequence: ['individualName', 'organisationName', 'positionName', 'contactInfo', 'role'], required: ['role'] },
  CI_Contact: { sequence: ['phone', 'address', 'onlineResource', 'hoursOfService', 'contactInstructions'], required: [] },
  CI_Telephone: { sequence: ['voice', 'facsimile'], required: [] },
  CI_Address: { sequence: ['deliveryPoint', 'city', 'administrativeArea', 'postalCode', 'country', 'electronicMailAddress'], required: [] },
  PT_Locale: { sequence: ['languageCode', 'country', 'characterEncoding'], required: ['languageCode', 'characterEncoding'] },
  PT_FreeText: { sequence: ['textGroup'], required: ['textGroup'] },
  MD_MaintenanceInformation: {
    sequence: ['maintenanceAndUpdateFrequency', 'dateOfNextUpdate', 'userDefinedMaintenanceFrequency', 'updateScope', 'updateScopeDescription', 'maintenanceNote', 'contact'],
    required: ['maintenanceAndUpdateFrequency'],
  },
  MD_Keywords: { sequence: ['keyword', 'type', 'thesaurusName'], required: ['keyword'] },
  MD_Constraints: { sequence: ['useLimitation'], required: [] },
  MD_LegalConstraints: { sequence: ['useLimitation', 'accessConstraints', 'useConstraints', 'otherConstraints'], required: [] },
  MD_SecurityConstraints: { sequence: ['useLimitation', 'classification', 'userNote', 'classificationSystem', 'handlingDescription'], required: ['classification'] },
  EX_Extent: { sequence: ['description', 'geographicElement', 'temporalElement', 'verticalElement'], required: [] },
  EX_GeographicBoundingBox: {
    sequence: ['extentTypeCode', 'westBoundLongitude', 'eastBoundLongitude', 'southBoundLatitude', 'northBoundLatitude'],
    required: ['westBoundLongitude', 'eastBoundLongitude', 'southBoundLatitude', 'northBoundLatitude'],
  },
  EX_TemporalExtent: { sequence: ['extent'], required: ['extent'] },
  MD_Distribution: { sequence: ['distributionFormat', 'distributor', 'transferOptions'], required: [] },
  MD_Format: { sequence: ['name', 'version', 'amendmentNumber', 'specification', 'fileDecompressionTechnique', 'formatDistributor'], required: ['name', 'version'] },
  MD_DigitalTransferOptions: { sequence: ['unitsOfDistribution', 'transferSize', 'onLine', 'offLine'], required: [] },
  CI_OnlineResource: { sequence: ['linkage', 'protocol', 'applicationProfile', 'name', 'description', 'function'], required: ['linkage'] },
  DQ_DataQuality: { sequence: ['scope', 'report', 'lineage'], required: ['scope'] },
  DQ_Scope: { sequence: ['level', 'extent', 'levelDescription'], required: ['level'] },
  DQ_CompletenessOmission: {
    sequence: ['nameOfMeasure', 'measureIdentification', 'measureDescription', 'evaluationMethodType', 'evaluationMethodDescription', 'evaluationProcedure', 'dateTime', 'result'],
    required: ['result'],
  },
  DQ_ConformanceResult: { sequence: ['specification', 'explanation', 'pass'], required: ['specification', 'explanation', 'pass'] },
  LI_Lineage: { sequence: ['statement', 'processStep', 'source'], required: [] },
};

/** Every content-model violation in the document, as `Parent: problem`. */
function contentModelProblems(root: Element): string[] {
  const problems: string[] = [];
  const visit = (element: Element) => {
    const model = element.namespaceURI === NAMESPACES.gmd ? CONTENT_MODELS[element.localName] : undefined;
    if (model) {
      let position = 0;
      for (const child of Array.from(element.children)) {
        const index = model.sequence.indexOf(child.localName);
        if (child.namespaceURI !== NAMESPACES.gmd || index < 0) problems.push(`${element.localName}: unexpected ${child.tagName}`);
        else if (index < position) problems.push(`${element.localName}: ${child.localName} out of order`);
        else position = index;
      }
      for (const name of model.required) {
        if (!Array.from(element.children).some((child) => child.localName === name)) problems.push(`${element.localName}: missing ${name}`);
      }
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  visit(root);
  return problems;
}

describe('writeIso19139', () => {
  it('writes a well-formed gmd:MD_Metadata in the schema\'s element order for every record', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const root = parse(writeIso19139(record)).documentElement;
      expect(root.namespaceURI, record.id).toBe(NAMESPACES.gmd);
      expect(root.localName, record.id).toBe('MD_Metadata');
      expect(text(root, 'gmd:fileIdentifier/gco:CharacterString'), record.id).toBe(record.id);
      expect(contentModelProblems(root), record.id).toEqual([]);
    }
    // The check finds what a validator would refuse.
    const wrong = parse(writeIso19139(records[0]).replace(/<gmd:dateStamp>[\s\S]*?<\/gmd:dateStamp>/, '')).documentElement;
    expect(contentModelProblems(wrong)).toEqual(['MD_Metadata: missing dateStamp']);
  });

  it('carries every mandatory element with the record\'s values', () => {
    // The served records carry the site's configured contact (server/siteSettings.ts); a telephone is optional there.
    const served = recordById('temperature');
    const record: CatalogueRecord = { ...served, contact: { ...served.contact, telephone: '+852 2231 3000' } };
    const root = parse(writeIso19139(record)).documentElement;
    const withoutTelephone = parse(writeIso19139({ ...served, contact: { ...served.contact, telephone: null } })).documentElement;
    expect(select(withoutTelephone, 'gmd:contact/gmd:CI_ResponsibleParty/gmd:contactInfo/gmd:CI_Contact/gmd:phone')).toHaveLength(0);
    expect(contentModelProblems(withoutTelephone)).toEqual([]);

    expect(one(root, 'gmd:language/gmd:LanguageCode').getAttribute('codeListValue')).toBe('eng');
    expect(codeValue(root, 'gmd:characterSet/gmd:MD_CharacterSetCode', 'MD_CharacterSetCode')).toBe('utf8');
    expect(codeValue(root, 'gmd:hierarchyLevel/gmd:MD_ScopeCode', 'MD_ScopeCode')).toBe(record.scopeLevel);
    const contact = one(root, 'gmd:contact/gmd:CI_ResponsibleParty');
    expect(localised(one(contact, 'gmd:organisationName'))).toEqual(record.contact.organisation);
    expect(localised(one(contact, 'gmd:individualName'))).toEqual(record.contact.individualName);
    expect(localised(one(contact, 'gmd:positionName'))).toEqual(record.contact.position);
    expect(text(contact, 'gmd:contactInfo/gmd:CI_Contact/gmd:phone/gmd:CI_Telephone/gmd:voice/gco:CharacterString')).toBe(record.contact.telephone);
    expect(text(contact, 'gmd:contactInfo/gmd:CI_Contact/gmd:address/gmd:CI_Address/gmd:electronicMailAddress/gco:CharacterString')).toBe(record.contact.email);
    expect(codeValue(contact, 'gmd:role/gmd:CI_RoleCode', 'CI_RoleCode')).toBe('distributor');
    expect(text(root, 'gmd:dateStamp/gco:Date')).toBe(record.dates.metadataStamp);
    expect(text(root, 'gmd:metadataStandardName/gco:CharacterString')).toBe('ISO 19115:2003/19139');
    expect(text(root, 'gmd:metadataStandardVersion/gco:CharacterString')).toBe('1.0');
    const locales = select(root, 'gmd:locale/gmd:PT_Locale');
    expect(locales.map((locale) => locale.getAttribute('id'))).toEqual(['ZH-HK', 'ZH-CN']);
    expect(locales.map((locale) => one(locale, 'gmd:country/gmd:Country').getAttribute('codeListValue'))).toEqual(['HK', 'CN']);
    expect(text(root, 'gmd:referenceSystemInfo/gmd:MD_ReferenceSystem/gmd:referenceSystemIdentifier/gmd:RS_Identifier/gmd:code/gco:CharacterString')).toBe('EPSG:4326');

    const identification = one(root, 'gmd:identificationInfo/gmd:MD_DataIdentification');
    const citation = one(identification, 'gmd:citation/gmd:CI_Citation');
    expect(localised(one(citation, 'gmd:title'))).toEqual(record.title);
    const dates = select(citation, 'gmd:date/gmd:CI_Date').map((date) => [
      codeValue(date, 'gmd:dateType/gmd:CI_DateTypeCode', 'CI_DateTypeCode'),
      text(date, 'gmd:date/gco:Date'),
    ]);
    expect(dates).toEqual([
      ['creation', record.dates.creation],
      ['revision', record.dates.revision],
    ]);
    expect(text(citation, 'gmd:identifier/gmd:MD_Identifier/gmd:code/gco:CharacterString')).toBe(record.identifier);
    expect(localised(one(identification, 'gmd:abstract'))).toEqual(record.abstract);
    expect(localised(one(identification, 'gmd:purpose'))).toEqual(record.purpose);
    expect(codeValue(identification, 'gmd:status/gmd:MD_ProgressCode', 'MD_ProgressCode')).toBe('onGoing');
    expect(codeValue(identification, 'gmd:pointOfContact/gmd:CI_ResponsibleParty/gmd:role/gmd:CI_RoleCode', 'CI_RoleCode')).toBe('distributor');
    expect(
      codeValue(
        identification,
        'gmd:resourceMaintenance/gmd:MD_MaintenanceInformation/gmd:maintenanceAndUpdateFrequency/gmd:MD_MaintenanceFrequencyCode',
        'MD_MaintenanceFrequencyCode',
      ),
    ).toBe('continual');
    const keywords = select(identification, 'gmd:descriptiveKeywords/gmd:MD_Keywords/gmd:keyword').map(localised);
    expect(keywords.map((keyword) => keyword['en-US'])).toEqual(record.keywords['en-US']);
    expect(keywords.map((keyword) => keyword['zh-HK'])).toEqual(record.keywords['zh-HK']);
    expect(keywords.map((keyword) => keyword['zh-CN'])).toEqual(record.keywords['zh-CN']);
    expect(keywords.find((keyword) => keyword['en-US'] === 'temperature')).toEqual({ 'en-US': 'temperature', 'zh-HK': '溫度', 'zh-CN': '温度' });
    expect(localised(one(identification, 'gmd:resourceConstraints/gmd:MD_Constraints/gmd:useLimitation'))).toEqual(record.constraints.useLimitation);
    expect(localised(one(identification, 'gmd:resourceConstraints/gmd:MD_LegalConstraints/gmd:otherConstraints'))).toEqual(record.constraints.otherConstraints);
    expect(
      codeValue(identification, 'gmd:resourceConstraints/gmd:MD_SecurityConstraints/gmd:classification/gmd:MD_ClassificationCode', 'MD_ClassificationCode'),
    ).toBe('unclassified');
    expect(select(identification, 'gmd:language/gmd:LanguageCode').map((code) => code.getAttribute('codeListValue'))).toEqual(['eng', 'chi']);
    expect(codeValue(identification, 'gmd:characterSet/gmd:MD_CharacterSetCode', 'MD_CharacterSetCode')).toBe('utf8');
    expect(select(identification, 'gmd:topicCategory/gmd:MD_TopicCategoryCode').map((code) => code.textContent)).toEqual(record.topicCategories);

    const extent = one(identification, 'gmd:extent/gmd:EX_Extent');
    const box = one(extent, 'gmd:geographicElement/gmd:EX_GeographicBoundingBox');
    expect(
      ['west', 'east', 'south', 'north'].map((side) => Number(text(box, `gmd:${side}Bound${side === 'west' || side === 'east' ? 'Longitude' : 'Latitude'}/gco:Decimal`))),
    ).toEqual([record.extent.west, record.extent.east, record.extent.south, record.extent.north]);
    const period = one(extent, 'gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod');
    expect(period.getAttributeNS(NAMESPACES.gml, 'id')).toBe('period-temperature');
    expect(text(period, 'gml:beginPosition')).toBe(record.extent.begin);
    expect(one(period, 'gml:endPosition').getAttribute('indeterminatePosition')).toBe('now');

    const distribution = one(root, 'gmd:distributionInfo/gmd:MD_Distribution');
    expect(select(distribution, 'gmd:distributionFormat/gmd:MD_Format/gmd:name/gco:CharacterString').map((name) => name.textContent)).toEqual(['GEOJSON']);
    expect(text(distribution, 'gmd:transferOptions/gmd:MD_DigitalTransferOptions/gmd:onLine/gmd:CI_OnlineResource/gmd:linkage/gmd:URL')).toBe(
      '/mapviewer/api/realtime/temperature',
    );

    const quality = one(root, 'gmd:dataQualityInfo/gmd:DQ_DataQuality');
    expect(codeValue(quality, 'gmd:scope/gmd:DQ_Scope/gmd:level/gmd:MD_ScopeCode', 'MD_ScopeCode')).toBe('dataset');
    expect(localised(one(quality, 'gmd:report/gmd:DQ_CompletenessOmission/gmd:result/gmd:DQ_ConformanceResult/gmd:explanation'))).toEqual(record.dataQuality);
    expect(localised(one(quality, 'gmd:lineage/gmd:LI_Lineage/gmd:statement'))).toEqual(record.lineage);
  });

  it('writes a dataset with an end date, every format and a download page as its online resource', () => {
    const record = recordById('3d-visualisation-map-non-textured');
    const root = parse(writeIso19139(record)).documentElement;
    const distribution = one(root, 'gmd:distributionInfo/gmd:MD_Distribution');
    const formats = select(distribution, 'gmd:distributionFormat/gmd:MD_Format');
    expect(formats.map((format) => text(format, 'gmd:name/gco:CharacterString'))).toEqual(record.distributionFormats);
    // glTF's version is known (GLB is glTF 2.0); the others are declared unknown rather than guessed.
    expect(formats.map((format) => one(format, 'gmd:version').getAttributeNS(NAMESPACES.gco, 'nilReason') ?? text(format, 'gmd:version/gco:CharacterString'))).toEqual(
      record.distributionFormats.map((format) => (format === 'GLTF' ? '2.0' : 'unknown')),
    );
    expect(onlineResource(record)).toBe('/mapviewer/app/download/3d-visualisation-map-non-textured');
    const terrain = parse(writeIso19139(recordById('3d-spatial-data-terrain'))).documentElement;
    const period = one(terrain, 'gmd:identificationInfo/gmd:MD_DataIdentification/gmd:extent/gmd:EX_Extent/gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod');
    expect([text(period, 'gml:beginPosition'), text(period, 'gml:endPosition')]).toEqual(['2020-01-01', '2020-12-31']);
  });

  it('escapes markup in every text', () => {
    const record = recordById('temperature');
    const hostile = `<b>Tom & "Jerry"</b> 'quoted' ]]> <!-- -->`;
    const root = parse(writeIso19139({ ...record, title: { ...record.title, 'en-US': hostile, 'zh-HK': '溫度 & <濕度>' }, identifier: 'A&B<C>' })).documentElement;
    const citation = one(root, 'gmd:identificationInfo/gmd:MD_DataIdentification/gmd:citation/gmd:CI_Citation');
    expect(localised(one(citation, 'gmd:title'))).toEqual({ 'en-US': hostile, 'zh-HK': '溫度 & <濕度>', 'zh-CN': record.title['zh-CN'] });
    expect(text(citation, 'gmd:identifier/gmd:MD_Identifier/gmd:code/gco:CharacterString')).toBe('A&B<C>');
    expect(escapeXml(`a<b>&"'`)).toBe('a&lt;b&gt;&amp;&quot;&apos;');
    // The check above would see unescaped text: the parser refuses it.
    expect(() => parse('<a>Tom & Jerry</a>')).toThrow(/not well-formed/);
  });
});
