import { z } from 'zod';
import { timestampOnlyQuerySchema, timestampParamSchema, type LocalisedText } from './common';
import { defineEndpoint } from './endpoint';
import {
  LOT_LAYER_NAME,
  LOT_TILE_MATRIX_SETS,
  LOT_TILE_MAX_LEVEL,
  LOT_TILE_SIZE,
  LOT_TILE_STYLES,
  lotTileMatrixId,
  lotTileMatrixSize,
  type LotTileMatrixSet,
} from './lots';
import { owsIssue } from './ows';
import { RELIEF_STYLES, RELIEF_TILE_MAX_ZOOM, RELIEF_TILE_MIN_ZOOM, RELIEF_TILE_SIZE, reliefTileMatrixSize, type ReliefStyle } from './terrain';

/**
 * The WMTS 1.0.0 service (OGC 07-057r7) over the tiles the portal already serves, at GeoServer's GeoWebCache
 * paths so GeoServer-aware clients find it:
 *
 *   GET /geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities      KVP capabilities
 *   GET /geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=…     KVP tile (the same bytes as the REST URL)
 *   GET /geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml                 RESTful capabilities (GeoWebCache's path)
 *   GET /geoserver/gwc/service/wmts/1.0.0/WMTSCapabilities.xml                RESTful capabilities (the standard's path)
 *
 * Layers: the lot boundaries `cite:3D_LOTGLA` (./lots.ts, grid sets EPSG:900913 and EPSG:4326) and the relief base
 * map `relief` (./terrain.ts, Web Mercator XYZ), one WMTS style per map style. Tile matrices are computed from the
 * same grid functions the tile calls validate with, so the capabilities cannot describe other tiles than are served.
 */

export const WMTS_VERSION = '1.0.0';
export const WMTS_KVP_PATH = '/geoserver/gwc/service/wmts';
export const WMTS_REST_CAPABILITIES_PATH = '/geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml';
export const WMTS_STANDARD_CAPABILITIES_PATH = `/geoserver/gwc/service/wmts/${WMTS_VERSION}/WMTSCapabilities.xml`;
/** What a GIS user pastes into QGIS or `gdalinfo WMTS:…`. */
export const WMTS_CAPABILITIES_KVP_URL = `${WMTS_KVP_PATH}?SERVICE=WMTS&REQUEST=GetCapabilities`;

/** The standardised rendering pixel of OGC scale denominators: 0.28 mm. */
export const OGC_PIXEL_SIZE_METRES = 0.00028;
/** WGS 84 semi-major axis: the sphere of Web Mercator, and the metres per degree OGC uses for geographic CRSs. */
export const WGS84_SEMI_MAJOR_AXIS_METRES = 6378137;
const EQUATOR_METRES = 2 * Math.PI * WGS84_SEMI_MAJOR_AXIS_METRES;

export const RELIEF_LAYER_NAME = 'relief';
/** The relief's Web Mercator XYZ grid is the OGC well-known GoogleMapsCompatible set (levels 0 to 18). */
export const RELIEF_TILE_MATRIX_SET = 'GoogleMapsCompatible';

export type WmtsLayerName = typeof LOT_LAYER_NAME | typeof RELIEF_LAYER_NAME;
export type WmtsTileMatrixSetName = LotTileMatrixSet | typeof RELIEF_TILE_MATRIX_SET;
export const WMTS_FORMAT = 'image/png';

export interface WmtsTileMatrix {
  identifier: string;
  level: number;
  scaleDenominator: number;
  /** In the CRS's own axis order (latitude first for EPSG:4326). */
  topLeftCorner: readonly [number, number];
  tileWidth: number;
  tileHeight: number;
  matrixWidth: number;
  matrixHeight: number;
}

export interface WmtsTileMatrixSet {
  identifier: WmtsTileMatrixSetName;
  title: string;
  supportedCrs: string;
  wellKnownScaleSet?: string;
  matrices: WmtsTileMatrix[];
}

/**
 * A Web Mercator grid whose level z spans the whole projected square (±π·a) in `columns` tiles of `tileSize`
 * pixels, top-left at (−π·a, π·a): what `matrixPixel` (server/geo/lot-tiles.ts) and the relief renderer draw.
 */
function webMercatorMatrix(identifier: string, level: number, columns: number, rows: number, tileSize: number): WmtsTileMatrix {
  const halfExtent = EQUATOR_METRES / 2;
  const metresPerPixel = EQUATOR_METRES / (columns * tileSize);
  return {
    identifier,
    level,
    scaleDenominator: metresPerPixel / OGC_PIXEL_SIZE_METRES,
    topLeftCorner: [-halfExtent, halfExtent],
    tileWidth: tileSize,
    tileHeight: tileSize,
    matrixWidth: columns,
    matrixHeight: rows,
  };
}

/** A geographic grid over 360° of longitude from (90° N, 180° W); degrees count 2πa/360 metres each. */
function geographicMatrix(identifier: string, level: number, columns: number, rows: number, tileSize: number): WmtsTileMatrix {
  const degreesPerPixel = 360 / (columns * tileSize);
  return {
    identifier,
    level,
    scaleDenominator: (degreesPerPixel * EQUATOR_METRES) / 360 / OGC_PIXEL_SIZE_METRES,
    topLeftCorner: [90, -180],
    tileWidth: tileSize,
    tileHeight: tileSize,
    matrixWidth: columns,
    matrixHeight: rows,
  };
}

function levels(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

function lotTileMatrixSet(set: LotTileMatrixSet): WmtsTileMatrixSet {
  const geographic = set === 'EPSG:4326';
  return {
    identifier: set,
    title: geographic ? 'GeoWebCache EPSG:4326 grid set (WGS 84 longitude/latitude)' : 'GeoWebCache EPSG:900913 grid set (Web Mercator)',
    // EPSG:900913 is GeoWebCache's name for Web Mercator; its registered EPSG code is 3857.
    supportedCrs: geographic ? 'urn:ogc:def:crs:EPSG::4326' : 'urn:ogc:def:crs:EPSG::3857',
    matrices: levels(0, LOT_TILE_MAX_LEVEL).map((level) => {
      const { columns, rows } = lotTileMatrixSize(set, level);
      const matrix = geographic ? geographicMatrix : webMercatorMatrix;
      return matrix(lotTileMatrixId(set, level), level, columns, rows, LOT_TILE_SIZE);
    }),
  };
}

const reliefTileMatrixSet: WmtsTileMatrixSet = {
  identifier: RELIEF_TILE_MATRIX_SET,
  title: 'Web Mercator XYZ grid (GoogleMapsCompatible)',
  supportedCrs: 'urn:ogc:def:crs:EPSG::3857',
  wellKnownScaleSet: 'urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible',
  matrices: levels(RELIEF_TILE_MIN_ZOOM, RELIEF_TILE_MAX_ZOOM).map((level) => {
    const { columns, rows } = reliefTileMatrixSize(level);
    return webMercatorMatrix(String(level), level, columns, rows, RELIEF_TILE_SIZE);
  }),
};

export const WMTS_TILE_MATRIX_SETS: readonly WmtsTileMatrixSet[] = [...LOT_TILE_MATRIX_SETS.map(lotTileMatrixSet), reliefTileMatrixSet];

export interface WmtsStyle {
  identifier: string;
  title: LocalisedText;
}

export interface WmtsLayer {
  identifier: WmtsLayerName;
  title: LocalisedText;
  abstract: string;
  styles: readonly WmtsStyle[];
  defaultStyle: string;
  tileMatrixSets: readonly WmtsTileMatrixSetName[];
  /** RESTful tile URL (path and query) with WMTS template variables: the URL the tile call serves. */
  resourceTemplate: string;
}

const RELIEF_STYLE_TITLES: Record<ReliefStyle, LocalisedText> = {
  default: { 'en-US': 'Default (shaded relief)', 'zh-HK': '預設（地勢暈渲圖）', 'zh-CN': '默认（地势晕渲图）' },
  regular: { 'en-US': 'Regular', 'zh-HK': '一般', 'zh-CN': '一般' },
  dark: { 'en-US': 'Dark', 'zh-HK': '深色', 'zh-CN': '深色' },
  grey: { 'en-US': 'Grey', 'zh-HK': '灰色', 'zh-CN': '灰色' },
};

export const WMTS_LAYERS: readonly WmtsLayer[] = [
  {
    identifier: LOT_LAYER_NAME,
    title: { 'en-US': 'Lot boundaries (sample lots)', 'zh-HK': '地段界線（樣本地段）', 'zh-CN': '地段界线（样本地段）' },
    abstract:
      'Land sale lot boundaries: transparent PNG tiles with each lot outlined and lightly filled. The lots are generated sample ' +
      'parcels, not real land records, and not a legal land survey.',
    styles: LOT_TILE_STYLES.map((identifier) => ({ identifier, title: { 'en-US': 'Outline and light fill', 'zh-HK': '界線及淺色填充', 'zh-CN': '界线及浅色填充' } })),
    defaultStyle: 'default',
    tileMatrixSets: LOT_TILE_MATRIX_SETS,
    resourceTemplate: `/geoserver/gwc/service/wmts/rest/${LOT_LAYER_NAME}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}?format=${WMTS_FORMAT}`,
  },
  {
    identifier: RELIEF_LAYER_NAME,
    title: { 'en-US': 'Hong Kong relief base map', 'zh-HK': '香港地勢底圖', 'zh-CN': '香港地势底图' },
    abstract:
      'Shaded relief from the Lands Department digital terrain model (SRTM beyond the territory), with roads, rail and building ' +
      'footprints at close zoom; one style per map style of the viewer.',
    styles: RELIEF_STYLES.map((identifier) => ({ identifier, title: RELIEF_STYLE_TITLES[identifier] })),
    defaultStyle: 'default',
    tileMatrixSets: [RELIEF_TILE_MATRIX_SET],
    resourceTemplate: '/mapviewer/api/tiles/relief/{TileMatrix}/{TileCol}/{TileRow}.png?style={Style}',
  },
];

/** A tile asked for by KVP GetTile, checked against the layer's styles, grid and matrix size. */
export interface WmtsTileRequest {
  layer: WmtsLayerName;
  style: string;
  tileMatrixSet: WmtsTileMatrixSetName;
  level: number;
  row: number;
  column: number;
}

export type WmtsKvpRequest = { request: 'GetCapabilities' } | ({ request: 'GetTile' } & WmtsTileRequest);

const WMTS_REQUESTS = ['GetCapabilities', 'GetTile'] as const;
const KVP_VALUE_MAX_LENGTH = 256;

/** A KVP parameter as GDAL and QGIS write it; allowed values, where there is a fixed list, documented as an enum. */
function kvp(description: string, values?: readonly string[]) {
  const parameter = z
    .string()
    .max(KVP_VALUE_MAX_LENGTH, { error: `must be at most ${KVP_VALUE_MAX_LENGTH} characters` })
    .optional()
    .describe(description);
  return values ? parameter.meta({ enum: [...values] }) : parameter;
}

const KVP_NAMES = ['SERVICE', 'REQUEST', 'VERSION', 'ACCEPTVERSIONS', 'LAYER', 'STYLE', 'FORMAT', 'TILEMATRIXSET', 'TILEMATRIX', 'TILEROW', 'TILECOL'] as const;
type KvpName = (typeof KVP_NAMES)[number];

/**
 * KVP query of the service. Parameter names are matched in any case (OWS Common 1.1 §11.5.2: `service=wmts`
 * works like `SERVICE=WMTS`) and parameters the service does not read are ignored, as OGC services do. Each
 * problem is an issue carrying its OWS exception code (./ows.ts), checked in the order a client fixes them.
 */
export const wmtsKvpQuerySchema = z
  .looseObject({
    SERVICE: kvp("Always 'WMTS'", ['WMTS']),
    REQUEST: kvp('The operation', WMTS_REQUESTS),
    VERSION: kvp(`Optional; ${WMTS_VERSION} when given`, [WMTS_VERSION]),
    ACCEPTVERSIONS: kvp(`GetCapabilities: comma-separated versions the client accepts; must include ${WMTS_VERSION}`),
    LAYER: kvp('GetTile: the layer', WMTS_LAYERS.map((layer) => layer.identifier)),
    STYLE: kvp("GetTile: a style of the layer (empty: the layer's default); the lots have 'default', the relief one per map style"),
    FORMAT: kvp('GetTile: the image format', [WMTS_FORMAT]),
    TILEMATRIXSET: kvp('GetTile: a tile matrix set the layer lists', WMTS_TILE_MATRIX_SETS.map((set) => set.identifier)),
    TILEMATRIX: kvp('GetTile: a tile matrix identifier of the set, e.g. EPSG:900913:12 (lots) or 12 (relief)'),
    TILEROW: kvp('GetTile: row, from 0 at the top of the matrix'),
    TILECOL: kvp('GetTile: column, from 0 at the left of the matrix'),
    timestamp: timestampParamSchema,
  })
  .transform((query, context): WmtsKvpRequest => {
    // Each name once, in any case; a name given twice (or in two spellings) is one value too many.
    const given = new Map<string, { name: string; values: unknown[] }>();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      const entry = given.get(name.toUpperCase()) ?? { name, values: [] };
      entry.values.push(...[value].flat());
      given.set(name.toUpperCase(), entry);
    }
    const optional = (name: KvpName): string | undefined | null => {
      const entry = given.get(name);
      if (!entry) return undefined;
      const [value] = entry.values;
      if (entry.values.length > 1 || typeof value !== 'string' || value.length > KVP_VALUE_MAX_LENGTH) {
        owsIssue(context, entry.name, 'InvalidParameterValue', `${name} must be given once, at most ${KVP_VALUE_MAX_LENGTH} characters`, entry.values);
        return null;
      }
      return value;
    };
    const required = (name: KvpName): string | null => {
      const value = optional(name);
      if (value === undefined || value === '') {
        owsIssue(context, name, 'MissingParameterValue', `${name} is required`, value);
        return null;
      }
      return value;
    };
    const service = required('SERVICE');
    if (service === null) return z.NEVER;
    if (service !== 'WMTS') {
      owsIssue(context, 'SERVICE', 'InvalidParameterValue', "SERVICE must be 'WMTS'", service);
      return z.NEVER;
    }
    const request = required('REQUEST');
    if (request === null) return z.NEVER;
    if (!(WMTS_REQUESTS as readonly string[]).includes(request)) {
      owsIssue(context, 'REQUEST', 'OperationNotSupported', `REQUEST must be ${WMTS_REQUESTS.join(' or ')}`, request);
      return z.NEVER;
    }
    const version = optional('VERSION');
    if (version === null) return z.NEVER;
    if (version !== undefined && version !== WMTS_VERSION) {
      owsIssue(context, 'VERSION', 'InvalidParameterValue', `VERSION must be ${WMTS_VERSION}`, version);
      return z.NEVER;
    }
    if (request === 'GetCapabilities') {
      const accepted = optional('ACCEPTVERSIONS');
      if (accepted === null) return z.NEVER;
      if (accepted !== undefined && !accepted.split(',').map((v) => v.trim()).includes(WMTS_VERSION)) {
        owsIssue(context, 'ACCEPTVERSIONS', 'VersionNegotiationFailed', `This service speaks WMTS ${WMTS_VERSION} only`, accepted);
        return z.NEVER;
      }
      return { request: 'GetCapabilities' };
    }
    const layerName = required('LAYER');
    if (layerName === null) return z.NEVER;
    const layer = WMTS_LAYERS.find((candidate) => candidate.identifier === layerName);
    if (!layer) {
      owsIssue(context, 'LAYER', 'InvalidParameterValue', `LAYER must be ${WMTS_LAYERS.map((l) => l.identifier).join(' or ')}`, layerName);
      return z.NEVER;
    }
    const styleName = optional('STYLE');
    if (styleName === null) return z.NEVER;
    if (styleName === undefined) {
      owsIssue(context, 'STYLE', 'MissingParameterValue', "STYLE is required (empty for the layer's default style)", undefined);
      return z.NEVER;
    }
    const style = styleName === '' ? layer.defaultStyle : styleName;
    if (!layer.styles.some((candidate) => candidate.identifier === style)) {
      owsIssue(context, 'STYLE', 'InvalidParameterValue', `STYLE of ${layer.identifier} must be ${layer.styles.map((s) => s.identifier).join(', ')}`, style);
      return z.NEVER;
    }
    const format = required('FORMAT');
    if (format === null) return z.NEVER;
    if (format !== WMTS_FORMAT) {
      owsIssue(context, 'FORMAT', 'InvalidParameterValue', `FORMAT must be ${WMTS_FORMAT}`, format);
      return z.NEVER;
    }
    const setName = required('TILEMATRIXSET');
    if (setName === null) return z.NEVER;
    const set = WMTS_TILE_MATRIX_SETS.find((candidate) => candidate.identifier === setName);
    if (!set || !layer.tileMatrixSets.includes(set.identifier)) {
      owsIssue(context, 'TILEMATRIXSET', 'InvalidParameterValue', `TILEMATRIXSET of ${layer.identifier} must be ${layer.tileMatrixSets.join(' or ')}`, setName);
      return z.NEVER;
    }
    const matrixName = required('TILEMATRIX');
    if (matrixName === null) return z.NEVER;
    const matrix = set.matrices.find((candidate) => candidate.identifier === matrixName);
    if (!matrix) {
      const [first, last] = [set.matrices[0], set.matrices[set.matrices.length - 1]];
      owsIssue(context, 'TILEMATRIX', 'InvalidParameterValue', `TILEMATRIX of ${set.identifier} must be one of ${first.identifier} to ${last.identifier}`, matrixName);
      return z.NEVER;
    }
    const index = (name: 'TILEROW' | 'TILECOL', size: number): number | null => {
      const value = required(name);
      if (value === null) return null;
      if (!/^\d{1,9}$/.test(value)) {
        owsIssue(context, name, 'InvalidParameterValue', `${name} must be a whole number`, value);
        return null;
      }
      if (Number(value) >= size) {
        owsIssue(context, name, 'TileOutOfRange', `${name} must be 0 to ${size - 1} at ${matrix.identifier}`, value);
        return null;
      }
      return Number(value);
    };
    const row = index('TILEROW', matrix.matrixHeight);
    if (row === null) return z.NEVER;
    const column = index('TILECOL', matrix.matrixWidth);
    if (column === null) return z.NEVER;
    return { request: 'GetTile', layer: layer.identifier, style, tileMatrixSet: set.identifier, level: matrix.level, row, column };
  });
export type WmtsKvpQuery = z.input<typeof wmtsKvpQuerySchema>;

/** Every WMTS call answers a bad request the OGC way. */
const WMTS_ERROR_RESPONSE = {
  contentType: 'application/xml',
  description:
    'An OWS 1.1 ows:ExceptionReport: exceptionCode MissingParameterValue, InvalidParameterValue, VersionNegotiationFailed or ' +
    'TileOutOfRange, with the parameter at fault as locator.',
} as const;

export const wmtsKvpEndpoint = defineEndpoint({
  id: 'getWmtsKvp',
  method: 'GET',
  path: WMTS_KVP_PATH,
  tag: 'Map tiles (WMTS)',
  summary: 'WMTS 1.0.0 by KVP: GetCapabilities, or GetTile for a PNG tile of the lot boundaries or the relief base map',
  description:
    'Open it in QGIS (Layer > Add WMS/WMTS Layer, with this address) or GDAL (`gdalinfo "WMTS:<origin>/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities"`). ' +
    'GetTile answers byte for byte the tile of the RESTful URL the capabilities list for the layer. Parameter names are matched ' +
    'in any case and parameters the service does not read are ignored, as in GeoServer.',
  query: wmtsKvpQuerySchema,
  response: {
    contentType: 'application/xml',
    description: 'GetCapabilities: the WMTS 1.0.0 capabilities document (layers, styles, tile matrix sets, tile URL templates)',
    alternatives: [{ contentType: 'image/png', description: 'GetTile: the 256 x 256 tile' }],
  },
  errorResponse: WMTS_ERROR_RESPONSE,
  otherResponses: {
    501: 'REQUEST names an operation this service does not have: an ows:ExceptionReport, OperationNotSupported (the status WMTS 1.0.0 gives it)',
    503: 'GetTile: the layer cannot be drawn on this server now (its data is missing): an ows:ExceptionReport, NoApplicableCode',
  },
  example: { query: { SERVICE: 'WMTS', REQUEST: 'GetCapabilities' } },
});

export const wmtsRestCapabilitiesEndpoint = defineEndpoint({
  id: 'getWmtsRestCapabilities',
  method: 'GET',
  path: WMTS_REST_CAPABILITIES_PATH,
  tag: 'Map tiles (WMTS)',
  summary: 'WMTS 1.0.0 capabilities, RESTful, at the GeoWebCache path',
  description: 'The same document as GetCapabilities by KVP.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/xml', description: 'The WMTS 1.0.0 capabilities document' },
  errorResponse: WMTS_ERROR_RESPONSE,
});

export const wmtsStandardCapabilitiesEndpoint = defineEndpoint({
  id: 'getWmtsCapabilities',
  method: 'GET',
  path: WMTS_STANDARD_CAPABILITIES_PATH,
  tag: 'Map tiles (WMTS)',
  summary: 'WMTS 1.0.0 capabilities, RESTful, at the path the WMTS standard gives ({service}/1.0.0/WMTSCapabilities.xml)',
  description: 'The same document as GetCapabilities by KVP.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/xml', description: 'The WMTS 1.0.0 capabilities document' },
  errorResponse: WMTS_ERROR_RESPONSE,
});
