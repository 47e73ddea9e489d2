import { describe, expect, it } from 'vitest';
import { latestPublishDate, overlayFeatureCollectionSchema, toKeyedFeatures } from './features';
import { planReconcile } from './reconcile';
import { square } from './testing/geometry';

const feed = (value: number) =>
  overlayFeatureCollectionSchema.parse({
    type: 'FeatureCollection',
    intervalClient: 120,
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.17, 22.3] }, properties: { key: 'HKO', _value_0: value, _value_1: 'bad' } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.12, 22.41, 957] }, properties: { key: 'TMS', _value_0: 18 } },
      { type: 'Feature', geometry: null, properties: {} },
    ],
  });

describe('toKeyedFeatures', () => {
  it('keys features by layer, position and kind, and keeps odd colours for the drawer to turn red', () => {
    const features = toKeyedFeatures('temperature', feed(27.6));
    expect(features.map((f) => f.id)).toEqual(['temperature|||114.17|||22.3|||Point', 'temperature|||114.12|||22.41|||Point']);
    expect(features[0].value.properties._value_1).toBe('bad');
  });
  it("keeps a point's altitude (GeoJSON z) only where the feed gives one", () => {
    const [observatory, taiMoShan] = toKeyedFeatures('temperature', feed(27.6));
    expect(observatory.value.altitude).toBeUndefined();
    expect(taiMoShan.value.altitude).toBe(957);
  });
  it('a refresh with one changed reading updates only that station', () => {
    const first = toKeyedFeatures('temperature', feed(27.6));
    const drawn = new Map(first.map((f) => [f.id, f.signature]));
    const plan = planReconcile(drawn, toKeyedFeatures('temperature', feed(28.1)));
    expect(plan.added).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.updated.map((f) => f.value.properties.key)).toEqual(['HKO']);
    expect(plan.unchanged).toBe(1);
  });
});

describe('toKeyedFeatures for lines and polygons', () => {
  const shapes = overlayFeatureCollectionSchema.parse({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(114, 22, 1), square(114.2, 22.2, 0.1)] }, properties: { n: 1 } },
      { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[square(110, 20, 0.1)], [square(112, 20, 2)]] }, properties: {} },
      { type: 'Feature', geometry: { type: 'LineString', coordinates: [[1, 1], [2, 2], [3, 3]] }, properties: {} },
    ],
  });

  it('keeps the whole geometry, keyed and anchored by its label point', () => {
    const [polygon, multi, line] = toKeyedFeatures('census', shapes);
    expect(polygon.id).toBe('census|||114.5|||22.5|||Polygon');
    expect(polygon.value.shape).toEqual({ type: 'polygons', polygons: [[square(114, 22, 1), square(114.2, 22.2, 0.1)]] });
    expect([polygon.value.longitude, polygon.value.latitude]).toEqual([114.5, 22.5]);
    // The label sits in the largest of the polygons.
    expect(multi.id).toBe(`census|||${multi.value.longitude}|||${multi.value.latitude}|||MultiPolygon`);
    expect(multi.value.longitude).toBeCloseTo(113, 9);
    expect(multi.value.latitude).toBeCloseTo(21, 9);
    expect(line.value.shape).toEqual({ type: 'lines', lines: [[[1, 1], [2, 2], [3, 3]]] });
    expect([line.value.longitude, line.value.latitude]).toEqual([2, 2]);
  });

  it('boundaries that start at the same shared vertex keep separate ids', () => {
    const neighbours = overlayFeatureCollectionSchema.parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(114, 22, 1)] }, properties: {} },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[114, 22], [114, 23], [113, 23], [113, 22], [114, 22]]] }, properties: {} },
      ],
    });
    expect(new Set(toKeyedFeatures('census', neighbours).map((f) => f.id)).size).toBe(2);
  });

  it('a boundary whose hole changes (same label point) is an update, one with new properties too', () => {
    const before = toKeyedFeatures('census', shapes);
    const changed = structuredClone(shapes);
    (changed.features[0].geometry as { coordinates: number[][][] }).coordinates[1] = square(114.3, 22.3, 0.1);
    changed.features[2].properties = { name: 'renamed' };
    const plan = planReconcile(new Map(before.map((f) => [f.id, f.signature])), toKeyedFeatures('census', changed));
    expect(plan.updated.map((f) => f.id)).toEqual(['census|||114.5|||22.5|||Polygon', 'census|||2|||2|||LineString']);
    expect(plan.unchanged).toBe(1);
    expect(plan.added).toEqual([]);
  });
});

describe('latestPublishDate', () => {
  it('is the newest parseable _publish_date, or null', () => {
    const withDates = overlayFeatureCollectionSchema.parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: null, properties: { _publish_date: '2026-11-21T10:00:00+08:00' } },
        { type: 'Feature', geometry: null, properties: { _publish_date: '2026-11-21T10:20:00+08:00' } },
        { type: 'Feature', geometry: null, properties: { _publish_date: 'soon' } },
      ],
    });
    expect(latestPublishDate(withDates)).toBe(Date.parse('2026-11-21T02:20:00Z'));
    expect(latestPublishDate({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { _publish_date: 'x' } }] })).toBeNull();
  });
});
