import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { droneWindow, matchesCqlTimeFilter, parseCqlTimeFilter, UAV_HEIGHT_BANDS, uavZoneFeatureSchema } from '../../core/contracts';
import { loadUavZones, UAV_SAMPLE_EPOCH_MS } from './uav-zones';
import { mulberry32 } from '../data/seededRandom';

const dataDir = resolve(import.meta.dirname, '../../data');
const zones = loadUavZones(dataDir);

describe('sample drone zones', () => {
  it('are valid features, marked sample, with heights in the SPEC bands and ordered times', () => {
    const features = zones.zonesAt(Date.parse('2026-11-21T10:00:00+08:00'));
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) {
      uavZoneFeatureSchema.parse(feature);
      const { properties } = feature;
      expect(properties.sample).toBe(true);
      expect(properties.HIGHEST_FLYING_HEIGHT).toBeLessThanOrEqual(UAV_HEIGHT_BANDS.at(-1)!.maxFeet);
      expect(properties.CREATED).toBeLessThanOrEqual(properties.START_TIME);
      expect(properties.START_TIME).toBeLessThan(properties.END_TIME);
      const ring = feature.geometry.coordinates[0];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(properties.CAPTION_TC).toMatch(/\p{Script=Han}/u);
    }
    const bands = new Set(features.map((f) => UAV_HEIGHT_BANDS.findIndex((band) => f.properties.HIGHEST_FLYING_HEIGHT <= band.maxFeet)));
    expect(bands.size).toBe(4);
  });

  it('are the same for the same moment (deterministic)', () => {
    const now = Date.parse('2026-03-04T05:06:07Z');
    expect(zones.zonesAt(now)).toEqual(zones.zonesAt(now));
  });

  it('always hold temporary zones in the viewer window, and always some that the window leaves out', () => {
    const random = mulberry32(20261121);
    for (let trial = 0; trial < 300; trial += 1) {
      const now = UAV_SAMPLE_EPOCH_MS + Math.floor(random() * 5 * 365 * 86_400_000);
      const { fromMs, toMs } = droneWindow(now);
      const parsed = parseCqlTimeFilter(`(START_TIME >= ${fromMs} AND START_TIME <= ${toMs}) OR (END_TIME >= ${fromMs} AND END_TIME <= ${toMs}) OR (START_TIME <= ${fromMs} AND END_TIME >= ${toMs})`);
      if (!parsed.ok) throw new Error(parsed.message);
      const all = zones.zonesAt(now);
      const inWindow = all.filter((zone) => matchesCqlTimeFilter(parsed.filter, zone.properties));
      const temporary = inWindow.filter((zone) => zone.properties.END_TIME - zone.properties.START_TIME < 86_400_000);
      expect(temporary.length, new Date(now).toISOString()).toBeGreaterThanOrEqual(3);
      expect(inWindow.length).toBeLessThan(all.length);
    }
  });
});
