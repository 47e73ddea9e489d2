import { describe, expect, it } from 'vitest';
import { exceptionReportVersion, parseCrsName, parseWfsRequest, type OgcException, type WfsRequest } from './wfs';

const getFeature = { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: 'geopin:uav_zone' };

function parsed(query: Record<string, unknown>): WfsRequest {
  const result = parseWfsRequest(query);
  if (!result.ok) throw new Error(`${result.exception.code} ${result.exception.locator}: ${result.exception.text}`);
  return result.request;
}

function refused(query: Record<string, unknown>): OgcException {
  const result = parseWfsRequest(query);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(query)}`);
  return result.exception;
}

function feature(query: Record<string, unknown>) {
  const request = parsed({ ...getFeature, ...query });
  if (request.request !== 'GetFeature') throw new Error(request.request);
  return request;
}

describe('parseCrsName', () => {
  it('reads x/y from the short and the gml/srs forms, EPSG order from the URN and def/crs forms, x/y for anything in 1.0.0', () => {
    expect(parseCrsName('EPSG:4326', '2.0.0')).toMatchObject({ epsg: 4326, xy: true });
    expect(parseCrsName('http://www.opengis.net/gml/srs/epsg.xml#4326', '1.1.0')).toMatchObject({ epsg: 4326, xy: true });
    expect(parseCrsName('urn:ogc:def:crs:EPSG::4326', '2.0.0')).toMatchObject({ epsg: 4326, xy: false });
    expect(parseCrsName('urn:x-ogc:def:crs:EPSG:4326', '1.1.0')).toMatchObject({ epsg: 4326, xy: false });
    expect(parseCrsName('urn:ogc:def:crs:EPSG:6.6:2326', '2.0.0')).toMatchObject({ epsg: 2326, xy: false });
    expect(parseCrsName('http://www.opengis.net/def/crs/EPSG/0/2326', '2.0.0')).toMatchObject({ epsg: 2326, xy: false });
    expect(parseCrsName('urn:ogc:def:crs:OGC:1.3:CRS84', '2.0.0')).toMatchObject({ epsg: 4326, xy: true });
    expect(parseCrsName('urn:ogc:def:crs:EPSG::4326', '1.0.0')).toMatchObject({ epsg: 4326, xy: true });
  });

  it('refuses CRSs not served, and EPSG:2326 in 1.0.0 (one SRS per feature type there)', () => {
    expect(parseCrsName('EPSG:3857', '2.0.0')).toBeNull();
    expect(parseCrsName('EPSG:2326', '1.0.0')).toBeNull();
    expect(parseCrsName('CRS:84x', '2.0.0')).toBeNull();
  });
});

describe('parseWfsRequest', () => {
  it('matches parameter names in any case and ignores vendor parameters', () => {
    expect(parsed({ SeRvIcE: 'WFS', REQUEST: 'GetCapabilities', foo: 'bar' })).toEqual({ request: 'GetCapabilities', version: '2.0.0' });
    expect(feature({ COUNT: '5', StartIndex: '2', timestamp: '1' })).toMatchObject({ count: 5, startIndex: 2, resultType: 'results', outputFormat: 'gml' });
  });

  it('defaults GetFeature to the GML and the default CRS of its version', () => {
    expect(feature({})).toMatchObject({ outputFormat: 'gml', crs: { epsg: 4326, xy: false, name: 'urn:ogc:def:crs:EPSG::4326' } });
    expect(feature({ version: '1.0.0' })).toMatchObject({ crs: { epsg: 4326, xy: true, name: 'EPSG:4326' } });
    // The viewer's request has no version at times: the latest.
    const { version: _version, ...withoutVersion } = getFeature;
    expect(parsed(withoutVersion).version).toBe('2.0.0');
  });

  it('matches output formats whatever the spacing, and an unencoded + that arrived as a space', () => {
    expect(feature({ outputFormat: 'application/gml xml; version=3.2' }).outputFormat).toBe('gml');
    expect(feature({ version: '1.1.0', outputFormat: 'text/xml;subtype=gml/3.1.1' }).outputFormat).toBe('gml');
    expect(feature({ outputFormat: 'JSON' }).outputFormat).toBe('json');
    expect(refused({ ...getFeature, outputFormat: 'GML2' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'outputFormat' });
  });

  it('keeps BBOX corners as x/y whatever order the CRS writes them in', () => {
    const box = { minX: 113.9, minY: 22.3, maxX: 114, maxY: 22.4 };
    expect(feature({ bbox: '22.3,113.9,22.4,114' }).bbox).toMatchObject(box);
    expect(feature({ bbox: '113.9,22.3,114,22.4,EPSG:4326' }).bbox).toMatchObject(box);
    expect(feature({ version: '1.0.0', bbox: '113.9,22.3,114,22.4' }).bbox).toMatchObject(box);
    expect(feature({ bbox: '819000,836000,820000,837000,urn:ogc:def:crs:EPSG::2326' }).bbox).toMatchObject({ minX: 836000, minY: 819000, crs: { epsg: 2326 } });
  });

  it('takes the smaller of COUNT and MAXFEATURES, and reads RESULTTYPE only where the version has it', () => {
    expect(feature({ count: '7', maxFeatures: '3' }).count).toBe(3);
    expect(feature({ resultType: 'HITS' }).resultType).toBe('hits');
    expect(feature({ version: '1.0.0', resultType: 'hits' }).resultType).toBe('results');
  });

  it('reports each problem as the OGC exception of the version asked for', () => {
    expect(refused({ ...getFeature, version: '1.0.0', typeName: 'x' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'typeName', version: '1.0.0' });
    expect(refused({ ...getFeature, version: '1.1.0', COUNT: 'ten' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'COUNT', version: '1.1.0' });
    expect(refused({ service: 'WFS', request: 'GetPropertyValue', version: '1.1.0' })).toMatchObject({ code: 'OperationNotSupported', locator: 'GetPropertyValue', version: '1.1.0' });
    expect(refused({ service: 'WFS', request: 'GetCapabilities', acceptversions: '9.9.9' })).toEqual({ code: 'VersionNegotiationFailed', text: expect.stringContaining('9.9.9'), version: '2.0.0' });
    expect(refused({ service: 'WFS', request: 'GetCapabilities', version: 'two' })).toMatchObject({ code: 'InvalidParameterValue', locator: 'version' });
    expect(refused({ ...getFeature, typeNames: undefined, TYPENAMES: 'geopin:uav_zone', typenames: 'geopin:uav_zone' })).toMatchObject({ code: 'InvalidParameterValue', text: expect.stringContaining('more than once') });
    expect(refused({ ...getFeature, timestamp: 'x'.repeat(65) })).toMatchObject({ code: 'InvalidParameterValue', locator: 'timestamp' });
  });

  it('accepts only a FILTER of one BBOX on the_geom, never with BBOX', () => {
    const filter = (inner: string) => `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2">${inner}</fes:Filter>`;
    const envelope = '<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>22.3 113.9</gml:lowerCorner><gml:upperCorner>22.4 114</gml:upperCorner></gml:Envelope>';
    expect(feature({ FILTER: filter(`<fes:BBOX>\n  <fes:ValueReference>geopin:the_geom</fes:ValueReference>${envelope}</fes:BBOX>`) }).bbox).toMatchObject({ minX: 113.9, maxY: 22.4 });
    expect(refused({ ...getFeature, FILTER: filter(`<fes:BBOX><fes:ValueReference>CAPTION_EN</fes:ValueReference>${envelope}</fes:BBOX>`) })).toMatchObject({ code: 'OptionNotSupported', locator: 'FILTER' });
    expect(refused({ ...getFeature, FILTER: filter(`<fes:Not><fes:BBOX>${envelope}</fes:BBOX></fes:Not>`) })).toMatchObject({ code: 'OptionNotSupported' });
    expect(refused({ ...getFeature, FILTER: filter(`<fes:BBOX>${envelope.replace('22.4 114', '22.2 114')}</fes:BBOX>`) })).toMatchObject({ code: 'InvalidParameterValue', locator: 'FILTER' });
  });
});

describe('exceptionReportVersion', () => {
  it('is the version asked for when served, else the first served ACCEPTVERSIONS entry, else 2.0.0', () => {
    expect(exceptionReportVersion({ VERSION: '1.0.0' })).toBe('1.0.0');
    expect(exceptionReportVersion({ version: '3.0.0', acceptVersions: '4.0.0, 1.1.0' })).toBe('1.1.0');
    expect(exceptionReportVersion({ version: ['1.0.0', '1.1.0'] })).toBe('2.0.0');
  });
});
