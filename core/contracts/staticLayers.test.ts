import { describe, expect, it } from 'vitest';
import { timestampOnlyQuerySchema } from './common';
import { endpointRoutePath } from './endpoint';
import {
  DISSOLVED_OXYGEN_COLOURS,
  dissolvedOxygenColour,
  marineFeatureCollectionSchema,
  meetsDissolvedOxygenThreshold,
  trafficImageEndpoint,
  trafficImageParamsSchema,
  trafficImagePath,
} from './staticLayers';
import { indoorWallCollectionSchema } from './indoor';
import { localeMessageBundlesSchema } from './domain';

describe('dissolved-oxygen threshold (SPEC §9: 4 mg/L)', () => {
  it('counts 4 mg/L as meeting the threshold and colours each side', () => {
    expect(meetsDissolvedOxygenThreshold(4)).toBe(true);
    expect(meetsDissolvedOxygenThreshold(3.99)).toBe(false);
    expect(dissolvedOxygenColour(4)).toBe(DISSOLVED_OXYGEN_COLOURS.atOrAboveThreshold);
    expect(dissolvedOxygenColour(1.5)).toBe(DISSOLVED_OXYGEN_COLOURS.belowThreshold);
  });
});

describe('static layer contracts', () => {
  it('accept only the timestamp query parameter', () => {
    expect(timestampOnlyQuerySchema.safeParse({ timestamp: '1713667200000' }).success).toBe(true);
    expect(timestampOnlyQuerySchema.safeParse({}).success).toBe(true);
    expect(timestampOnlyQuerySchema.safeParse({ timestamp: '1', layer: 'x' }).success).toBe(false);
  });

  it('take camera ids as lower-case hyphenated words, the same the image path is built from', () => {
    expect(trafficImageParamsSchema.safeParse({ cameraId: 'tuen-mun-road-sham-tseng' }).success).toBe(true);
    for (const cameraId of ['', 'Tuen-Mun', 'a--b', '-a', 'a.png', 'x'.repeat(65)]) {
      expect(trafficImageParamsSchema.safeParse({ cameraId }).success, cameraId).toBe(false);
    }
    expect(trafficImagePath('tsing-ma-bridge-ma-wan-channel')).toBe('/mapviewer/api/static/tdssimg/images/tsing-ma-bridge-ma-wan-channel.png');
    expect(endpointRoutePath(trafficImageEndpoint)).toBe('/mapviewer/api/static/tdssimg/images/:cameraId.png');
  });

  it('hold a marine feed to real data and walls to LineStrings', () => {
    const feature = {
      type: 'Feature',
      id: 'TM2',
      geometry: { type: 'Point', coordinates: [114.21808, 22.4124] },
      properties: {
        key: 'TM2', key_EN: 'TM2', key_TC: 'TM2', key_SC: 'TM2', _value_0: 7.4, _value_1: '0,142,204',
        dissolvedOxygenMgL: 7.4, bod5MgL: 2.7, meetsDissolvedOxygenThreshold: true, sample: false,
        stationCode: 'TM2', waterControlZone_EN: 'Tolo Harbour and Channel', waterControlZone_TC: '吐露港及赤門', waterControlZone_SC: '吐露港及赤门',
        sampleDate: '2020-11-13', _publish_date: '2020-11-13T00:00:00+08:00', sampleDepth: 'surface', stationWaterDepthMeters: 4,
      },
    };
    expect(marineFeatureCollectionSchema.safeParse({ type: 'FeatureCollection', sample: false, features: [feature] }).success).toBe(true);
    expect(marineFeatureCollectionSchema.safeParse({ type: 'FeatureCollection', sample: true, features: [feature] }).success).toBe(false);
    const wall = { type: 'Feature', id: 'w', geometry: { type: 'Polygon', coordinates: [] }, properties: {} };
    expect(indoorWallCollectionSchema.safeParse({ type: 'FeatureCollection', sample: true, features: [wall] }).success).toBe(false);
  });

  it('key message bundles by the three locales with care team ids', () => {
    const bundle = { 'careTeam.title': 'Care Teams' };
    expect(localeMessageBundlesSchema.safeParse({ 'en-US': bundle, 'zh-HK': bundle, 'zh-CN': bundle }).success).toBe(true);
    expect(localeMessageBundlesSchema.safeParse({ 'en-US': bundle, 'zh-HK': bundle }).success).toBe(false);
    expect(localeMessageBundlesSchema.safeParse({ 'en-US': { title: 'x' }, 'zh-HK': bundle, 'zh-CN': bundle }).success).toBe(false);
  });
});
