import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { riverFeatureCollectionSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { getDemSampler } from '../terrain/dem';
import { buildRiverFeed, loadRiverStations, sampleRiverReadings } from './river';

const dataDir = join(ROOT_DIR, 'data');

describe('river layer (sample)', () => {
  const { seed, stations } = loadRiverStations(dataDir);
  const feed = riverFeatureCollectionSchema.parse(buildRiverFeed(seed, stations));

  it('marks every station sample and names the real rivers in three languages', () => {
    expect(feed.sample).toBe(true);
    expect(feed.features.length).toBeGreaterThanOrEqual(15);
    for (const feature of feed.features) {
      expect(feature.properties.sample).toBe(true);
      expect(feature.properties.river_TC).toMatch(/\p{Script=Han}/u);
      expect(feature.properties.river_SC).toMatch(/\p{Script=Han}/u);
    }
    const rivers = new Set(feed.features.map((feature) => feature.properties.river_EN));
    for (const river of ['Shing Mun River', 'Lam Tsuen River', 'Tuen Mun River', 'Kam Tin River', 'Yuen Long Creek', 'River Indus', 'Tai Po River']) {
      expect(rivers).toContain(river);
    }
  });

  it('generates the same readings for the same seed and other readings for another seed', () => {
    expect(buildRiverFeed(seed, stations)).toEqual(feed);
    expect(sampleRiverReadings(seed, stations[0].id)).toEqual(sampleRiverReadings(seed, stations[0].id));
    const other = buildRiverFeed(`${seed}-other`, stations);
    expect(other.features.map((f) => f.properties.dissolvedOxygenMgL)).not.toEqual(feed.features.map((f) => f.properties.dissolvedOxygenMgL));
  });

  it('gives plausible readings on both sides of the 4 mg/L threshold', () => {
    for (const { properties } of feed.features) {
      expect(properties.dissolvedOxygenMgL).toBeGreaterThanOrEqual(2.5);
      expect(properties.dissolvedOxygenMgL).toBeLessThanOrEqual(10);
      expect(properties.bod5MgL).toBeGreaterThan(0);
      expect(properties.bod5MgL).toBeLessThanOrEqual(10);
      expect(properties.meetsDissolvedOxygenThreshold).toBe(properties.dissolvedOxygenMgL >= 4);
    }
    const meets = feed.features.map((feature) => feature.properties.meetsDissolvedOxygenThreshold);
    expect(meets).toContain(true);
    expect(meets).toContain(false);
  });

  it('places every station on land inside Hong Kong (DEM height above sea level)', () => {
    const dem = getDemSampler(dataDir);
    for (const feature of feed.features) {
      const [longitude, latitude] = feature.geometry.coordinates;
      expect(dem.insideHk(longitude, latitude), feature.id).toBe(true);
      expect(dem.heightAt(longitude, latitude) ?? 0, feature.id).toBeGreaterThan(0.5);
    }
  });
});
