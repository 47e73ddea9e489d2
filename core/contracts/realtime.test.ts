import { describe, expect, it } from 'vitest';
import {
  HUMIDITY_COLOUR_STOPS,
  WIND_DIRECTIONS,
  WIND_FORCE_CLASSES,
  feedSourceSchema,
  humidityColour,
  newestObservation,
  rampColour,
  windArrowBearingDegrees,
  windDirection,
  windFeedSchema,
  windForceClass,
} from './index';

describe('rampColour', () => {
  const stops = [
    { percent: 0, rgb: [0, 0, 0] as const },
    { percent: 100, rgb: [200, 100, 50] as const },
  ];
  it('interpolates, clamps and falls back to the first stop for non-numbers', () => {
    expect(rampColour(stops, (stop) => stop.percent, 50)).toBe('100,50,25');
    expect(rampColour(stops, (stop) => stop.percent, 150)).toBe('200,100,50');
    expect(rampColour(stops, (stop) => stop.percent, Number.NaN)).toBe('0,0,0');
  });
  it('colours humidity along its stops', () => {
    for (const stop of HUMIDITY_COLOUR_STOPS) expect(humidityColour(stop.percent)).toBe(stop.rgb.join(','));
  });
});

describe('wind directions', () => {
  it('points the arrow downwind for the eight compass points', () => {
    expect(windArrowBearingDegrees('North')).toBe(180);
    expect(windArrowBearingDegrees('East')).toBe(270);
    expect(windArrowBearingDegrees('Southeast')).toBe(315);
    expect(windArrowBearingDegrees('northwest')).toBe(135);
    expect(WIND_DIRECTIONS.filter((direction) => direction.fromDegrees !== null)).toHaveLength(8);
  });
  it('draws no arrow for Variable, Calm and unknown texts (SPEC §5)', () => {
    expect(windArrowBearingDegrees('Variable')).toBeNull();
    expect(windArrowBearingDegrees('Calm')).toBeNull();
    expect(windArrowBearingDegrees('N/A')).toBeNull();
    expect(windDirection('Calm')?.name['zh-HK']).toBe('無風');
  });
  it('classes speeds by HKO wind-force terms', () => {
    expect(windForceClass(0).id).toBe('light');
    expect(windForceClass(11).id).toBe('light');
    expect(windForceClass(12).id).toBe('moderate');
    expect(windForceClass(63).id).toBe('gale');
    expect(windForceClass(200).id).toBe('hurricane');
    expect(WIND_FORCE_CLASSES.map((windClass) => windClass.minKmh)).toEqual([0, 12, 31, 41, 63, 88, 118]);
  });
});

describe('feedSourceSchema', () => {
  it('accepts the three kinds of answer and rejects an unknown mode', () => {
    expect(feedSourceSchema.safeParse({ mode: 'offline', served: 'offline', fallback: false, snapshot: true }).success).toBe(true);
    expect(feedSourceSchema.safeParse({ mode: 'live', served: 'live', fallback: false, fetchedAt: '2026-08-28T10:50:00.000Z', snapshot: false }).success).toBe(true);
    expect(
      feedSourceSchema.safeParse({ mode: 'live', served: 'last-good', fallback: true, fetchedAt: '2026-08-28T18:50:00+08:00', reason: 'HKO wind: HTTP 503', snapshot: false })
        .success,
    ).toBe(true);
    expect(feedSourceSchema.safeParse({ mode: 'cached', served: 'live', fallback: false, snapshot: false }).success).toBe(false);
  });

  it('requires every answer to say whether it is the snapshot, and takes its observation time as ISO 8601 with offset', () => {
    expect(feedSourceSchema.safeParse({ mode: 'offline', served: 'offline', fallback: false }).success).toBe(false);
    expect(feedSourceSchema.safeParse({ mode: 'offline', served: 'offline', fallback: false, snapshot: true, observedAt: '2024-04-21T10:40:00+08:00' }).success).toBe(true);
    expect(feedSourceSchema.safeParse({ mode: 'offline', served: 'offline', fallback: false, snapshot: true, observedAt: '21 Apr 2024' }).success).toBe(false);
  });
});

describe('newestObservation', () => {
  it('is the newest parseable _publish_date in UTC, undefined when none parses', () => {
    const at = (value: unknown) => ({ properties: { _publish_date: value } });
    expect(newestObservation([at('2024-04-21T10:30:00+08:00'), at('2024-04-21T10:40:00+08:00'), at('?'), { properties: null }])).toBe('2024-04-21T02:40:00.000Z');
    expect(newestObservation([at('?'), at(5)])).toBeUndefined();
    expect(newestObservation([])).toBeUndefined();
  });
});

describe('windFeedSchema', () => {
  it('rejects a bearing of 360 and a missing direction field', () => {
    const properties = {
      key: 'sha-tin',
      _publish_date: '2025-09-08T00:20:00+08:00',
      windDirection: 'Variable',
      windDirection_EN: 'Variable',
      windDirection_TC: '風向不定',
      windDirection_SC: '风向不定',
      windFromDegrees: null,
      arrowBearingDegrees: null,
      meanSpeedKmh: 5,
      maxGustKmh: 14,
    };
    const feed = (props: object) => ({
      type: 'FeatureCollection',
      source: { mode: 'offline', served: 'offline', fallback: false, snapshot: true },
      features: [{ type: 'Feature', id: 'sha-tin', geometry: { type: 'Point', coordinates: [114.21, 22.4025] }, properties: props }],
    });
    expect(windFeedSchema.safeParse(feed(properties)).success).toBe(true);
    expect(windFeedSchema.safeParse(feed({ ...properties, arrowBearingDegrees: 360 })).success).toBe(false);
    const { windDirection: _direction, ...withoutDirection } = properties;
    expect(windFeedSchema.safeParse(feed(withoutDirection)).success).toBe(false);
  });
});
