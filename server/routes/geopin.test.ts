/**
 * GET /mapviewer/geopin/pin/wfs as a WFS: capabilities, the application schema, GML and GeoJSON features, the
 * viewer's CQL window, and the OGC exception reports. The request shapes QGIS's WFS provider sends are tested
 * here with inject (QGIS is not installed); GDAL itself reads the service in tests/clients/wfs.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  droneWindow,
  droneWindowCqlFilter,
  toHk1980,
  UAV_ZONE_NAMESPACE,
  UAV_ZONE_TYPENAME,
  uavZoneFeatureCollectionSchema,
  uavZonePropertiesSchema,
  type UavZoneFeatureCollection,
} from '../../core/contracts';
import { useTestServer } from '../test/server';

/** jsdom's XML parser (namespace-aware; it throws on XML that is not well-formed). The package ships no types. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (body: string, options: { contentType: string }) => { window: { document: Document } } };

const app = useTestServer();
const PATH = '/mapviewer/geopin/pin/wfs';

const NS = {
  wfs2: 'http://www.opengis.net/wfs/2.0',
  wfs: 'http://www.opengis.net/wfs',
  ows11: 'http://www.opengis.net/ows/1.1',
  ows10: 'http://www.opengis.net/ows',
  ogc: 'http://www.opengis.net/ogc',
  gml32: 'http://www.opengis.net/gml/3.2',
  gml: 'http://www.opengis.net/gml',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  xlink: 'http://www.w3.org/1999/xlink',
  geopin: UAV_ZONE_NAMESPACE,
};

/** Well-formed by xmllint (the libxml2 tool .ci/run installs) and parsed namespace-aware. */
function parseXml(body: string): Document {
  const lint = spawnSync('xmllint', ['--noout', '-'], { input: body, encoding: 'utf8' });
  if (lint.error) throw new Error(`xmllint could not run (Debian package libxml2-utils): ${lint.error.message}`);
  expect(lint.status, lint.stderr).toBe(0);
  return new JSDOM(body, { contentType: 'text/xml' }).window.document;
}

function all(document: Document | Element, namespace: string, localName: string): Element[] {
  return Array.from(document.getElementsByTagNameNS(namespace, localName));
}

function text(document: Document | Element, namespace: string, localName: string): string[] {
  return all(document, namespace, localName).map((element) => element.textContent ?? '');
}

async function get(query: Record<string, string>, options: Partial<InjectOptions> = {}) {
  return app().inject({ url: PATH, query, ...options });
}

async function geoJson(query: Record<string, string> = {}): Promise<UavZoneFeatureCollection> {
  const response = await get({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: UAV_ZONE_TYPENAME, outputFormat: 'application/json', ...query });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return uavZoneFeatureCollectionSchema.parse(response.json());
}

/** Every zone the feed holds now (three weeks of temporary zones), through a filter that keeps everything. */
const WHOLE_FEED = 'START_TIME >= 0';

interface ExceptionSeen {
  code: string | null;
  locator: string | null;
  text: string;
}

async function exception(query: Record<string, string>, report: 'ows11' | 'ows10' | 'ogc' = 'ows11'): Promise<ExceptionSeen> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toContain('text/xml');
  const document = parseXml(response.body);
  if (report === 'ogc') {
    expect(document.documentElement.localName).toBe('ServiceExceptionReport');
    const [element] = all(document, NS.ogc, 'ServiceException');
    return { code: element.getAttribute('code'), locator: element.getAttribute('locator'), text: element.textContent ?? '' };
  }
  const namespace = NS[report];
  expect(document.documentElement.namespaceURI).toBe(namespace);
  expect(document.documentElement.localName).toBe('ExceptionReport');
  const [element] = all(document, namespace, 'Exception');
  return { code: element.getAttribute('exceptionCode'), locator: element.getAttribute('locator'), text: text(element, namespace, 'ExceptionText')[0] };
}

describe('GetCapabilities', () => {
  it('answers 2.0.0 by default, with the feature type, its CRSs, WGS84 box, formats and operations at the address asked', async () => {
    const response = await get({ SERVICE: 'WFS', REQUEST: 'GetCapabilities' }, { headers: { host: 'gis.example.org:8443' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/xml');
    const document = parseXml(response.body);
    const root = document.documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('version')]).toEqual([NS.wfs2, 'WFS_Capabilities', '2.0.0']);
    expect(text(document, NS.ows11, 'ServiceTypeVersion')).toEqual(['2.0.0', '1.1.0', '1.0.0']);
    expect(text(document, NS.ows11, 'Abstract')[0]).toMatch(/^SAMPLE data/);
    expect(text(document, NS.ows11, 'Abstract')[0]).toContain('from now to the end of the 7th day ahead');
    const [featureType] = all(document, NS.wfs2, 'FeatureType');
    expect(text(featureType, NS.wfs2, 'Name')).toEqual([UAV_ZONE_TYPENAME]);
    expect(text(featureType, NS.wfs2, 'DefaultCRS')).toEqual(['urn:ogc:def:crs:EPSG::4326']);
    expect(text(featureType, NS.wfs2, 'OtherCRS')).toEqual(['urn:ogc:def:crs:EPSG::2326']);
    expect(text(featureType, NS.wfs2, 'Format')).toEqual(['application/gml+xml; version=3.2', 'application/json']);
    const operations = all(document, NS.ows11, 'Operation').map((operation) => operation.getAttribute('name'));
    expect(operations).toEqual(['GetCapabilities', 'DescribeFeatureType', 'GetFeature']);
    for (const get of all(document, NS.ows11, 'Get')) expect(get.getAttributeNS(NS.xlink, 'href')).toBe(`http://gis.example.org:8443${PATH}?`);
    const paging = all(document, NS.ows11, 'Constraint').find((constraint) => constraint.getAttribute('name') === 'ImplementsResultPaging');
    expect(paging && text(paging, NS.ows11, 'DefaultValue')).toEqual(['TRUE']);

    // The box is the envelope of every zone the feed holds (x/y: longitude latitude).
    const zones = await geoJson({ CQL_FILTER: WHOLE_FEED });
    const points = zones.features.flatMap((zone) => zone.geometry.coordinates.flat());
    const envelope = [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[0])), Math.max(...points.map((p) => p[1]))];
    const corners = [...text(featureType, NS.ows11, 'LowerCorner'), ...text(featureType, NS.ows11, 'UpperCorner')].flatMap((corner) => corner.split(' ').map(Number));
    expect(corners).toEqual(envelope);
    expect(envelope[0]).toBeGreaterThan(113.7);
    expect(envelope[3]).toBeLessThan(22.6);
  });

  it('answers 1.1.0 in OWS 1.0 with DefaultSRS and the GML 3.1.1 format, and the filter capabilities its schema requires', async () => {
    const document = parseXml((await get({ service: 'WFS', request: 'GetCapabilities', version: '1.1.0' })).body);
    expect([document.documentElement.namespaceURI, document.documentElement.getAttribute('version')]).toEqual([NS.wfs, '1.1.0']);
    expect(text(document, NS.wfs, 'DefaultSRS')).toEqual(['urn:ogc:def:crs:EPSG::4326']);
    expect(text(document, NS.wfs, 'OtherSRS')).toEqual(['urn:ogc:def:crs:EPSG::2326']);
    expect(text(document, NS.wfs, 'Format')).toEqual(['text/xml; subtype=gml/3.1.1', 'application/json']);
    expect(all(document, NS.ows10, 'WGS84BoundingBox')).toHaveLength(1);
    expect(all(document, NS.ogc, 'Filter_Capabilities')).toHaveLength(1);
    expect(all(document, NS.ows10, 'Get').map((element) => element.getAttributeNS(NS.xlink, 'href'))).toEqual(Array(3).fill(`http://localhost:80${PATH}?`));
  });

  it('answers 1.0.0 with SRS EPSG:4326, LatLongBoundingBox and GML2 results', async () => {
    const document = parseXml((await get({ service: 'WFS', request: 'GetCapabilities', version: '1.0.0' })).body);
    expect([document.documentElement.namespaceURI, document.documentElement.localName, document.documentElement.getAttribute('version')]).toEqual([NS.wfs, 'WFS_Capabilities', '1.0.0']);
    expect(text(document, NS.wfs, 'SRS')).toEqual(['EPSG:4326']);
    expect(text(document, NS.wfs, 'Name')).toEqual(['WFS', UAV_ZONE_TYPENAME]);
    const [box] = all(document, NS.wfs, 'LatLongBoundingBox');
    expect(Number(box.getAttribute('minx'))).toBeGreaterThan(113.7);
    expect(all(document, NS.wfs, 'GML2')).toHaveLength(1);
    expect(all(document, NS.wfs, 'Get').map((element) => element.getAttribute('onlineResource'))).toEqual(Array(3).fill(`http://localhost:80${PATH}?`));
  });

  it('negotiates the version: ACCEPTVERSIONS in order, else the highest not above VERSION, else the lowest', async () => {
    const versionOf = async (query: Record<string, string>) => parseXml((await get({ service: 'WFS', request: 'GetCapabilities', ...query })).body).documentElement.getAttribute('version');
    expect(await versionOf({ AcceptVersions: '1.1.0,2.0.0' })).toBe('1.1.0');
    expect(await versionOf({ ACCEPTVERSIONS: '3.0.0,1.0.0' })).toBe('1.0.0');
    expect(await versionOf({ VERSION: '3.0.0' })).toBe('2.0.0');
    expect(await versionOf({ version: '1.5.0' })).toBe('1.1.0');
    expect(await versionOf({ version: '0.9.0' })).toBe('1.0.0');
  });
});

describe('DescribeFeatureType', () => {
  it('gives each version a GML application schema whose elements are the GeoJSON properties and the_geom, with their types', async () => {
    const geometryTypes = { '2.0.0': 'gml:SurfacePropertyType', '1.1.0': 'gml:SurfacePropertyType', '1.0.0': 'gml:PolygonPropertyType' };
    const gmlNamespaces = { '2.0.0': NS.gml32, '1.1.0': NS.gml, '1.0.0': NS.gml };
    for (const version of ['2.0.0', '1.1.0', '1.0.0'] as const) {
      const response = await get({ service: 'WFS', version, request: 'DescribeFeatureType', typeName: UAV_ZONE_TYPENAME });
      expect(response.statusCode).toBe(200);
      const document = parseXml(response.body);
      const schema = document.documentElement;
      expect([schema.namespaceURI, schema.getAttribute('targetNamespace')]).toEqual([NS.xsd, UAV_ZONE_NAMESPACE]);
      expect(all(document, NS.xsd, 'import')[0].getAttribute('namespace')).toBe(gmlNamespaces[version]);
      const elements = all(document, NS.xsd, 'element');
      const feature = elements.find((element) => element.getAttribute('substitutionGroup'));
      expect(feature?.getAttribute('name')).toBe('uav_zone');
      const properties = Object.fromEntries(elements.filter((element) => element !== feature).map((element) => [element.getAttribute('name'), element.getAttribute('type')]));
      expect(Object.keys(properties)).toEqual(['the_geom', ...Object.keys(uavZonePropertiesSchema.shape)]);
      expect(properties).toMatchObject({ the_geom: geometryTypes[version], ZONE_ID: 'xsd:string', BUFFER_DISTANCE: 'xsd:double', START_TIME: 'xsd:long', sample: 'xsd:boolean' });
    }
  });
});

describe('GetFeature', () => {
  it('keeps the viewer working: GeoJSON in longitude/latitude, the CQL window over the feed, and the same zones without a filter', async () => {
    const feed = await geoJson({ CQL_FILTER: WHOLE_FEED });
    const { fromMs, toMs } = droneWindow(Date.now());
    const response = await get({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typename: UAV_ZONE_TYPENAME, outputFormat: 'application/json', srsname: 'EPSG:4326', CQL_FILTER: droneWindowCqlFilter(fromMs, toMs), timestamp: String(Date.now()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const windowed = uavZoneFeatureCollectionSchema.parse(response.json());
    expect(windowed.sample).toBe(true);
    expect(windowed.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::4326');
    expect(windowed.features.length).toBeGreaterThan(0);
    expect(windowed.features.length).toBeLessThan(feed.features.length);
    for (const { properties: zone } of windowed.features) {
      const startsInside = zone.START_TIME >= fromMs && zone.START_TIME <= toMs;
      const endsInside = zone.END_TIME >= fromMs && zone.END_TIME <= toMs;
      const spans = zone.START_TIME <= fromMs && zone.END_TIME >= toMs;
      expect(startsInside || endsInside || spans, zone.ZONE_ID).toBe(true);
    }
    const left = feed.features.filter((zone) => !windowed.features.some((kept) => kept.id === zone.id));
    for (const { properties: zone } of left) expect(zone.END_TIME < fromMs || zone.START_TIME > toMs, zone.ZONE_ID).toBe(true);
    // Longitude first: Hong Kong lies near 114°E, 22°N.
    expect(windowed.features[0].geometry.coordinates[0][0][0]).toBeGreaterThan(113);
    // A client without a filter (ogrinfo, QGIS) gets the same window.
    const plain = await geoJson();
    expect(plain.features.map((zone) => zone.id)).toEqual(windowed.features.map((zone) => zone.id));
  });

  it('accepts epoch milliseconds in the filter and WFS 1.1.0 with outputFormat json', async () => {
    const nowMs = Date.now();
    const response = await get({ service: 'WFS', version: '1.1.0', request: 'GetFeature', typename: UAV_ZONE_TYPENAME, outputFormat: 'json', CQL_FILTER: `START_TIME <= ${nowMs} AND END_TIME >= ${nowMs}` });
    expect(response.statusCode).toBe(200);
    const ids = uavZoneFeatureCollectionSchema.parse(response.json()).features.map((f) => f.properties.ZONE_ID);
    expect(ids).toContain('hkia-aerodrome');
  });

  it('writes GML 3.2 for 2.0.0 with latitude first for the default URN CRS, the counts and the property values of the GeoJSON', async () => {
    const zones = await geoJson();
    const response = await get({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: UAV_ZONE_TYPENAME });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/gml+xml; version=3.2');
    const document = parseXml(response.body);
    const root = document.documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('numberMatched'), root.getAttribute('numberReturned')]).toEqual([NS.wfs2, 'FeatureCollection', String(zones.features.length), String(zones.features.length)]);
    const members = all(document, NS.geopin, 'uav_zone');
    expect(members).toHaveLength(zones.features.length);
    const first = zones.features[0];
    expect(members[0].getAttributeNS(NS.gml32, 'id')).toBe(first.id);
    expect(text(members[0], NS.geopin, 'CAPTION_TC')).toEqual([first.properties.CAPTION_TC]);
    expect(text(members[0], NS.geopin, 'START_TIME')).toEqual([String(first.properties.START_TIME)]);
    const [polygon] = all(members[0], NS.gml32, 'Polygon');
    expect(polygon.getAttribute('srsName')).toBe('urn:ogc:def:crs:EPSG::4326');
    const posList = text(polygon, NS.gml32, 'posList')[0].split(' ').map(Number);
    const [longitude, latitude] = first.geometry.coordinates[0][0];
    expect(posList.slice(0, 2)).toEqual([latitude, longitude]);
    expect(posList).toHaveLength(first.geometry.coordinates[0].length * 2);
  });

  it('writes x/y for SRSNAME=EPSG:4326, and HK1980 Grid metres (northing first for the URN) for EPSG:2326', async () => {
    const [first] = (await geoJson()).features;
    const [longitude, latitude] = first.geometry.coordinates[0][0];
    const posListOf = async (srsName: string) => {
      const document = parseXml((await get({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: UAV_ZONE_TYPENAME, count: '1', srsName })).body);
      expect(all(document, NS.gml32, 'Polygon')[0].getAttribute('srsName')).toBe(srsName);
      return text(document, NS.gml32, 'posList')[0].split(' ').slice(0, 2).map(Number);
    };
    expect(await posListOf('EPSG:4326')).toEqual([longitude, latitude]);
    const [easting, northing] = toHk1980([longitude, latitude]);
    const urn = await posListOf('urn:ogc:def:crs:EPSG::2326');
    expect(urn[0]).toBeCloseTo(northing, 2);
    expect(urn[1]).toBeCloseTo(easting, 2);
    const short = await posListOf('EPSG:2326');
    expect(short[0]).toBeCloseTo(easting, 2);
    const json = await geoJson({ srsName: 'EPSG:2326', count: '1' });
    expect(json.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::2326');
    expect(json.features[0].geometry.coordinates[0][0][0]).toBeCloseTo(easting, 2);
  });

  it('writes GML 3.1.1 for 1.1.0 and GML 2 (longitude,latitude) for 1.0.0', async () => {
    const [first] = (await geoJson()).features;
    const [longitude, latitude] = first.geometry.coordinates[0][0];
    const gml3 = parseXml((await get({ service: 'WFS', version: '1.1.0', request: 'GetFeature', typeName: UAV_ZONE_TYPENAME, maxFeatures: '1' })).body);
    expect(gml3.documentElement.getAttribute('numberOfFeatures')).toBe('1');
    expect(all(gml3, NS.gml, 'featureMember')).toHaveLength(1);
    expect(text(gml3, NS.gml, 'posList')[0].split(' ').slice(0, 2).map(Number)).toEqual([latitude, longitude]);
    const gml2 = parseXml((await get({ service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: UAV_ZONE_TYPENAME, maxFeatures: '1' })).body);
    expect(all(gml2, NS.geopin, 'uav_zone')[0].getAttribute('fid')).toBe(first.id);
    expect(all(gml2, NS.gml, 'outerBoundaryIs')).toHaveLength(1);
    expect(text(gml2, NS.gml, 'coordinates')[1].split(' ')[0]).toBe(`${longitude},${latitude}`);
  });

  it('pages with COUNT and STARTINDEX, keeping numberMatched, and answers RESULTTYPE=hits with the count alone', async () => {
    const zones = await geoJson();
    const page = await geoJson({ count: '3', startIndex: '2' });
    expect(page.features.map((zone) => zone.id)).toEqual(zones.features.slice(2, 5).map((zone) => zone.id));
    expect([page.numberMatched, page.numberReturned]).toEqual([zones.features.length, 3]);
    const hits = parseXml((await get({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: UAV_ZONE_TYPENAME, resultType: 'hits' })).body);
    expect([hits.documentElement.getAttribute('numberMatched'), hits.documentElement.getAttribute('numberReturned')]).toEqual([String(zones.features.length), '0']);
    expect(all(hits, NS.wfs2, 'member')).toHaveLength(0);
    const hits11 = parseXml((await get({ service: 'WFS', version: '1.1.0', request: 'GetFeature', typeName: UAV_ZONE_TYPENAME, resultType: 'hits' })).body);
    expect(hits11.documentElement.getAttribute('numberOfFeatures')).toBe(String(zones.features.length));
  });

  it('selects by BBOX in the axis order of its CRS: around the airport, not Stanley', async () => {
    const idsIn = async (query: Record<string, string>) => (await geoJson(query)).features.map((zone) => zone.properties.ZONE_ID);
    const airport = await idsIn({ bbox: '22.30,113.90,22.32,113.93,urn:ogc:def:crs:EPSG::4326' });
    expect(airport).toContain('hkia-aerodrome');
    expect(airport).not.toContain('stanley-prison');
    expect(await idsIn({ bbox: '113.90,22.30,113.93,22.32,EPSG:4326' })).toEqual(airport);
    // Without a CRS the box is in the default CRS of the version: latitude first in 2.0.0.
    expect(await idsIn({ bbox: '22.30,113.90,22.32,113.93' })).toEqual(airport);
    const [easting, northing] = toHk1980([113.915, 22.31]);
    expect(await idsIn({ bbox: `${easting - 500},${northing - 500},${easting + 500},${northing + 500},EPSG:2326` })).toContain('hkia-aerodrome');
    // A box at sea far from every site holds nothing.
    expect(await idsIn({ bbox: '21.5,115.5,21.6,115.6' })).toEqual([]);
  });

  // The shapes of QGIS's WFS provider (src/providers/wfs: GetFeature's buildURL): paging with STARTINDEX and COUNT
  // in 2.0.0 (MAXFEATURES before), SRSNAME the DefaultCRS, BBOX in its axis order with the CRS appended except in 1.0.0.
  it("answers QGIS's request shapes (capabilities with ACCEPTVERSIONS, schema, hits, then pages in the view with SRSNAME and BBOX)", async () => {
    const capabilities = await get({ SERVICE: 'WFS', REQUEST: 'GetCapabilities', ACCEPTVERSIONS: '2.0.0,1.1.0,1.0.0' });
    expect(parseXml(capabilities.body).documentElement.getAttribute('version')).toBe('2.0.0');
    const schema = await get({ SERVICE: 'WFS', REQUEST: 'DescribeFeatureType', VERSION: '2.0.0', TYPENAMES: UAV_ZONE_TYPENAME, TYPENAME: UAV_ZONE_TYPENAME, NAMESPACES: `xmlns(geopin,${UAV_ZONE_NAMESPACE})` });
    expect(schema.statusCode).toBe(200);
    const view = '22.15,113.8,22.5,114.3,urn:ogc:def:crs:EPSG::4326';
    // QGIS names the namespace of a prefixed type (NAMESPACES) in every GetFeature, whatever the version.
    const namespaces = `xmlns(geopin,${UAV_ZONE_NAMESPACE})`;
    const base = { SERVICE: 'WFS', REQUEST: 'GetFeature', VERSION: '2.0.0', TYPENAMES: UAV_ZONE_TYPENAME, SRSNAME: 'urn:ogc:def:crs:EPSG::4326', BBOX: view, NAMESPACES: namespaces };
    const { SRSNAME: _srsName, ...hitsShape } = base;
    const hits = parseXml((await get({ ...hitsShape, RESULTTYPE: 'hits' })).body);
    const matched = Number(hits.documentElement.getAttribute('numberMatched'));
    expect(matched).toBeGreaterThan(5);
    const pages = [];
    for (let start = 0; start < matched; start += 5) {
      const page = parseXml((await get({ ...base, STARTINDEX: String(start), COUNT: '5' })).body);
      pages.push(...all(page, NS.geopin, 'uav_zone').map((zone) => zone.getAttributeNS(NS.gml32, 'id')));
    }
    expect(pages).toHaveLength(matched);
    expect(new Set(pages).size).toBe(matched);
    // WFS 1.1.0 and 1.0.0, as QGIS sends them when told to use those versions.
    const wfs11 = await get({ SERVICE: 'WFS', REQUEST: 'GetFeature', VERSION: '1.1.0', TYPENAME: UAV_ZONE_TYPENAME, MAXFEATURES: '100', SRSNAME: 'urn:ogc:def:crs:EPSG::4326', BBOX: view, NAMESPACES: namespaces });
    expect(all(parseXml(wfs11.body), NS.gml, 'featureMember')).toHaveLength(matched);
    const wfs10 = await get({ SERVICE: 'WFS', REQUEST: 'GetFeature', VERSION: '1.0.0', TYPENAME: UAV_ZONE_TYPENAME, SRSNAME: 'EPSG:4326', BBOX: '113.8,22.15,114.3,22.5', NAMESPACES: namespaces });
    expect(all(parseXml(wfs10.body), NS.gml, 'featureMember')).toHaveLength(matched);
  });

  it("reads the BBOX filter GDAL sends for a spatial filter (FILTER, FES 2.0 and Filter 1.1 / 1.0) like the BBOX parameter", async () => {
    const idsIn = async (query: Record<string, string>) => (await geoJson(query)).features.map((zone) => zone.properties.ZONE_ID);
    const airport = await idsIn({ bbox: '113.90,22.30,113.93,22.32,EPSG:4326' });
    const fes2 =
      '<Filter xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"><BBOX><ValueReference>the_geom</ValueReference>' +
      '<gml:Envelope><gml:lowerCorner>22.3000000000000007 113.9000000000000057</gml:lowerCorner><gml:upperCorner>22.3200000000000003 113.9300000000000028</gml:upperCorner></gml:Envelope></BBOX></Filter>';
    expect(await idsIn({ FILTER: fes2 })).toEqual(airport);
    const filter11 =
      '<Filter xmlns="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml"><BBOX><PropertyName>the_geom</PropertyName>' +
      '<gml:Box><gml:coordinates>22.30,113.90 22.32,113.93</gml:coordinates></gml:Box></BBOX></Filter>';
    expect(await idsIn({ version: '1.1.0', FILTER: filter11 })).toEqual(airport);
    expect(await idsIn({ version: '1.0.0', FILTER: filter11.replace('22.30,113.90 22.32,113.93', '113.90,22.30 113.93,22.32') })).toEqual(airport);
    const withCrs = fes2.replace('<gml:Envelope>', '<gml:Envelope srsName="EPSG:4326">').replace('22.3000000000000007 113.9000000000000057', '113.90 22.30').replace('22.3200000000000003 113.9300000000000028', '113.93 22.32');
    expect(await idsIn({ FILTER: withCrs })).toEqual(airport);
  });

  it('ignores parameters no operation reads (vendor parameters), as OGC KVP allows', async () => {
    const zones = await geoJson({ colour: 'red' });
    expect(zones.features.length).toBeGreaterThan(0);
  });
});

describe('exception reports', () => {
  const getFeature = { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: UAV_ZONE_TYPENAME };

  it('names an unknown operation (OperationNotSupported, the operation as locator)', async () => {
    expect(await exception({ service: 'WFS', request: 'GetMap' })).toMatchObject({ code: 'OperationNotSupported', locator: 'GetMap' });
    expect(await exception({ service: 'WFS', version: '2.0.0', request: 'Transaction' })).toMatchObject({ code: 'OperationNotSupported', locator: 'Transaction', text: expect.stringContaining('not offered') });
  });

  it('names a missing or wrong parameter (MissingParameterValue, InvalidParameterValue)', async () => {
    expect(await exception({ request: 'GetCapabilities' })).toMatchObject({ code: 'MissingParameterValue', locator: 'service' });
    expect(await exception({ service: 'WMS', request: 'GetCapabilities' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'service' });
    expect(await exception({ service: 'WFS', version: '2.0.0' })).toMatchObject({ code: 'MissingParameterValue', locator: 'request' });
    expect(await exception({ ...getFeature, typeNames: 'geopin:other' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'typeNames', text: expect.stringContaining("'geopin:other'") });
    expect(await exception({ service: 'WFS', version: '2.0.0', request: 'GetFeature' })).toMatchObject({ code: 'MissingParameterValue', locator: 'typeNames' });
    expect(await exception({ ...getFeature, version: '3.0.0' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'version' });
    expect(await exception({ ...getFeature, outputFormat: 'shape-zip' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'outputFormat' });
    expect(await exception({ ...getFeature, srsName: 'EPSG:3857' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'srsName' });
    expect(await exception({ ...getFeature, count: '-1' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'count' });
    expect(await exception({ ...getFeature, resultType: 'index' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'resultType' });
    expect(await exception({ ...getFeature, FILTER: '<fes:Filter/>' })).toMatchObject({ code: 'OptionNotSupported', locator: 'FILTER' });
    const attributeFilter = '<Filter xmlns="http://www.opengis.net/fes/2.0"><PropertyIsEqualTo><ValueReference>ZONE_ID</ValueReference><Literal>x</Literal></PropertyIsEqualTo></Filter>';
    expect(await exception({ ...getFeature, FILTER: attributeFilter })).toMatchObject({ code: 'OptionNotSupported', locator: 'FILTER' });
    expect(await exception({ ...getFeature, BBOX: '22.3,113.9,22.4,114.0', FILTER: attributeFilter })).toMatchObject({ code: 'InvalidParameterValue', locator: 'FILTER' });
    expect(await exception({ ...getFeature, RESOURCEID: 'uav_zone.hkia-aerodrome' })).toMatchObject({ code: 'OptionNotSupported', locator: 'RESOURCEID' });
  });

  it('names BBOX for a box that is not four numbers, is upside down, or names an unknown CRS', async () => {
    for (const bbox of ['1,2,3', '113.9,22.3,a,22.4', '22.4,113.9,22.3,114.0', '113.9,22.3,114.0,22.4,EPSG:3857', 'NaN,1,2,3']) {
      expect(await exception({ ...getFeature, BBOX: bbox }), bbox).toMatchObject({ code: 'InvalidParameterValue', locator: 'BBOX' });
    }
  });

  it('names CQL_FILTER with the reason and the place the filter parser stopped', async () => {
    const cases: Array<[string, RegExp]> = [
      ['1=1', /^CQL_FILTER: expected START_TIME or END_TIME/],
      ["START_TIME >= '2026-11-21T00:00:00Z'; DROP TABLE uav_zone", /^CQL_FILTER: unexpected character ';'/],
      ["CAPTION_EN LIKE '%Airport%'", /^CQL_FILTER: unsupported attribute 'CAPTION_EN'/],
      ['START_TIME > 1 OR '.repeat(700) + 'START_TIME > 1', /^CQL_FILTER must be at most 2000 characters/],
      ['('.repeat(1000), /^CQL_FILTER: parentheses are nested deeper than 8 levels/],
    ];
    for (const [filter, message] of cases) {
      const seen = await exception({ ...getFeature, outputFormat: 'application/json', CQL_FILTER: filter });
      expect(seen, filter.slice(0, 40)).toMatchObject({ code: 'InvalidParameterValue', locator: 'CQL_FILTER' });
      expect(seen.text).toMatch(message);
    }
  });

  it('fails version negotiation without a locator, and names a parameter given twice', async () => {
    const negotiation = await exception({ service: 'WFS', request: 'GetCapabilities', acceptVersions: '3.0.0,4.0.0' });
    expect(negotiation).toMatchObject({ code: 'VersionNegotiationFailed', locator: null });
    expect(negotiation.text).toContain('2.0.0');
    const response = await app().inject({ url: `${PATH}?service=WFS&request=GetCapabilities&REQUEST=GetCapabilities` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/exceptionCode="InvalidParameterValue" locator="REQUEST"/);
  });

  it('answers in the format of the version asked: OWS 1.0 for 1.1.0, ServiceExceptionReport for 1.0.0', async () => {
    expect(await exception({ ...getFeature, version: '1.1.0', typeName: 'nope' }, 'ows10')).toMatchObject({ code: 'InvalidParameterValue', locator: 'typeName' });
    expect(await exception({ service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: 'nope' }, 'ogc')).toMatchObject({ code: 'InvalidParameterValue', locator: 'typeName' });
    expect(await exception({ service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: UAV_ZONE_TYPENAME, srsName: 'EPSG:2326' }, 'ogc')).toMatchObject({ locator: 'srsName' });
  });
});
