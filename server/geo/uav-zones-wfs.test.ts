/**
 * The WFS documents as written, before any route: well-formed by xmllint, the elements in their schemas' order
 * (GDAL and QGIS read them by name, the OGC schemas fix the order), the exception report of each version, and the
 * BBOX test of a zone.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OgcException, type WfsBbox, type WfsVersion } from '../../core/contracts';
import { loadUavZones } from './uav-zones';
import { writeCapabilities, writeExceptionReport, writeFeatureCollection, writeFeatureTypeSchema, wgs84Envelope, zoneMeetsBox } from './uav-zones-wfs';
import { xmlText } from '../http/ows';

/** jsdom's XML parser (namespace-aware; it throws on XML that is not well-formed). The package ships no types. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (body: string, options: { contentType: string }) => { window: { document: Document } } };

const zones = loadUavZones(resolve(import.meta.dirname, '../../data')).zonesAt(Date.parse('2026-11-25T10:00:00+08:00'));
const BASE = 'https://gis.example.org/mapviewer/geopin/pin/wfs';
const VERSIONS: WfsVersion[] = ['2.0.0', '1.1.0', '1.0.0'];

function wellFormed(xml: string): Document {
  const lint = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (lint.error) throw new Error(`xmllint could not run (Debian package libxml2-utils): ${lint.error.message}`);
  expect(lint.status, lint.stderr).toBe(0);
  return new JSDOM(xml, { contentType: 'text/xml' }).window.document;
}

function childNames(element: Element): string[] {
  return Array.from(element.children).map((child) => `${child.prefix ? `${child.prefix}:` : ''}${child.localName}`);
}

describe('capabilities', () => {
  it("keep the top-level elements in the order of each version's schema", () => {
    const order: Record<WfsVersion, string[]> = {
      '2.0.0': ['ows:ServiceIdentification', 'ows:OperationsMetadata', 'wfs:FeatureTypeList', 'fes:Filter_Capabilities'],
      '1.1.0': ['ows:ServiceIdentification', 'ows:OperationsMetadata', 'wfs:FeatureTypeList', 'ogc:Filter_Capabilities'],
      '1.0.0': ['Service', 'Capability', 'FeatureTypeList', 'ogc:Filter_Capabilities'],
    };
    for (const version of VERSIONS) {
      const document = wellFormed(writeCapabilities(version, BASE, wgs84Envelope(zones)));
      expect(childNames(document.documentElement), version).toEqual(order[version]);
      const featureType = document.getElementsByTagNameNS(document.documentElement.namespaceURI, 'FeatureType')[0];
      const featureTypeOrder: Record<WfsVersion, string[]> = {
        '2.0.0': ['wfs:Name', 'wfs:Title', 'wfs:Abstract', 'ows:Keywords', 'wfs:DefaultCRS', 'wfs:OtherCRS', 'wfs:OutputFormats', 'ows:WGS84BoundingBox'],
        '1.1.0': ['wfs:Name', 'wfs:Title', 'wfs:Abstract', 'ows:Keywords', 'wfs:DefaultSRS', 'wfs:OtherSRS', 'wfs:OutputFormats', 'ows:WGS84BoundingBox'],
        '1.0.0': ['Name', 'Title', 'Abstract', 'Keywords', 'SRS', 'LatLongBoundingBox'],
      };
      expect(childNames(featureType), version).toEqual(featureTypeOrder[version]);
    }
  });

  it('escape the service address they repeat', () => {
    const xml = writeCapabilities('2.0.0', 'http://a"b<c>&d/wfs', wgs84Envelope(zones));
    wellFormed(xml);
    expect(xml).toContain('xlink:href="http://a&quot;b&lt;c&gt;&amp;d/wfs?"');
  });
});

describe('feature type schema and features', () => {
  it('import the GML of the version and write its features with the geometry first', () => {
    for (const version of VERSIONS) {
      wellFormed(writeFeatureTypeSchema(version));
      const xml = writeFeatureCollection({ version, crs: { epsg: 4326, xy: version === '1.0.0', name: version === '1.0.0' ? 'EPSG:4326' : 'urn:ogc:def:crs:EPSG::4326' }, zones: zones.slice(0, 2), numberMatched: zones.length, hits: false, timeStamp: '2026-11-25T02:00:00.000Z', schemaUrl: `${BASE}?a=1&b=2` });
      const document = wellFormed(xml);
      const [feature] = Array.from(document.getElementsByTagNameNS('urn:x-hk3d:geopin', 'uav_zone'));
      expect(feature.children[0].localName, version).toBe('the_geom');
      expect(document.getElementsByTagNameNS('urn:x-hk3d:geopin', 'uav_zone'), version).toHaveLength(2);
    }
  });
});

describe('exception reports', () => {
  const exception = (version: WfsVersion): OgcException => ({ code: 'InvalidParameterValue', locator: 'typeNames', text: "Unknown feature type 'a<b>&c'", version });

  it('are ows:ExceptionReport 2.0.0 (OWS 1.1) for WFS 2.0.0, with code, locator and text', () => {
    const document = wellFormed(writeExceptionReport(exception('2.0.0')));
    const root = document.documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('version')]).toEqual(['http://www.opengis.net/ows/1.1', 'ExceptionReport', '2.0.0']);
    const [item] = Array.from(root.children);
    expect([item.getAttribute('exceptionCode'), item.getAttribute('locator'), item.textContent]).toEqual(['InvalidParameterValue', 'typeNames', "Unknown feature type 'a<b>&c'"]);
  });

  it('are ows:ExceptionReport of OWS 1.0 for WFS 1.1.0', () => {
    const root = wellFormed(writeExceptionReport(exception('1.1.0'))).documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('version')]).toEqual(['http://www.opengis.net/ows', 'ExceptionReport', '1.0.0']);
    expect(root.children[0].getAttribute('exceptionCode')).toBe('InvalidParameterValue');
  });

  it('are ServiceExceptionReport for WFS 1.0.0', () => {
    const root = wellFormed(writeExceptionReport(exception('1.0.0'))).documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('version')]).toEqual(['http://www.opengis.net/ogc', 'ServiceExceptionReport', '1.2.0']);
    expect([root.children[0].localName, root.children[0].getAttribute('code'), root.children[0].getAttribute('locator')]).toEqual(['ServiceException', 'InvalidParameterValue', 'typeNames']);
  });

  it('leave the locator out where OGC says to (VersionNegotiationFailed)', () => {
    const xml = writeExceptionReport({ code: 'VersionNegotiationFailed', text: 'none', version: '2.0.0' });
    expect(wellFormed(xml).documentElement.children[0].hasAttribute('locator')).toBe(false);
  });

  it('drop characters XML cannot carry from the text they echo', () => {
    expect(xmlText('a\u0000b\u001fc')).toBe('abc');
    wellFormed(writeExceptionReport({ code: 'InvalidParameterValue', locator: 'x\u0001', text: 'bad \u0008 value', version: '2.0.0' }));
  });
});

describe('zoneMeetsBox', () => {
  const airport = zones.find((zone) => zone.properties.ZONE_ID === 'hkia-aerodrome')!;
  const box = (minX: number, minY: number, maxX: number, maxY: number): WfsBbox => ({ minX, minY, maxX, maxY, crs: { epsg: 4326, xy: true, name: 'EPSG:4326' } });

  it('is true for a box inside the zone, across its edge, or around it, and false for one beside it', () => {
    expect(zoneMeetsBox(airport, box(113.914, 22.308, 113.915, 22.309))).toBe(true);
    expect(zoneMeetsBox(airport, box(113.95, 22.30, 113.96, 22.31))).toBe(true);
    expect(zoneMeetsBox(airport, box(113.8, 22.2, 114.0, 22.4))).toBe(true);
    // The zone is a 4 km circle: the box's corner near it, but outside the circle.
    expect(zoneMeetsBox(airport, box(113.945, 22.336, 113.96, 22.35))).toBe(false);
    expect(zoneMeetsBox(airport, box(114.2, 22.2, 114.3, 22.3))).toBe(false);
  });
});
