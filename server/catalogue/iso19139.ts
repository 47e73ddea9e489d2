/**
 * Writes a catalogue record as an ISO 19139 document (gmd:MD_Metadata, the XML encoding of ISO 19115:2003).
 * Elements come in the order the gmd schema's sequences require. English is the metadata language: each text
 * is a gco:CharacterString, and its Traditional and Simplified Chinese forms follow in a gmd:PT_FreeText whose
 * LocalisedCharacterStrings point at the document's PT_Locale entries `#ZH-HK` and `#ZH-CN`. Code-list values
 * cite the ISO 19139 code-list catalogue. Every text is escaped; the record loader has already refused the
 * control characters XML cannot carry.
 */
import type { CatalogueRecord, CatalogueFormat, LocalisedText } from '../../core/contracts';

export const NAMESPACES = {
  gmd: 'http://www.isotc211.org/2005/gmd',
  gco: 'http://www.isotc211.org/2005/gco',
  gml: 'http://www.opengis.net/gml/3.2',
  xlink: 'http://www.w3.org/1999/xlink',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The ISO/TC 211 code-list catalogue the codeList attributes point into. */
export const CODE_LIST_CATALOGUE = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';
const LANGUAGE_CODE_LIST = 'http://www.loc.gov/standards/iso639-2/';
const COUNTRY_CODE_LIST = 'http://www.iso.org/iso/country_codes';
/** ISO 19139 schema location, for validators. */
const SCHEMA_LOCATION = 'http://www.isotc211.org/2005/gmd http://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd';

/** The Chinese locales of every document: id (referenced as `#ZH-HK`), ISO 639-2 language, ISO 3166 country. */
const LOCALES = [
  { id: 'ZH-HK', language: 'zh-HK', languageCode: 'chi', country: 'HK' },
  { id: 'ZH-CN', language: 'zh-CN', languageCode: 'chi', country: 'CN' },
] as const;

/** Format versions where the format fixes one (GLB is glTF 2.0; GeoJSON is RFC 7946); else the version is nil. */
const FORMAT_VERSIONS: Partial<Record<CatalogueFormat, string>> = { GLTF: '2.0', GEOJSON: 'RFC 7946' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** An element: text content (unescaped; escaped when written) or child elements, never both. */
interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  content: string | XmlElement[];
}

function element(name: string, content: string | XmlElement | XmlElement[], attributes: Record<string, string> = {}): XmlElement {
  return { name, attributes, content: typeof content === 'string' || Array.isArray(content) ? content : [content] };
}

/** Writes an element indented two spaces per level; text-only elements stay on one line. */
function serialise(node: XmlElement, depth = 0): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (node.content.length === 0) return `${indent}<${node.name}${attributes}/>`;
  if (typeof node.content === 'string') return `${indent}<${node.name}${attributes}>${escapeXml(node.content)}</${node.name}>`;
  const children = node.content.map((child) => serialise(child, depth + 1)).join('\n');
  return `${indent}<${node.name}${attributes}>\n${children}\n${indent}</${node.name}>`;
}

function characterString(text: string): XmlElement {
  return element('gco:CharacterString', text);
}

/** A character-string property in English with its two Chinese forms (PT_FreeText). */
function localised(name: string, text: LocalisedText): XmlElement {
  return element(
    name,
    [
      characterString(text['en-US']),
      element(
        'gmd:PT_FreeText',
        LOCALES.map((locale) =>
          element('gmd:textGroup', element('gmd:LocalisedCharacterString', text[locale.language], { locale: `#${locale.id}` })),
        ),
      ),
    ],
    { 'xsi:type': 'gmd:PT_FreeText_PropertyType' },
  );
}

function plain(name: string, text: string): XmlElement {
  return element(name, characterString(text));
}

/** A code-list value, e.g. `<gmd:MD_ProgressCode codeList="…#MD_ProgressCode" codeListValue="onGoing">onGoing</…>`. */
function code(list: string, value: string): XmlElement {
  return element(`gmd:${list}`, value, { codeList: `${CODE_LIST_CATALOGUE}#${list}`, codeListValue: value });
}

function languageCode(value: string): XmlElement {
  return element('gmd:LanguageCode', value, { codeList: LANGUAGE_CODE_LIST, codeListValue: value });
}

function date(value: string): XmlElement {
  return element('gco:Date', value);
}

function decimal(name: string, value: number): XmlElement {
  return element(name, element('gco:Decimal', String(value)));
}

function responsibleParty(record: CatalogueRecord): XmlElement {
  const { contact } = record;
  return element('gmd:CI_ResponsibleParty', [
    localised('gmd:individualName', contact.individualName),
    localised('gmd:organisationName', contact.organisation),
    localised('gmd:positionName', contact.position),
    element(
      'gmd:contactInfo',
      element('gmd:CI_Contact', [
        // gmd:phone is optional (0..1): left out when the site publishes no telephone.
        ...(contact.telephone ? [element('gmd:phone', element('gmd:CI_Telephone', plain('gmd:voice', contact.telephone)))] : []),
        element('gmd:address', element('gmd:CI_Address', plain('gmd:electronicMailAddress', contact.email))),
      ]),
    ),
    element('gmd:role', code('CI_RoleCode', contact.role)),
  ]);
}

function citationDate(value: string, type: 'creation' | 'revision'): XmlElement {
  return element('gmd:date', element('gmd:CI_Date', [element('gmd:date', date(value)), element('gmd:dateType', code('CI_DateTypeCode', type))]));
}

function locales(): XmlElement[] {
  return LOCALES.map((locale) =>
    element(
      'gmd:locale',
      element(
        'gmd:PT_Locale',
        [
          element('gmd:languageCode', languageCode(locale.languageCode)),
          element('gmd:country', element('gmd:Country', locale.country, { codeList: COUNTRY_CODE_LIST, codeListValue: locale.country })),
          element('gmd:characterEncoding', code('MD_CharacterSetCode', 'utf8')),
        ],
        { id: locale.id },
      ),
    ),
  );
}

/** Where the data can be had: the layer's data-service call, or the portal's download page of the dataset. */
export function onlineResource(record: CatalogueRecord): string {
  return record.download.kind === 'layer' ? record.download.apiPath : `/mapviewer/app/download/${record.id}`;
}

function identification(record: CatalogueRecord): XmlElement {
  const { extent } = record;
  const keywordCount = record.keywords['en-US'].length;
  const keywords = Array.from({ length: keywordCount }, (_, index) =>
    localised('gmd:keyword', { 'en-US': record.keywords['en-US'][index], 'zh-HK': record.keywords['zh-HK'][index], 'zh-CN': record.keywords['zh-CN'][index] }),
  );
  return element('gmd:MD_DataIdentification', [
    element(
      'gmd:citation',
      element('gmd:CI_Citation', [
        localised('gmd:title', record.title),
        citationDate(record.dates.creation, 'creation'),
        citationDate(record.dates.revision, 'revision'),
        element('gmd:identifier', element('gmd:MD_Identifier', plain('gmd:code', record.identifier))),
      ]),
    ),
    localised('gmd:abstract', record.abstract),
    localised('gmd:purpose', record.purpose),
    element('gmd:status', code('MD_ProgressCode', record.status)),
    element('gmd:pointOfContact', responsibleParty(record)),
    element(
      'gmd:resourceMaintenance',
      element('gmd:MD_MaintenanceInformation', element('gmd:maintenanceAndUpdateFrequency', code('MD_MaintenanceFrequencyCode', record.updateFrequency))),
    ),
    element('gmd:descriptiveKeywords', element('gmd:MD_Keywords', [...keywords, element('gmd:type', code('MD_KeywordTypeCode', 'theme'))])),
    element('gmd:resourceConstraints', element('gmd:MD_Constraints', localised('gmd:useLimitation', record.constraints.useLimitation))),
    element(
      'gmd:resourceConstraints',
      element('gmd:MD_LegalConstraints', [
        element('gmd:useConstraints', code('MD_RestrictionCode', 'otherRestrictions')),
        localised('gmd:otherConstraints', record.constraints.otherConstraints),
      ]),
    ),
    element('gmd:resourceConstraints', element('gmd:MD_SecurityConstraints', element('gmd:classification', code('MD_ClassificationCode', record.classification)))),
    ...record.dataLanguages.map((language) => element('gmd:language', languageCode(language))),
    element('gmd:characterSet', code('MD_CharacterSetCode', record.characterSet)),
    ...record.topicCategories.map((category) => element('gmd:topicCategory', element('gmd:MD_TopicCategoryCode', category))),
    element(
      'gmd:extent',
      element('gmd:EX_Extent', [
        element(
          'gmd:geographicElement',
          element('gmd:EX_GeographicBoundingBox', [
            decimal('gmd:westBoundLongitude', extent.west),
            decimal('gmd:eastBoundLongitude', extent.east),
            decimal('gmd:southBoundLatitude', extent.south),
            decimal('gmd:northBoundLatitude', extent.north),
          ]),
        ),
        element(
          'gmd:temporalElement',
          element(
            'gmd:EX_TemporalExtent',
            element(
              'gmd:extent',
              // gml:id must be an XML name, which may not start with a digit as some record ids do.
              element(
                'gml:TimePeriod',
                [
                  element('gml:beginPosition', extent.begin),
                  extent.end === null ? element('gml:endPosition', '', { indeterminatePosition: 'now' }) : element('gml:endPosition', extent.end),
                ],
                { 'gml:id': `period-${record.id}` },
              ),
            ),
          ),
        ),
      ]),
    ),
  ]);
}

function distribution(record: CatalogueRecord): XmlElement {
  return element('gmd:MD_Distribution', [
    ...record.distributionFormats.map((format) => {
      const version = FORMAT_VERSIONS[format];
      return element(
        'gmd:distributionFormat',
        element('gmd:MD_Format', [
          plain('gmd:name', format),
          version === undefined ? element('gmd:version', '', { 'gco:nilReason': 'unknown' }) : plain('gmd:version', version),
        ]),
      );
    }),
    element(
      'gmd:transferOptions',
      element(
        'gmd:MD_DigitalTransferOptions',
        element('gmd:onLine', element('gmd:CI_OnlineResource', element('gmd:linkage', element('gmd:URL', onlineResource(record))))),
      ),
    ),
  ]);
}

/**
 * Data quality: the record's quality statement as the explanation of a report whose conformance is not
 * asserted (no specification was tested against, so both are nil), and the lineage statement.
 */
function dataQuality(record: CatalogueRecord): XmlElement {
  return element('gmd:DQ_DataQuality', [
    element('gmd:scope', element('gmd:DQ_Scope', element('gmd:level', code('MD_ScopeCode', record.scopeLevel)))),
    element(
      'gmd:report',
      element(
        'gmd:DQ_CompletenessOmission',
        element(
          'gmd:result',
          element('gmd:DQ_ConformanceResult', [
            element('gmd:specification', '', { 'gco:nilReason': 'inapplicable' }),
            localised('gmd:explanation', record.dataQuality),
            element('gmd:pass', '', { 'gco:nilReason': 'inapplicable' }),
          ]),
        ),
      ),
    ),
    element('gmd:lineage', element('gmd:LI_Lineage', localised('gmd:statement', record.lineage))),
  ]);
}

/** The ISO 19139 document of a record (UTF-8 XML text with its declaration). */
export function writeIso19139(record: CatalogueRecord): string {
  const root = element(
    'gmd:MD_Metadata',
    [
      plain('gmd:fileIdentifier', record.id),
      element('gmd:language', languageCode('eng')),
      element('gmd:characterSet', code('MD_CharacterSetCode', record.characterSet)),
      element('gmd:hierarchyLevel', code('MD_ScopeCode', record.scopeLevel)),
      element('gmd:contact', responsibleParty(record)),
      element('gmd:dateStamp', date(record.dates.metadataStamp)),
      plain('gmd:metadataStandardName', record.metadataStandard.name),
      plain('gmd:metadataStandardVersion', record.metadataStandard.version),
      ...locales(),
      element(
        'gmd:referenceSystemInfo',
        element(
          'gmd:MD_ReferenceSystem',
          element('gmd:referenceSystemIdentifier', element('gmd:RS_Identifier', [plain('gmd:code', record.referenceSystem), plain('gmd:codeSpace', 'EPSG')])),
        ),
      ),
      element('gmd:identificationInfo', identification(record)),
      element('gmd:distributionInfo', distribution(record)),
      element('gmd:dataQualityInfo', dataQuality(record)),
    ],
    {
      'xmlns:gmd': NAMESPACES.gmd,
      'xmlns:gco': NAMESPACES.gco,
      'xmlns:gml': NAMESPACES.gml,
      'xmlns:xlink': NAMESPACES.xlink,
      'xmlns:xsi': NAMESPACES.xsi,
      'xsi:schemaLocation': SCHEMA_LOCATION,
    },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialise(root)}\n`;
}
