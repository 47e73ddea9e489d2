/**
 * The key-value-pair (KVP) requests of the drone-zone WFS, read the way OGC asks (WFS 1.0.0, 1.1.0 and 2.0.0):
 * parameter names in any case, version negotiation for GetCapabilities, and every problem reported as an OGC
 * exception (code, locator, text) rather than thrown. Pure and isomorphic: the contract's query schema runs it,
 * so "the schema accepts it" and "the service answers 200" stay the same thing, and the server only renders.
 */
import { CQL_FILTER_MAX_LENGTH, parseCqlTimeFilter, type CqlTimeFilter } from './cql';

/** Versions this service answers, lowest first (the order version negotiation walks). */
export const WFS_VERSIONS = ['1.0.0', '1.1.0', '2.0.0'] as const;
export type WfsVersion = (typeof WFS_VERSIONS)[number];
export const WFS_LATEST_VERSION: WfsVersion = '2.0.0';

/** The operations this service implements. */
export const WFS_OPERATIONS = ['GetCapabilities', 'DescribeFeatureType', 'GetFeature'] as const;
export type WfsOperation = (typeof WFS_OPERATIONS)[number];

/** The one feature type: its prefixed name, local name and namespace (a URN: stable whatever host serves it). */
export const UAV_ZONE_TYPENAME = 'geopin:uav_zone';
export const UAV_ZONE_LOCAL_NAME = 'uav_zone';
export const UAV_ZONE_PREFIX = 'geopin';
export const UAV_ZONE_NAMESPACE = 'urn:x-hk3d:geopin';

/** OGC exception codes this service reports (OWS Common table "Standard exception codes"). */
export type OgcExceptionCode = 'OperationNotSupported' | 'MissingParameterValue' | 'InvalidParameterValue' | 'VersionNegotiationFailed' | 'OptionNotSupported';

export interface OgcException {
  code: OgcExceptionCode;
  /** The parameter (or, for OperationNotSupported, the operation) at fault; absent where OGC says to omit it. */
  locator?: string;
  text: string;
  /** The version whose exception format answers: ServiceExceptionReport for 1.0.0, ows:ExceptionReport otherwise. */
  version: WfsVersion;
}

/** GeoJSON output: GeoServer's two names for it. */
export const WFS_JSON_OUTPUT_FORMATS = ['application/json', 'json'] as const;

/** GML output of each version: the name listed in the capabilities first, then the aliases clients send. */
export const WFS_GML_OUTPUT_FORMATS: Record<WfsVersion, readonly string[]> = {
  '1.0.0': ['GML2', 'text/xml; subtype=gml/2.1.2'],
  '1.1.0': ['text/xml; subtype=gml/3.1.1', 'GML3'],
  '2.0.0': ['application/gml+xml; version=3.2', 'text/xml; subtype=gml/3.2', 'GML32'],
};

/** DescribeFeatureType's schema language of each version. */
export const WFS_SCHEMA_OUTPUT_FORMATS: Record<WfsVersion, readonly string[]> = {
  '1.0.0': ['XMLSCHEMA', 'text/xml; subtype=gml/2.1.2'],
  '1.1.0': ['text/xml; subtype=gml/3.1.1'],
  '2.0.0': ['application/gml+xml; version=3.2', 'text/xml; subtype=gml/3.2'],
};

/** The CRSs served: WGS84 and the Hong Kong 1980 Grid (reprojected with proj4, see ./hk1980). */
export const WFS_CRS_CODES = [4326, 2326] as const;
export type WfsCrsCode = (typeof WFS_CRS_CODES)[number];

/**
 * A CRS as the request names it. `xy`: coordinates are written longitude/latitude (easting/northing); false:
 * in the EPSG axis order, latitude/longitude for 4326 and northing/easting for 2326. The short `EPSG:n` and the
 * `http://www.opengis.net/gml/srs/epsg.xml#n` forms mean x/y, the URN and `http://www.opengis.net/def/crs/` forms
 * mean EPSG order (the convention GeoServer, GDAL and QGIS share), and WFS 1.0.0 is x/y whatever the form.
 */
export interface WfsCrs {
  epsg: WfsCrsCode;
  xy: boolean;
  /** The name written back in the answer (srsName), as the request gave it. */
  name: string;
}

export function urnOfCrs(epsg: WfsCrsCode): string {
  return `urn:ogc:def:crs:EPSG::${epsg}`;
}

/** The CRS a version answers in when the request names none: the DefaultCRS / DefaultSRS of its capabilities. */
export function defaultCrs(version: WfsVersion): WfsCrs {
  return version === '1.0.0' ? { epsg: 4326, xy: true, name: 'EPSG:4326' } : { epsg: 4326, xy: false, name: urnOfCrs(4326) };
}

const CRS_FORMS: ReadonlyArray<{ pattern: RegExp; xy: boolean }> = [
  { pattern: /^EPSG:(\d+)$/i, xy: true },
  { pattern: /^http:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i, xy: true },
  { pattern: /^urn:(?:x-)?ogc:def:crs:EPSG:(?:[\d.]*):(\d+)$/i, xy: false },
  { pattern: /^urn:x-ogc:def:crs:EPSG:(\d+)$/i, xy: false },
  { pattern: /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/(\d+)$/i, xy: false },
];
const CRS84 = /^(?:urn:ogc:def:crs:OGC:1\.3:CRS84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i;

/** Reads a CRS name; null when it is not one of the served CRSs in a form this service knows. */
export function parseCrsName(name: string, version: WfsVersion): WfsCrs | null {
  const trimmed = name.trim();
  if (CRS84.test(trimmed)) return { epsg: 4326, xy: true, name: trimmed };
  for (const form of CRS_FORMS) {
    const match = form.pattern.exec(trimmed);
    if (!match) continue;
    const epsg = Number(match[1]);
    if (!(WFS_CRS_CODES as readonly number[]).includes(epsg)) return null;
    // WFS 1.0.0 lists EPSG:4326 only (one SRS per feature type).
    if (version === '1.0.0' && epsg !== 4326) return null;
    return { epsg: epsg as WfsCrsCode, xy: version === '1.0.0' || form.xy, name: trimmed };
  }
  return null;
}

export type WfsFeatureFormat = 'json' | 'gml';

/** A bounding box in x/y order (longitude/latitude or easting/northing) of its CRS. */
export interface WfsBbox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  crs: WfsCrs;
}

export type WfsRequest =
  | { request: 'GetCapabilities'; version: WfsVersion }
  | { request: 'DescribeFeatureType'; version: WfsVersion }
  | {
      request: 'GetFeature';
      version: WfsVersion;
      outputFormat: WfsFeatureFormat;
      crs: WfsCrs;
      bbox?: WfsBbox;
      /** Most features to return (COUNT, or MAXFEATURES before 2.0.0); absent: all. */
      count?: number;
      startIndex: number;
      resultType: 'results' | 'hits';
      /** Absent: the default drone window (see the endpoint description). */
      cqlFilter?: CqlTimeFilter;
    };

export type WfsParseResult = { ok: true; request: WfsRequest } | { ok: false; exception: OgcException };

/**
 * The parameters of the operations offered, checked for repeats and length; any other name is a vendor parameter
 * and ignored, as OGC KVP allows. Some are accepted and not acted on: SECTIONS and ACCEPTFORMATS (the whole
 * capabilities document, text/xml, is always sent), UPDATESEQUENCE, NAMESPACE(S) (one namespace, one type).
 */
const KNOWN_PARAMETERS = [
  'service',
  'version',
  'acceptversions',
  'acceptformats',
  'sections',
  'updatesequence',
  'request',
  'typenames',
  'typename',
  'outputformat',
  'srsname',
  'bbox',
  'count',
  'maxfeatures',
  'startindex',
  'resulttype',
  'cql_filter',
  'filter',
  'namespaces',
  'namespace',
  'timestamp',
] as const;
type KnownParameter = (typeof KNOWN_PARAMETERS)[number];

/**
 * WFS parameters this service does not implement: rather than ignore them (and answer something the client did
 * not ask for), the request is turned away with OptionNotSupported naming the parameter.
 */
const UNSUPPORTED_OPTIONS = ['resourceid', 'featureid', 'storedquery_id', 'propertyname', 'sortby', 'filter_language', 'resolve', 'lockid', 'expiry'];

/** Operations of WFS that this service does not implement (OperationNotSupported, not an unknown request). */
const OTHER_WFS_OPERATIONS = ['GetPropertyValue', 'GetFeatureWithLock', 'LockFeature', 'Transaction', 'ListStoredQueries', 'DescribeStoredQueries', 'CreateStoredQuery', 'DropStoredQuery', 'GetGmlObject'];

/** Longest value accepted for any parameter but CQL_FILTER and FILTER (whose limit is larger). */
const MAX_VALUE_LENGTH = 256;
/** Longest FILTER: GDAL's BBOX filter is about 400 characters. */
const FILTER_MAX_LENGTH = 2000;
const TIMESTAMP_MAX_LENGTH = 64;
const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

type RawQuery = Readonly<Record<string, unknown>>;

class WfsException extends Error {
  constructor(readonly exception: OgcException) {
    super(exception.text);
  }
}

function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/** Lower-cased names to their single value; a name given twice (in any case) is reported, never guessed. */
function readParameters(raw: RawQuery): { values: Map<KnownParameter, { name: string; value: string }>; duplicate?: string } {
  const values = new Map<KnownParameter, { name: string; value: string }>();
  for (const [name, value] of Object.entries(raw)) {
    const key = name.toLowerCase() as KnownParameter;
    if (!(KNOWN_PARAMETERS as readonly string[]).includes(key) && !UNSUPPORTED_OPTIONS.includes(key)) continue;
    if (values.has(key) || Array.isArray(value)) return { values, duplicate: name };
    values.set(key, { name, value: typeof value === 'string' ? value : String(value) });
  }
  return { values };
}

/**
 * The version whose exception format answers a request, chosen before (or without) parsing it: the VERSION
 * asked for when this service has it, else the first supported ACCEPTVERSIONS entry, else the latest.
 */
export function exceptionReportVersion(raw: RawQuery): WfsVersion {
  let accepted: WfsVersion | undefined;
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string') continue;
    const key = name.toLowerCase();
    if (key === 'version' && (WFS_VERSIONS as readonly string[]).includes(value)) return value as WfsVersion;
    if (key === 'acceptversions') accepted ??= value.split(',').map((v) => v.trim()).find((v): v is WfsVersion => (WFS_VERSIONS as readonly string[]).includes(v));
  }
  return accepted ?? WFS_LATEST_VERSION;
}

/** OGC version negotiation (OWS Common 7.3.2) for GetCapabilities. */
function negotiateVersion(parameters: Map<KnownParameter, { name: string; value: string }>, fail: Fail): WfsVersion {
  const acceptVersions = parameters.get('acceptversions');
  if (acceptVersions) {
    const listed = acceptVersions.value.split(',').map((v) => v.trim());
    const chosen = listed.find((v): v is WfsVersion => (WFS_VERSIONS as readonly string[]).includes(v));
    if (chosen) return chosen;
    return fail('VersionNegotiationFailed', undefined, `None of the versions ${listed.join(', ')} is supported; this service supports ${WFS_VERSIONS.join(', ')}`);
  }
  const version = parameters.get('version');
  if (!version) return WFS_LATEST_VERSION;
  if (!VERSION_PATTERN.test(version.value)) return fail('InvalidParameterValue', version.name, `${version.name} '${version.value}' is not a version number x.y.z`);
  // The highest supported version not above the one asked for; below all of them, the lowest.
  const lower = WFS_VERSIONS.filter((v) => compareVersions(v, version.value) <= 0);
  return lower.at(-1) ?? WFS_VERSIONS[0];
}

type Fail = (code: OgcExceptionCode, locator: string | undefined, text: string) => never;

function sameFormat(a: string, b: string): boolean {
  // A '+' sent unencoded arrives as a space ("application/gml xml"); spacing around ';' varies between clients.
  const normalise = (format: string) => format.toLowerCase().replace(/[\s+]/g, '');
  return normalise(a) === normalise(b);
}

function nonNegativeInteger(parameter: { name: string; value: string } | undefined, fail: Fail): number | undefined {
  if (!parameter) return undefined;
  if (!/^\d{1,9}$/.test(parameter.value.trim())) return fail('InvalidParameterValue', parameter.name, `${parameter.name} must be a whole number from 0, not '${parameter.value}'`);
  return Number(parameter.value.trim());
}

function checkTypeNames(parameter: { name: string; value: string } | undefined, fail: Fail): void {
  if (!parameter) return;
  // WFS 2.0 allows parentheses around joined type names; this service has one type and no joins.
  const names = parameter.value.split(',').map((name) => name.trim().replace(/^\((.*)\)$/, '$1'));
  for (const name of names) {
    if (name !== UAV_ZONE_TYPENAME && name !== UAV_ZONE_LOCAL_NAME) {
      fail('InvalidParameterValue', parameter.name, `Unknown feature type '${name}': this service has one, '${UAV_ZONE_TYPENAME}'`);
    }
  }
}

function parseBbox(parameter: { name: string; value: string }, version: WfsVersion, fail: Fail): WfsBbox {
  const parts = parameter.value.split(',');
  const usage = `${parameter.name} must be minx,miny,maxx,maxy with an optional CRS name after them`;
  if (parts.length !== 4 && parts.length !== 5) fail('InvalidParameterValue', parameter.name, usage);
  const numbers = parts.slice(0, 4).map((part) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(part) ? Number(part) : Number.NaN));
  if (numbers.some((n) => !Number.isFinite(n))) fail('InvalidParameterValue', parameter.name, usage);
  const crs = parts.length === 5 ? parseCrsName(parts[4], version) : defaultCrs(version);
  if (!crs) return fail('InvalidParameterValue', parameter.name, `${parameter.name}: unsupported CRS '${parts[4]}'; use ${supportedCrsList(version)}`);
  // The corners come in the CRS's axis order; kept here as x/y.
  const [a, b, c, d] = numbers;
  const box = crs.xy ? { minX: a, minY: b, maxX: c, maxY: d } : { minX: b, minY: a, maxX: d, maxY: c };
  if (box.minX > box.maxX || box.minY > box.maxY) fail('InvalidParameterValue', parameter.name, `${parameter.name}: the lower corner must not be above or right of the upper corner`);
  return { ...box, crs };
}

/**
 * FILTER holding one BBOX operator, the filter GDAL sends for a spatial filter (`ogrinfo -spat`): Filter Encoding
 * 2.0 (`fes:BBOX` with a `gml:Envelope`) or 1.1 / 1.0 (`ogc:BBOX` with a `gml:Envelope` or `gml:Box`), on the_geom
 * or no property. Read with a strict pattern after dropping namespace prefixes and declarations, like CQL_FILTER:
 * any other filter is OptionNotSupported. The corners are in the axis order of the envelope's srsName (default:
 * the version's default CRS), as for the BBOX parameter.
 */
function parseBboxFilter(parameter: { name: string; value: string }, version: WfsVersion, fail: Fail): WfsBbox {
  const unsupported = () => fail('OptionNotSupported', parameter.name, `${parameter.name}: only a filter of one BBOX on the_geom is supported (time filtering: CQL_FILTER)`);
  const compact = parameter.value
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/>\s+</g, '><')
    .replace(/<(\/?)[A-Za-z_][\w.-]*:/g, '<$1')
    .replace(/\s+xmlns(:[\w.-]+)?\s*=\s*("[^"]*"|'[^']*')/g, '')
    .trim();
  const match = /^<Filter>(?:<BBOX>)(?:<(ValueReference|PropertyName)>\s*(?:[\w.-]+:)?([\w.-]+)\s*<\/\1>)?<(Envelope|Box)(?:\s+srsName\s*=\s*"([^"]*)")?\s*>(.*)<\/\3><\/BBOX><\/Filter>$/.exec(compact);
  if (!match) return unsupported();
  const [, , property, , srsName, corners] = match;
  if (property !== undefined && property !== 'the_geom') return unsupported();
  const envelope = /^<lowerCorner>([^<]*)<\/lowerCorner><upperCorner>([^<]*)<\/upperCorner>$/.exec(corners);
  const box = /^<coordinates[^>]*>([^<]*)<\/coordinates>$/.exec(corners);
  const numbers = envelope ? `${envelope[1]} ${envelope[2]}`.trim().split(/\s+/) : box ? box[1].trim().split(/[\s,]+/) : [];
  if (numbers.length !== 4) return unsupported();
  return parseBbox({ name: parameter.name, value: [...numbers, ...(srsName ? [srsName] : [])].join(',') }, version, fail);
}

function supportedCrsList(version: WfsVersion): string {
  return version === '1.0.0' ? 'EPSG:4326' : WFS_CRS_CODES.map((code) => `EPSG:${code} or ${urnOfCrs(code)}`).join(', ');
}

/** Reads a WFS KVP request (names in any case); every problem comes back as an OGC exception. */
export function parseWfsRequest(raw: RawQuery): WfsParseResult {
  let reportVersion = exceptionReportVersion(raw);
  const fail: Fail = (code, locator, text) => {
    throw new WfsException({ code, ...(locator ? { locator } : {}), text, version: reportVersion });
  };
  try {
    const { values: parameters, duplicate } = readParameters(raw);
    if (duplicate) fail('InvalidParameterValue', duplicate, `${duplicate} is given more than once`);
    for (const { name, value } of parameters.values()) {
      const key = name.toLowerCase();
      const limit = key === 'cql_filter' ? CQL_FILTER_MAX_LENGTH : key === 'filter' ? FILTER_MAX_LENGTH : key === 'timestamp' ? TIMESTAMP_MAX_LENGTH : MAX_VALUE_LENGTH;
      if (value.length > limit) fail('InvalidParameterValue', name, `${name} must be at most ${limit} characters`);
    }
    const service = parameters.get('service');
    if (!service) fail('MissingParameterValue', 'service', 'service is required (SERVICE=WFS)');
    else if (service.value !== 'WFS') fail('InvalidParameterValue', service.name, `${service.name} must be 'WFS', not '${service.value}'`);
    const request = parameters.get('request');
    if (!request) return fail('MissingParameterValue', 'request', `request is required: one of ${WFS_OPERATIONS.join(', ')}`);
    if (!(WFS_OPERATIONS as readonly string[]).includes(request.value)) {
      const known = OTHER_WFS_OPERATIONS.includes(request.value) ? 'is not offered by this service' : 'is not a WFS operation';
      fail('OperationNotSupported', request.value, `'${request.value}' ${known}; this service answers ${WFS_OPERATIONS.join(', ')}`);
    }
    const operation = request.value as WfsOperation;

    if (operation === 'GetCapabilities') {
      const version = negotiateVersion(parameters, fail);
      return { ok: true, request: { request: operation, version } };
    }

    // Every other operation names its version; a missing one means the latest, as the viewer has always relied on.
    const versionParameter = parameters.get('version');
    if (versionParameter && !(WFS_VERSIONS as readonly string[]).includes(versionParameter.value)) {
      fail('InvalidParameterValue', versionParameter.name, `${versionParameter.name} '${versionParameter.value}' is not supported; use one of ${WFS_VERSIONS.join(', ')}`);
    }
    const version = (versionParameter?.value ?? WFS_LATEST_VERSION) as WfsVersion;
    reportVersion = version;
    for (const name of UNSUPPORTED_OPTIONS) {
      const unsupported = parameters.get(name as KnownParameter);
      if (unsupported) fail('OptionNotSupported', unsupported.name, `${unsupported.name} is not supported by this service (time filtering: CQL_FILTER; area: BBOX)`);
    }
    const typeNames = parameters.get('typenames') ?? parameters.get('typename');
    checkTypeNames(parameters.get('typenames'), fail);
    checkTypeNames(parameters.get('typename'), fail);
    const outputFormat = parameters.get('outputformat');

    if (operation === 'DescribeFeatureType') {
      if (outputFormat && !WFS_SCHEMA_OUTPUT_FORMATS[version].some((format) => sameFormat(format, outputFormat.value))) {
        fail('InvalidParameterValue', outputFormat.name, `${outputFormat.name} '${outputFormat.value}' is not offered for WFS ${version}; use ${WFS_SCHEMA_OUTPUT_FORMATS[version][0]}`);
      }
      return { ok: true, request: { request: operation, version } };
    }

    if (!typeNames) fail('MissingParameterValue', version === '2.0.0' ? 'typeNames' : 'typeName', `${version === '2.0.0' ? 'typeNames' : 'typeName'} is required: '${UAV_ZONE_TYPENAME}'`);
    let format: WfsFeatureFormat = 'gml';
    if (outputFormat) {
      if (WFS_JSON_OUTPUT_FORMATS.some((name) => sameFormat(name, outputFormat.value))) format = 'json';
      else if (!WFS_GML_OUTPUT_FORMATS[version].some((name) => sameFormat(name, outputFormat.value))) {
        fail('InvalidParameterValue', outputFormat.name, `${outputFormat.name} '${outputFormat.value}' is not offered for WFS ${version}; use ${[...WFS_GML_OUTPUT_FORMATS[version].slice(0, 1), 'application/json'].join(' or ')}`);
      }
    }
    const srsName = parameters.get('srsname');
    const crs = srsName ? parseCrsName(srsName.value, version) : defaultCrs(version);
    if (!crs) return fail('InvalidParameterValue', srsName?.name, `${srsName?.name} '${srsName?.value}' is not served; use ${supportedCrsList(version)}`);
    const bboxParameter = parameters.get('bbox');
    const filterParameter = parameters.get('filter');
    // WFS KVP makes BBOX and FILTER mutually exclusive (a client puts its box in one or the other).
    if (bboxParameter && filterParameter) fail('InvalidParameterValue', filterParameter.name, `${filterParameter.name} and ${bboxParameter.name} cannot be combined`);
    const bbox = bboxParameter ? parseBbox(bboxParameter, version, fail) : filterParameter ? parseBboxFilter(filterParameter, version, fail) : undefined;
    const counts = [nonNegativeInteger(parameters.get('count'), fail), nonNegativeInteger(parameters.get('maxfeatures'), fail)].filter((n) => n !== undefined);
    const startIndex = nonNegativeInteger(parameters.get('startindex'), fail) ?? 0;
    const resultTypeParameter = version === '1.0.0' ? undefined : parameters.get('resulttype');
    const resultType = resultTypeParameter?.value.toLowerCase() ?? 'results';
    if (resultType !== 'results' && resultType !== 'hits') fail('InvalidParameterValue', resultTypeParameter?.name, `${resultTypeParameter?.name} must be 'results' or 'hits'`);
    const cql = parameters.get('cql_filter');
    let cqlFilter: CqlTimeFilter | undefined;
    if (cql) {
      const parsed = parseCqlTimeFilter(cql.value);
      if (!parsed.ok) fail('InvalidParameterValue', cql.name, `${cql.name}: ${parsed.message}`);
      else cqlFilter = parsed.filter;
    }
    return {
      ok: true,
      request: {
        request: operation,
        version,
        outputFormat: format,
        crs,
        ...(bbox ? { bbox } : {}),
        ...(counts.length > 0 ? { count: Math.min(...counts) } : {}),
        startIndex,
        resultType: resultType as 'results' | 'hits',
        ...(cqlFilter ? { cqlFilter } : {}),
      },
    };
  } catch (error) {
    if (error instanceof WfsException) return { ok: false, exception: error.exception };
    throw error;
  }
}
