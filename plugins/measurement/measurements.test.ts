import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { measurementsToCsv, measurementsToGeoJson } from './exports';
import { geodesicDirect } from '../../core/contracts/geodesy';
import { figureNumber, type Measurement, measurementResult } from './measurements';

const value = (measurement: Measurement, quantity: string) => measurementResult(measurement).figures.find((figure) => figure.quantity === quantity)?.value;
const terrain = (longitude: number, latitude: number, heightMeters = 0) => ({ longitude, latitude, heightMeters, surface: 'terrain' as const });

/**
 * The HK 1980 Grid origin, published by LandsD (Explanatory Notes on Geodetic Datums in Hong Kong; EPSG:2326):
 * 22°18′43.68″N 114°10′42.80″E on the HK80 datum is 836 694.05 E, 819 069.80 N. Its WGS84 position is computed
 * here independently of the grid: the HK80 geographic coordinates through proj4's datum shift alone (EPSG 1825
 * seven-parameter transformation, no Transverse Mercator), so the tool's grid figures are checked against the
 * published numbers, not against the same proj4 call the tool makes.
 */
const HK80_GEOGRAPHIC = '+proj=longlat +ellps=intl +towgs84=-162.619,-276.959,-161.764,0.067753,-2.243649,-1.158827,-1.094246 +no_defs';
const ORIGIN_HK80 = [114 + 10 / 60 + 42.8 / 3600, 22 + 18 / 60 + 43.68 / 3600];

describe('measurement figures', () => {
  it('the coordinates tool gives the published HK 1980 Grid figures of the grid origin to the centimetre', () => {
    const [longitude, latitude] = proj4(HK80_GEOGRAPHIC, 'EPSG:4326', ORIGIN_HK80);
    // LandsD's rule of thumb: WGS84 is about 5.5″ south and 8.8″ east of HK80 here.
    expect((ORIGIN_HK80[1] - latitude) * 3600).toBeCloseTo(5.5, 0);
    expect((longitude - ORIGIN_HK80[0]) * 3600).toBeCloseTo(8.8, 0);
    const point: Measurement = { id: 1, tool: 'coordinates', points: [terrain(longitude, latitude, 4.2)] };
    expect(Math.abs(value(point, 'easting')! - 836_694.05)).toBeLessThan(0.01);
    expect(Math.abs(value(point, 'northing')! - 819_069.8)).toBeLessThan(0.01);
    expect(value(point, 'longitude')).toBe(longitude);
    expect(value(point, 'height')).toBe(4.2);
  });

  it('the coordinates tool agrees with a published proj4 sample away from the origin (832 699 E, 836 055 N)', () => {
    // SOURCES.md item 10: the sample of gist debuggingfuture/b63fbdf5… gives (114.14219797, 22.46398394).
    const point: Measurement = { id: 1, tool: 'coordinates', points: [terrain(114.14219797, 22.46398394)] };
    // 1e-8° is about 1 mm: the sample's rounding.
    expect(Math.abs(value(point, 'easting')! - 832_699)).toBeLessThan(0.01);
    expect(Math.abs(value(point, 'northing')! - 836_055)).toBeLessThan(0.01);
  });

  it('gives a distance per segment, the total in m and km, and asks for more points until there are two', () => {
    const a = terrain(114.1617, 22.2867);
    const b = { ...terrain(0, 0), ...geodesicDirect(a, 90, 600) };
    const c = { ...terrain(0, 0), ...geodesicDirect(b, 0, 800) };
    expect(measurementResult({ id: 1, tool: 'distance', points: [a] })).toMatchObject({ complete: false, figures: [] });
    const line: Measurement = { id: 1, tool: 'distance', points: [a, b, c] };
    expect(value(line, 'segment-1')).toBeCloseTo(600, 6);
    expect(value(line, 'segment-2')).toBeCloseTo(800, 6);
    expect(value(line, 'total')).toBeCloseTo(1400, 6);
    expect(value(line, 'total-km')).toBeCloseTo(1.4, 9);
  });

  it('gives an area in m², ha and km² with its perimeter, and no area for a ring whose edges cross', () => {
    // A 500 m square (geodesic sides along the meridian and the east-west azimuth).
    const a = terrain(114.17, 22.3);
    const b = { ...a, ...geodesicDirect(a, 90, 500) };
    const c = { ...a, ...geodesicDirect(b, 0, 500) };
    const d = { ...a, ...geodesicDirect(a, 0, 500) };
    const square: Measurement = { id: 2, tool: 'area', points: [a, b, c, d] };
    expect(value(square, 'area')! / 250_000).toBeCloseTo(1, 4);
    expect(value(square, 'area-ha')).toBeCloseTo(value(square, 'area')! / 10_000, 9);
    expect(value(square, 'area-km2')).toBeCloseTo(value(square, 'area')! / 1_000_000, 12);
    expect(value(square, 'perimeter')).toBeCloseTo(2000, 0);
    const bowTie = measurementResult({ id: 3, tool: 'area', points: [a, c, b, d] });
    expect(bowTie.problem).toBe('measurement.problem.edgesCross');
    expect(bowTie.figures.map((figure) => figure.quantity)).toEqual(['perimeter', 'perimeter-km']);
  });

  it('says what the points lie on, and that a vertical slope has no gradient', () => {
    const roof = { longitude: 114.1616, latitude: 22.2793, heightMeters: 310, surface: 'model' as const };
    const mixed = measurementResult({ id: 4, tool: 'height', points: [roof, terrain(114.1616, 22.2793, 20)] });
    expect(mixed.surface).toBe('mixed');
    expect(mixed.figures.find((figure) => figure.quantity === 'difference')?.value).toBe(-290);
    const vertical = measurementResult({ id: 5, tool: 'slope', points: [roof, { ...roof, heightMeters: 20 }] });
    expect(vertical.problem).toBe('measurement.problem.noHorizontalRun');
    expect(vertical.figures.find((figure) => figure.quantity === 'angle')?.value).toBe(-90);
    expect(vertical.figures.some((figure) => figure.quantity === 'gradient')).toBe(false);
  });

  it('writes figures to the centimetre with a dot, never "-0.00"', () => {
    expect(figureNumber({ quantity: 'x', label: 'l', value: 1234.5678, unit: 'm' })).toBe('1234.57');
    expect(figureNumber({ quantity: 'x', label: 'l', value: -0.001, unit: 'm' })).toBe('0.00');
    expect(figureNumber({ quantity: 'x', label: 'l', value: 114.16170001, unit: 'degree' })).toBe('114.1617000');
  });
});

describe('exports', () => {
  const line: Measurement = { id: 1, tool: 'distance', points: [terrain(114.1617, 22.2867, 1.5), terrain(114.1686, 22.2937, 2)] };
  const area: Measurement = {
    id: 2,
    tool: 'area',
    points: [terrain(114.16, 22.28), terrain(114.17, 22.28), { longitude: 114.17, latitude: 22.29, heightMeters: 90, surface: 'model' }],
  };

  it('GeoJSON: one feature per measurement, a LineString or a closed Polygon with heights, and its figures', () => {
    const collection = JSON.parse(measurementsToGeoJson([line, area]));
    expect(collection.type).toBe('FeatureCollection');
    const [lineFeature, areaFeature] = collection.features;
    expect(lineFeature.geometry).toEqual({ type: 'LineString', coordinates: [[114.1617, 22.2867, 1.5], [114.1686, 22.2937, 2]] });
    expect(lineFeature.properties).toMatchObject({ measurement: 1, tool: 'distance', surface: 'terrain' });
    expect(lineFeature.properties.figures).toContainEqual({ quantity: 'total', value: Number(figureNumber(measurementResult(line).figures.find((f) => f.quantity === 'total')!)), unit: 'm' });
    expect(areaFeature.geometry.type).toBe('Polygon');
    expect(areaFeature.geometry.coordinates[0]).toHaveLength(4);
    expect(areaFeature.geometry.coordinates[0][3]).toEqual(areaFeature.geometry.coordinates[0][0]);
    expect(areaFeature.properties.surface).toBe('mixed');
    expect(areaFeature.properties.surfaces).toEqual(['terrain', 'terrain', 'model']);
  });

  it('CSV: a header, a row per figure and per point coordinate, CRLF line ends', () => {
    const csv = measurementsToCsv([line]);
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('measurement,tool,surface,quantity,value,unit');
    expect(rows).toContain(`1,distance,terrain,total,${figureNumber(measurementResult(line).figures.find((f) => f.quantity === 'total')!)},m`);
    expect(rows).toContain('1,distance,terrain,point-2-latitude,22.2937000,degree');
    expect(rows).toContain('1,distance,terrain,point-1-height,1.50,m');
    // Header + 3 figures (segment 1, total, total in km) + 2 points × 3 coordinates, and the final line end.
    expect(rows).toHaveLength(1 + 3 + 6 + 1);
    expect(rows.at(-1)).toBe('');
  });
});
