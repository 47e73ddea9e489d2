/**
 * Turns an ISO 19139 document (gmd:MD_Metadata) into the sections the ISO tab shows. Everything is read from
 * the XML itself, not from the JSON record, so the tab shows exactly what the downloadable file says. Texts
 * come in the page's language: the PT_FreeText LocalisedCharacterString whose locale is `#ZH-HK` / `#ZH-CN`,
 * else the gco:CharacterString (English). Code-list values are returned as codes; the view translates them.
 */
import type { Language } from '../../../../core/plugin/types';

export const GMD_NAMESPACE = 'http://www.isotc211.org/2005/gmd';
export const GCO_NAMESPACE = 'http://www.isotc211.org/2005/gco';
const GMX_NAMESPACE = 'http://www.isotc211.org/2005/gmx';

/** The code lists whose values the view shows with translated labels (`metadata.code.<list>.<value>`). */
export type CodeList =
  | 'status' | 'updateFrequency' | 'classification' | 'role' | 'topicCategory' | 'dateType' | 'scope' | 'characterSet' | 'language' | 'restriction';

export type IsoValue =
  | { kind: 'text'; text: string }
  | { kind: 'code'; list: CodeList; code: string }
  /** An ISO date or date-time, with the date type (creation, revision ...) when the XML gives one. */
  | { kind: 'date'; date: string; dateType?: string }
  | { kind: 'email'; address: string }
  /** A distribution format and its version when the record states one. */
  | { kind: 'format'; name: string; version?: string }
  | { kind: 'link'; url: string }
  /** A temporal extent that continues (gml:endPosition indeterminatePosition="now" or empty). */
  | { kind: 'ongoing' };

export type IsoFieldId =
  | 'title' | 'abstract' | 'purpose' | 'status' | 'date' | 'identifier'
  | 'organisation' | 'individual' | 'position' | 'role' | 'email' | 'phone'
  | 'west' | 'east' | 'south' | 'north' | 'begin' | 'end'
  | 'keyword' | 'topicCategory'
  | 'updateFrequency'
  | 'useLimitation' | 'useConstraints' | 'otherConstraints' | 'classification'
  | 'format' | 'onlineResource'
  | 'qualityScope' | 'dataQuality' | 'lineage'
  | 'referenceSystem'
  | 'fileIdentifier' | 'standard' | 'standardVersion' | 'dateStamp' | 'characterSet' | 'language' | 'scope';

export interface IsoField {
  id: IsoFieldId;
  values: IsoValue[];
}

export type IsoSectionId =
  | 'identification' | 'contact' | 'extent' | 'keywords' | 'maintenance' | 'constraints'
  | 'distribution' | 'quality' | 'referenceSystem' | 'metadata';

export interface IsoSection {
  id: IsoSectionId;
  /** Repeated groups (one per contact); every other section has one group. Only fields with values. */
  groups: IsoField[][];
}

/** The XML is not well-formed, or is not an ISO 19139 record. */
export class IsoParseError extends Error {
  readonly reason: 'not-xml' | 'not-iso';
  constructor(reason: 'not-xml' | 'not-iso', detail: string) {
    super(detail);
    this.name = 'IsoParseError';
    this.reason = reason;
  }
}

/** Parses the text with the browser's DOMParser; throws IsoParseError for malformed XML or another root. */
export function parseIsoXml(xml: string): Element {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new IsoParseError('not-xml', error.textContent?.trim() || 'The XML is not well-formed');
  const root = document.documentElement;
  if (root.namespaceURI !== GMD_NAMESPACE || root.localName !== 'MD_Metadata') {
    throw new IsoParseError('not-iso', `The root element is ${root.tagName}, not gmd:MD_Metadata`);
  }
  return root;
}

const NAMESPACES: Record<string, string> = { gmd: GMD_NAMESPACE, gco: GCO_NAMESPACE, gmx: GMX_NAMESPACE };

/**
 * The elements reached from `from` by a path of direct children, e.g. `gmd:citation/gmd:CI_Citation/gmd:title`.
 * `*` matches any element (e.g. the MD_DataIdentification or SV_ServiceIdentification under identificationInfo);
 * `gml:` matches by local name, because GML 3.1 and 3.2 use different namespaces.
 */
function select(from: Element | Element[], path: string): Element[] {
  let current = Array.isArray(from) ? from : [from];
  for (const step of path.split('/')) {
    const [prefix, localName] = step.includes(':') ? step.split(':') : ['', step];
    const namespace = prefix === 'gml' ? undefined : NAMESPACES[prefix];
    current = current.flatMap((element) =>
      Array.from(element.children).filter(
        (child) => step === '*' || (child.localName === localName && (namespace === undefined || child.namespaceURI === namespace)),
      ),
    );
  }
  return current;
}

function trimmed(element: Element | undefined): string | undefined {
  const text = element?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

/** The `#ZH-HK` style locale reference of a language; null for English (the CharacterString itself). */
function localeReference(language: Language): string | null {
  return language === 'en-US' ? null : language.toUpperCase();
}

/**
 * The text of a character-string property (`gmd:title`, `gmd:keyword` ...) in `language`: the matching
 * LocalisedCharacterString, else the gco:CharacterString (or gmx:Anchor) as the English fallback.
 */
function localised(property: Element, language: Language): string | undefined {
  const wanted = localeReference(language);
  if (wanted) {
    const match = select(property, 'gmd:PT_FreeText/gmd:textGroup/gmd:LocalisedCharacterString').find(
      (text) => (text.getAttribute('locale') ?? '').replace(/^#/, '').toUpperCase() === wanted,
    );
    const text = trimmed(match);
    if (text) return text;
  }
  return trimmed(select(property, 'gco:CharacterString')[0] ?? select(property, 'gmx:Anchor')[0]);
}

function strings(properties: Element[], language: Language): string[] {
  return properties.flatMap((property) => {
    const text = localised(property, language);
    return text ? [text] : [];
  });
}

function texts(properties: Element[], language: Language): IsoValue[] {
  return strings(properties, language).map((text) => ({ kind: 'text', text }));
}

/** A code-list element's value: the codeListValue attribute, else its text (MD_TopicCategoryCode is text only). */
function codes(elements: Element[], list: CodeList): IsoValue[] {
  return elements.flatMap((element) => {
    const code = element.getAttribute('codeListValue')?.trim() || trimmed(element);
    return code ? [{ kind: 'code' as const, list, code }] : [];
  });
}

/** gco:Date or gco:DateTime inside a property. */
function dateOf(property: Element): string | undefined {
  return trimmed(select(property, 'gco:Date')[0] ?? select(property, 'gco:DateTime')[0]);
}

function field(id: IsoFieldId, values: IsoValue[]): IsoField[] {
  return values.length > 0 ? [{ id, values }] : [];
}

function contactGroup(party: Element, language: Language): IsoField[] {
  const contact = select(party, 'gmd:contactInfo/gmd:CI_Contact');
  return [
    ...field('organisation', texts(select(party, 'gmd:organisationName'), language)),
    ...field('individual', texts(select(party, 'gmd:individualName'), language)),
    ...field('position', texts(select(party, 'gmd:positionName'), language)),
    ...field('role', codes(select(party, 'gmd:role/gmd:CI_RoleCode'), 'role')),
    ...field(
      'email',
      strings(select(contact, 'gmd:address/gmd:CI_Address/gmd:electronicMailAddress'), 'en-US').map((address) => ({ kind: 'email', address })),
    ),
    ...field('phone', texts(select(contact, 'gmd:phone/gmd:CI_Telephone/gmd:voice'), 'en-US')),
  ];
}

/** The sections of the ISO tab, in the order of the standard's record; sections without any value are left out. */
export function buildIsoView(root: Element, language: Language): IsoSection[] {
  const identification = select(root, 'gmd:identificationInfo/*');
  const citation = select(identification, 'gmd:citation/gmd:CI_Citation');
  const extent = select(identification, 'gmd:extent/gmd:EX_Extent');
  const boundingBox = select(extent, 'gmd:geographicElement/gmd:EX_GeographicBoundingBox');
  const period = select(extent, 'gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod');
  const constraints = select(identification, 'gmd:resourceConstraints/*');
  const distribution = select(root, 'gmd:distributionInfo/gmd:MD_Distribution');
  const quality = select(root, 'gmd:dataQualityInfo/gmd:DQ_DataQuality');

  const bound = (name: string): IsoValue[] =>
    select(boundingBox, `${name}/gco:Decimal`).flatMap((element) => {
      const text = trimmed(element);
      return text ? [{ kind: 'text' as const, text }] : [];
    });

  const end = select(period, 'gml:endPosition')[0];
  const endText = trimmed(end);
  const endValues: IsoValue[] =
    end === undefined ? [] : endText ? [{ kind: 'date', date: endText }] : [{ kind: 'ongoing' }];

  // The metadata contact and the resource's points of contact are often the same party: show each party once.
  const parties = [...select(identification, 'gmd:pointOfContact/gmd:CI_ResponsibleParty'), ...select(root, 'gmd:contact/gmd:CI_ResponsibleParty')];
  const contactGroups: IsoField[][] = [];
  const seen = new Set<string>();
  for (const party of parties) {
    const group = contactGroup(party, language);
    const key = JSON.stringify(group);
    if (group.length > 0 && !seen.has(key)) {
      seen.add(key);
      contactGroups.push(group);
    }
  }

  const sections: IsoSection[] = [
    {
      id: 'identification',
      groups: [
        [
          ...field('title', texts(select(citation, 'gmd:title'), language)),
          ...field('abstract', texts(select(identification, 'gmd:abstract'), language)),
          ...field('purpose', texts(select(identification, 'gmd:purpose'), language)),
          ...field('status', codes(select(identification, 'gmd:status/gmd:MD_ProgressCode'), 'status')),
          ...field(
            'date',
            select(citation, 'gmd:date/gmd:CI_Date').flatMap((citationDate) => {
              const date = select(citationDate, 'gmd:date').map(dateOf)[0];
              const type = select(citationDate, 'gmd:dateType/gmd:CI_DateTypeCode')[0];
              const dateType = type?.getAttribute('codeListValue')?.trim() || trimmed(type);
              return date ? [{ kind: 'date' as const, date, ...(dateType ? { dateType } : {}) }] : [];
            }),
          ),
          ...field('identifier', texts(select(citation, 'gmd:identifier/*/gmd:code'), language)),
        ],
      ],
    },
    { id: 'contact', groups: contactGroups },
    {
      id: 'extent',
      groups: [
        [
          ...field('west', bound('gmd:westBoundLongitude')),
          ...field('east', bound('gmd:eastBoundLongitude')),
          ...field('south', bound('gmd:southBoundLatitude')),
          ...field('north', bound('gmd:northBoundLatitude')),
          ...field(
            'begin',
            select(period, 'gml:beginPosition').flatMap((element) => {
              const date = trimmed(element);
              return date ? [{ kind: 'date' as const, date }] : [];
            }),
          ),
          ...field('end', endValues),
        ],
      ],
    },
    {
      id: 'keywords',
      groups: [
        [
          ...field('keyword', texts(select(identification, 'gmd:descriptiveKeywords/gmd:MD_Keywords/gmd:keyword'), language)),
          ...field('topicCategory', codes(select(identification, 'gmd:topicCategory/gmd:MD_TopicCategoryCode'), 'topicCategory')),
        ],
      ],
    },
    {
      id: 'maintenance',
      groups: [
        field(
          'updateFrequency',
          codes(
            select(identification, 'gmd:resourceMaintenance/gmd:MD_MaintenanceInformation/gmd:maintenanceAndUpdateFrequency/gmd:MD_MaintenanceFrequencyCode'),
            'updateFrequency',
          ),
        ),
      ],
    },
    {
      id: 'constraints',
      groups: [
        [
          ...field('useLimitation', texts(select(constraints, 'gmd:useLimitation'), language)),
          ...field('useConstraints', codes(select(constraints, 'gmd:useConstraints/gmd:MD_RestrictionCode'), 'restriction')),
          ...field('otherConstraints', texts(select(constraints, 'gmd:otherConstraints'), language)),
          ...field('classification', codes(select(constraints, 'gmd:classification/gmd:MD_ClassificationCode'), 'classification')),
        ],
      ],
    },
    {
      id: 'distribution',
      groups: [
        [
          ...field(
            'format',
            select(distribution, 'gmd:distributionFormat/gmd:MD_Format').flatMap((format) => {
              const [name] = strings(select(format, 'gmd:name'), language);
              const [version] = strings(select(format, 'gmd:version'), language);
              if (!name) return [];
              return [{ kind: 'format' as const, name, ...(version ? { version } : {}) }];
            }),
          ),
          ...field(
            'onlineResource',
            select(distribution, 'gmd:transferOptions/gmd:MD_DigitalTransferOptions/gmd:onLine/gmd:CI_OnlineResource/gmd:linkage/gmd:URL').flatMap(
              (element) => {
                const url = trimmed(element);
                return url ? [{ kind: 'link' as const, url }] : [];
              },
            ),
          ),
        ],
      ],
    },
    {
      id: 'quality',
      groups: [
        [
          ...field('qualityScope', codes(select(quality, 'gmd:scope/gmd:DQ_Scope/gmd:level/gmd:MD_ScopeCode'), 'scope')),
          ...field('dataQuality', texts(select(quality, 'gmd:report/*/gmd:result/*/gmd:explanation'), language)),
          ...field('lineage', texts(select(quality, 'gmd:lineage/gmd:LI_Lineage/gmd:statement'), language)),
        ],
      ],
    },
    {
      id: 'referenceSystem',
      groups: [
        field(
          'referenceSystem',
          texts(select(root, 'gmd:referenceSystemInfo/gmd:MD_ReferenceSystem/gmd:referenceSystemIdentifier/gmd:RS_Identifier/gmd:code'), language),
        ),
      ],
    },
    {
      id: 'metadata',
      groups: [
        [
          ...field('fileIdentifier', texts(select(root, 'gmd:fileIdentifier'), 'en-US')),
          ...field('standard', texts(select(root, 'gmd:metadataStandardName'), language)),
          ...field('standardVersion', texts(select(root, 'gmd:metadataStandardVersion'), language)),
          ...field(
            'dateStamp',
            select(root, 'gmd:dateStamp').flatMap((property) => {
              const date = dateOf(property);
              return date ? [{ kind: 'date' as const, date }] : [];
            }),
          ),
          ...field('characterSet', codes(select(root, 'gmd:characterSet/gmd:MD_CharacterSetCode'), 'characterSet')),
          ...field('language', [
            ...codes(select(root, 'gmd:language/gmd:LanguageCode'), 'language'),
            ...strings(select(root, 'gmd:language'), 'en-US').map((code) => ({ kind: 'code' as const, list: 'language' as const, code })),
          ]),
          ...field('scope', codes(select(root, 'gmd:hierarchyLevel/gmd:MD_ScopeCode'), 'scope')),
        ],
      ],
    },
  ];
  return sections.flatMap((section) => {
    const groups = section.groups.filter((group) => group.length > 0);
    return groups.length > 0 ? [{ ...section, groups }] : [];
  });
}
