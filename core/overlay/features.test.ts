import { describe, expect, it } from 'vitest';
import { overlayFeatureCollectionSchema, toKeyedFeatures } from './features';
import { planReconcile } from './reconcile';

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
