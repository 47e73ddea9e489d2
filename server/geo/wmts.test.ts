import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { landLotCollectionSchema, OWS_EXCEPTION_STATUS, type OwsExceptionCode } from '../../core/contracts';
import { useTestServer } from '../test/server';
import { matrixPixel } from './lot-tiles';

const app = useTestServer();

/** jsdom's namespace-aware XML parser (it throws on XML that is not well-formed); the package ships no types. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (body: string, options: { contentType: string }) => { window: { document: Document } } };

const WMTS = 'http://www.opengis.net/wmts/1.0';
const OWS = 'http://www.opengis.net/ows/1.1';
const KVP_CAPABILITIES = '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities';
/** The 0.28 mm pixel and the WGS 84 equator, written out here rather than taken from the contract under test. */
const METRES_PER_PIXEL_AT_SCALE_1 = 0.28e-3;
const EQUATOR = 2 * Math.PI * 6378137;

/** Fails unless xmllint finds the document well-formed (xmllint is in libxml2-utils, installed by .ci/run). */
function expectWellFormed(xml: string): void {
  const run = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8', timeout: 30_000 });
  if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

function parseXml(xml: string): Document {
  return new JSDOM(xml, { contentType: 'application/xml' }).window.document;
}

const children = (parent: Element, namespace: string, name: string) => [...parent.children].filter((child) => child.namespaceURI === namespace && child.localName === name);
const text = (parent: Element, namespace: string, name: string) => children(parent, namespace, name)[0]?.textContent ?? '';

interface Matrix {
  identifier: string;
  scale: number;
  topLeft: [number, number];
  tileSize: [number, number];
  size: [number, number];
}

function tileMatrixSets(document: Document): Map<string, { crs: string; matrices: Matrix[] }> {
  const contents = children(document.documentElement, WMTS, 'Contents')[0];
  return new Map(
    children(contents, WMTS, 'TileMatrixSet').map((set) => [
      text(set, OWS, 'Identifier'),
      {
        crs: text(set, OWS, 'SupportedCRS'),
        matrices: children(set, WMTS, 'TileMatrix').map((matrix) => ({
          identifier: text(matrix, OWS, 'Identifier'),
          scale: Number(text(matrix, WMTS, 'ScaleDenominator')),
          topLeft: text(matrix, WMTS, 'TopLeftCorner').split(' ').map(Number) as [number, number],
          tileSize: [Number(text(matrix, WMTS, 'TileWidth')), Number(text(matrix, WMTS, 'TileHeight'))],
          size: [Number(text(matrix, WMTS, 'MatrixWidth')), Number(text(matrix, WMTS, 'MatrixHeight'))],
        })),
      },
    ]),
  );
}

async function capabilities(url = KVP_CAPABILITIES): Promise<{ xml: string; document: Document }> {
  const response = await app().inject({ url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return { xml: response.body, document: parseXml(response.body) };
}

describe('WMTS capabilities', () => {
  it('is one well-formed WMTS 1.0.0 document at the KVP address and both RESTful addresses, with absolute URLs on the origin asked', async () => {
    const { xml, document } = await capabilities();
    expectWellFormed(xml);
    expect(document.documentElement.namespaceURI).toBe(WMTS);
    expect(document.documentElement.getAttribute('version')).toBe('1.0.0');
    const sameDocument = [
      '/geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml',
      '/geoserver/gwc/service/wmts/1.0.0/WMTSCapabilities.xml',
      // Names in any case (OWS Common 1.1 §11.5.2), version negotiation, and a vendor parameter ignored.
      '/geoserver/gwc/service/wmts?service=WMTS&request=GetCapabilities&AcceptVersions=2.0.0,1.0.0&tiled=true',
    ];
    for (const url of sameDocument) expect((await capabilities(url)).xml, url).toBe(xml);
    expect(xml).toContain('template="http://localhost:80/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}?format=image/png"');
    expect(xml).toContain('template="http://localhost:80/mapviewer/api/tiles/relief/{TileMatrix}/{TileCol}/{TileRow}.png?style={Style}"');
  });

  it('lists the lot layer and the relief layer with their styles, format, tile matrix sets and the extent of their data', async () => {
    const { document } = await capabilities();
    const contents = children(document.documentElement, WMTS, 'Contents')[0];
    const layers = children(contents, WMTS, 'Layer').map((layer) => ({
      identifier: text(layer, OWS, 'Identifier'),
      styles: children(layer, WMTS, 'Style').map((style) => `${text(style, OWS, 'Identifier')}${style.getAttribute('isDefault') === 'true' ? '*' : ''}`),
      formats: children(layer, WMTS, 'Format').map((format) => format.textContent),
      sets: children(layer, WMTS, 'TileMatrixSetLink').map((link) => text(link, WMTS, 'TileMatrixSet')),
      box: ['LowerCorner', 'UpperCorner'].flatMap((corner) => text(children(layer, OWS, 'WGS84BoundingBox')[0], OWS, corner).split(' ').map(Number)),
    }));
    expect(layers.map(({ box: _box, ...layer }) => layer)).toEqual([
      { identifier: 'cite:3D_LOTGLA', styles: ['default*'], formats: ['image/png'], sets: ['EPSG:900913', 'EPSG:4326'] },
      { identifier: 'relief', styles: ['default*', 'regular', 'dark', 'grey'], formats: ['image/png'], sets: ['GoogleMapsCompatible'] },
    ]);

    // The lot layer's box is the extent of the lots themselves.
    const lots = landLotCollectionSchema.parse((await app().inject({ url: '/mapviewer/api/lots' })).json());
    const points = lots.features.flatMap((feature) => feature.geometry.coordinates[0]);
    const longitudes = points.map((point) => point[0]);
    const latitudes = points.map((point) => point[1]);
    expect(layers[0].box).toEqual([Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)]);
    // The relief's box is the DEM's extent, as relief.json says.
    const tileJson = (await app().inject({ url: '/mapviewer/api/tiles/relief.json' })).json() as { bounds: number[] };
    expect(layers[1].box).toEqual(tileJson.bounds);
  });

  it('describes the tile matrices the tiles really use (checked against published and independently computed values)', async () => {
    const sets = tileMatrixSets((await capabilities()).document);
    expect([...sets.keys()]).toEqual(['EPSG:900913', 'EPSG:4326', 'GoogleMapsCompatible']);

    // Web Mercator: OGC WMTS 1.0.0 annex E.4 (GoogleMapsCompatible) gives level 0 as 559082264.0287178 and
    // the top-left corner (-20037508.3427892, 20037508.3427892); each level halves the scale and doubles the matrix.
    for (const [name, levels] of [['EPSG:900913', 22], ['GoogleMapsCompatible', 19]] as const) {
      const set = sets.get(name)!;
      expect(set.crs).toBe('urn:ogc:def:crs:EPSG::3857');
      expect(set.matrices).toHaveLength(levels);
      set.matrices.forEach((matrix, level) => {
        expect(matrix.identifier).toBe(name === 'EPSG:900913' ? `EPSG:900913:${level}` : String(level));
        expect(matrix.scale / (559082264.0287178 / 2 ** level)).toBeCloseTo(1, 12);
        expect(matrix.topLeft[0]).toBeCloseTo(-20037508.3427892, 6);
        expect(matrix.topLeft[1]).toBeCloseTo(20037508.3427892, 6);
        expect(matrix.tileSize).toEqual([256, 256]);
        expect(matrix.size).toEqual([2 ** level, 2 ** level]);
      });
    }
    // GeoWebCache's EPSG:4326 grid set: level 0 is 2 x 1 tiles of 180°, 0.703125° a pixel, scale 279541132.0143589;
    // the corner is latitude first (90, -180), the axis order of urn:ogc:def:crs:EPSG::4326.
    const geographic = sets.get('EPSG:4326')!;
    expect(geographic.crs).toBe('urn:ogc:def:crs:EPSG::4326');
    geographic.matrices.forEach((matrix, level) => {
      expect(matrix.identifier).toBe(`EPSG:4326:${level}`);
      expect(matrix.scale / (279541132.0143589 / 2 ** level)).toBeCloseTo(1, 12);
      expect(matrix.topLeft).toEqual([90, -180]);
      expect(matrix.size).toEqual([2 ** (level + 1), 2 ** level]);
    });
  });

  it("puts a lot's corner in the tile the lot renderer draws it in, by the matrices' corner and scale", async () => {
    const sets = tileMatrixSets((await capabilities()).document);
    const lots = landLotCollectionSchema.parse((await app().inject({ url: '/mapviewer/api/lots' })).json());
    const [lon, lat] = lots.features[3].geometry.coordinates[0][0];
    const level = 17;
    // Web Mercator metres of the corner on the sphere, and degrees as they are.
    const mercator = [(lon * Math.PI * 6378137) / 180, 6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
    const cases = [
      { set: 'EPSG:900913', east: mercator[0], north: mercator[1], corner: (m: Matrix) => ({ west: m.topLeft[0], top: m.topLeft[1] }) },
      { set: 'EPSG:4326', east: lon, north: lat, corner: (m: Matrix) => ({ west: m.topLeft[1], top: m.topLeft[0] }) },
    ] as const;
    for (const { set, east, north, corner } of cases) {
      const matrix = sets.get(set)!.matrices[level];
      const unitsPerPixel = (matrix.scale * METRES_PER_PIXEL_AT_SCALE_1) / (set === 'EPSG:4326' ? EQUATOR / 360 : 1);
      const { west, top } = corner(matrix);
      const fromCapabilities = [Math.floor((east - west) / unitsPerPixel / 256), Math.floor((top - north) / unitsPerPixel / 256)];
      const [x, y] = matrixPixel(set, level, lon, lat);
      expect(fromCapabilities, set).toEqual([Math.floor(x / 256), Math.floor(y / 256)]);
    }
  });
});

describe('WMTS KVP GetTile', () => {
  const getTile = (parameters: Record<string, string>) => `/geoserver/gwc/service/wmts?${new URLSearchParams({ SERVICE: 'WMTS', REQUEST: 'GetTile', VERSION: '1.0.0', ...parameters })}`;

  it('answers the very bytes of the RESTful tile, for the lots and for each relief style', async () => {
    const lots = landLotCollectionSchema.parse((await app().inject({ url: '/mapviewer/api/lots' })).json());
    const [lon, lat] = lots.features[0].geometry.coordinates[0][0];
    const [x, y] = matrixPixel('EPSG:900913', 16, lon, lat);
    const [row, column] = [Math.floor(y / 256), Math.floor(x / 256)];
    const rest = await app().inject({ url: `/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/default/EPSG:900913/EPSG:900913:16/${row}/${column}?format=image/png` });
    const kvp = await app().inject({
      url: getTile({ LAYER: 'cite:3D_LOTGLA', STYLE: 'default', FORMAT: 'image/png', TILEMATRIXSET: 'EPSG:900913', TILEMATRIX: 'EPSG:900913:16', TILEROW: String(row), TILECOL: String(column) }),
    });
    expect(kvp.statusCode).toBe(200);
    expect(kvp.headers['content-type']).toBe('image/png');
    expect(kvp.rawPayload.equals(rest.rawPayload)).toBe(true);
    // An empty STYLE is the default style; names in any case.
    const lowerCase = await app().inject({
      url: `/geoserver/gwc/service/wmts?service=WMTS&request=GetTile&layer=cite:3D_LOTGLA&style=&format=image/png&tilematrixset=EPSG:900913&tilematrix=EPSG:900913:16&tilerow=${row}&tilecol=${column}`,
    });
    expect(lowerCase.rawPayload.equals(rest.rawPayload)).toBe(true);

    for (const style of ['default', 'dark']) {
      const reliefRest = await app().inject({ url: `/mapviewer/api/tiles/relief/11/1673/892.png?style=${style}` });
      const reliefKvp = await app().inject({ url: getTile({ LAYER: 'relief', STYLE: style, FORMAT: 'image/png', TILEMATRIXSET: 'GoogleMapsCompatible', TILEMATRIX: '11', TILEROW: '892', TILECOL: '1673' }) });
      expect(reliefKvp.statusCode).toBe(200);
      expect(reliefKvp.rawPayload.equals(reliefRest.rawPayload), style).toBe(true);
    }
  }, 60_000);
});

describe('WMTS exception reports', () => {
  const tile = { SERVICE: 'WMTS', REQUEST: 'GetTile', LAYER: 'relief', STYLE: 'dark', FORMAT: 'image/png', TILEMATRIXSET: 'GoogleMapsCompatible', TILEMATRIX: '3', TILEROW: '3', TILECOL: '6' };
  const withTile = (changes: Record<string, string | null>) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...tile, ...changes })) if (value !== null) query.set(name, value);
    return `/geoserver/gwc/service/wmts?${query}`;
  };
  const cases: Array<[string, string, OwsExceptionCode, string | undefined]> = [
    ['no SERVICE', '/geoserver/gwc/service/wmts?REQUEST=GetCapabilities', 'MissingParameterValue', 'SERVICE'],
    ['another service', '/geoserver/gwc/service/wmts?SERVICE=WMS&REQUEST=GetCapabilities', 'InvalidParameterValue', 'SERVICE'],
    ['no REQUEST', '/geoserver/gwc/service/wmts?SERVICE=WMTS', 'MissingParameterValue', 'REQUEST'],
    ['an operation the service lacks', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo', 'OperationNotSupported', 'REQUEST'],
    ['another version', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&VERSION=2.0.0', 'InvalidParameterValue', 'VERSION'],
    ['no version it speaks', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&AcceptVersions=0.9.0,2.0.0', 'VersionNegotiationFailed', 'ACCEPTVERSIONS'],
    ['a parameter given twice', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&request=GetTile', 'InvalidParameterValue', 'REQUEST'],
    ['no LAYER', withTile({ LAYER: null }), 'MissingParameterValue', 'LAYER'],
    ['an unknown layer', withTile({ LAYER: 'topp:states' }), 'InvalidParameterValue', 'LAYER'],
    ['no STYLE', withTile({ STYLE: null }), 'MissingParameterValue', 'STYLE'],
    ['a style of another layer', withTile({ STYLE: 'outline' }), 'InvalidParameterValue', 'STYLE'],
    ['another format', withTile({ FORMAT: 'image/jpeg' }), 'InvalidParameterValue', 'FORMAT'],
    ['a tile matrix set of another layer', withTile({ TILEMATRIXSET: 'EPSG:4326' }), 'InvalidParameterValue', 'TILEMATRIXSET'],
    ['a tile matrix of another set', withTile({ TILEMATRIX: 'EPSG:900913:3' }), 'InvalidParameterValue', 'TILEMATRIX'],
    ['a level beyond the set', withTile({ TILEMATRIX: '19' }), 'InvalidParameterValue', 'TILEMATRIX'],
    ['no TILEROW', withTile({ TILEROW: null }), 'MissingParameterValue', 'TILEROW'],
    ['a row that is not a number', withTile({ TILEROW: '-1' }), 'InvalidParameterValue', 'TILEROW'],
    ['a row past the matrix', withTile({ TILEROW: '8' }), 'TileOutOfRange', 'TILEROW'],
    ['a column past the matrix', withTile({ TILECOL: '8' }), 'TileOutOfRange', 'TILECOL'],
    ['an unknown parameter of the RESTful capabilities', '/geoserver/gwc/service/wmts/1.0.0/WMTSCapabilities.xml?sections=Contents', 'InvalidParameterValue', 'sections'],
  ];

  it.each(cases)('%s: an ows:ExceptionReport naming the parameter, with the status of its code', async (_case, url, code, locator) => {
    const response = await app().inject({ url });
    expect(response.statusCode, response.body).toBe(OWS_EXCEPTION_STATUS[code]);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormed(response.body);
    const report = parseXml(response.body).documentElement;
    expect([report.namespaceURI, report.localName]).toEqual([OWS, 'ExceptionReport']);
    const [exception] = children(report, OWS, 'Exception');
    expect(exception.getAttribute('exceptionCode')).toBe(code);
    expect(exception.getAttribute('locator') ?? undefined).toBe(locator);
    expect(text(exception, OWS, 'ExceptionText').length).toBeGreaterThan(10);
  });

  it('escapes what the client sent when it names it', async () => {
    const name = '<a&"b>';
    const response = await app().inject({ url: `/geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml?${encodeURIComponent(name)}=1` });
    expectWellFormed(response.body);
    expect(children(parseXml(response.body).documentElement, OWS, 'Exception')[0].getAttribute('locator')).toBe(name);
  });
});
