import { describe, expect, it } from 'vitest';
import {
  TEMPERATURE_COLOUR_STOPS,
  analyticsBatchRequestSchema,
  placeSearchQuerySchema,
  realtimeFeatureCollectionSchema,
  temperatureColour,
} from './index';

describe('temperatureColour', () => {
  it('returns the stop colours at the stops and clamps outside the ramp', () => {
    for (const stop of TEMPERATURE_COLOUR_STOPS) expect(temperatureColour(stop.celsius)).toBe(stop.rgb.join(','));
    expect(temperatureColour(-10)).toBe(TEMPERATURE_COLOUR_STOPS[0].rgb.join(','));
    expect(temperatureColour(50)).toBe(TEMPERATURE_COLOUR_STOPS.at(-1)!.rgb.join(','));
    expect(temperatureColour(Number.NaN)).toMatch(/^\d+,\d+,\d+$/);
  });

  it('interpolates between stops', () => {
    expect(temperatureColour(12.5)).toBe('93,145,195');
  });
});

describe('placeSearchQuerySchema', () => {
  it('applies defaults and coerces limit', () => {
    expect(placeSearchQuerySchema.parse({ q: ' sha ', limit: '5' })).toEqual({ q: 'sha', lang: 'en-US', limit: 5 });
  });
  it('rejects one character with the portal message', () => {
    const result = placeSearchQuerySchema.safeParse({ q: 's' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Please input at least 2 English characters');
  });
});

describe('analyticsBatchRequestSchema', () => {
  it('accepts feature::action names and ISO or epoch times', () => {
    const ok = analyticsBatchRequestSchema.safeParse({
      events: [
        { name: 'temperature::on', at: '2024-04-21T10:40:00+08:00' },
        { name: 'catalogue::download::obj', id: '11-NW-19D', at: 1713667200000 },
      ],
    });
    expect(ok.success).toBe(true);
  });
  it('rejects bad names, extra length and too many events', () => {
    expect(analyticsBatchRequestSchema.safeParse({ events: [{ name: 'a b', at: 1 }] }).success).toBe(false);
    expect(analyticsBatchRequestSchema.safeParse({ events: [{ name: 'a::', at: 1 }] }).success).toBe(false);
    expect(analyticsBatchRequestSchema.safeParse({ events: [{ name: 'a', content: 'x'.repeat(501), at: 1 }] }).success).toBe(false);
    expect(analyticsBatchRequestSchema.safeParse({ events: Array.from({ length: 101 }, () => ({ name: 'a', at: 1 })) }).success).toBe(false);
  });
});

describe('realtimeFeatureCollectionSchema', () => {
  it('keeps per-layer properties', () => {
    const parsed = realtimeFeatureCollectionSchema.parse({
      type: 'FeatureCollection',
      intervalClient: 120,
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [114.17, 22.3] }, properties: { key: 'hko', extra: 1 } }],
    });
    expect(parsed.features[0].properties.extra).toBe(1);
  });
});
