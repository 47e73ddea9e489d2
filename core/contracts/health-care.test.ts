import { describe, expect, it } from 'vitest';
import { AE_WAIT_BANDS, aeFeedSchema, aeWaitBand } from './index';

describe('A&E waiting-time bands', () => {
  it('puts a wait in the last band it reaches', () => {
    expect(aeWaitBand(0)).toBe(AE_WAIT_BANDS[0]);
    expect(aeWaitBand(59)).toBe(AE_WAIT_BANDS[0]);
    expect(aeWaitBand(60)).toBe(AE_WAIT_BANDS[1]);
    expect(aeWaitBand(239)).toBe(AE_WAIT_BANDS[2]);
    expect(aeWaitBand(600).name['en-US']).toBe('6 hours or more');
  });
});

describe('aeFeedSchema', () => {
  const feature = {
    type: 'Feature',
    id: 'queen-mary-hospital',
    geometry: { type: 'Point', coordinates: [114.1264732, 22.2705135] },
    properties: {
      key: 'queen-mary-hospital',
      key_EN: 'Queen Mary Hospital',
      key_TC: '瑪麗醫院',
      key_SC: '玛丽医院',
      _publish_date: '2026-01-20T04:30:00+08:00',
      triage3MedianMinutes: 33,
      triage3P95Minutes: 78,
      triage45MedianMinutes: null,
      triage45P95Minutes: 300,
      resuscitationInProgress: false,
      sample: false,
    },
  };
  const feed = { type: 'FeatureCollection', intervalClient: 900, sample: false, source: { mode: 'live', served: 'live', fallback: false, fetchedAt: '2026-01-20T04:31:00.000Z', snapshot: false }, features: [feature] };

  it('accepts a hospital without a triage IV/V median (no _value_0 then)', () => {
    expect(aeFeedSchema.safeParse(feed).success).toBe(true);
  });
  it('requires the source and rejects negative waits', () => {
    const { source: _source, ...withoutSource } = feed;
    expect(aeFeedSchema.safeParse(withoutSource).success).toBe(false);
    const negative = { ...feed, features: [{ ...feature, properties: { ...feature.properties, triage3MedianMinutes: -1 } }] };
    expect(aeFeedSchema.safeParse(negative).success).toBe(false);
  });
});
