import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indoorPolygonCollectionSchema, indoorWallCollectionSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { generateIndoorModel, indoorGeneratorParametersSchema, loadIndoorGeneratorParameters } from './indoorGenerator';
import { bearingDegrees, metresPerDegree } from './localFrame';
import { loadMtrStations } from './mtrStations';

const dataDir = join(ROOT_DIR, 'data');
const stations = loadMtrStations(dataDir);
const parameters = loadIndoorGeneratorParameters(dataDir);
const model = generateIndoorModel(stations, parameters);

/** Length of a ring edge in metres. */
function edgeMetres(a: readonly number[], b: readonly number[]): number {
  const scale = metresPerDegree((a[1] + b[1]) / 2);
  return Math.hypot((b[0] - a[0]) * scale.longitude, (b[1] - a[1]) * scale.latitude);
}

describe('indoor generator (sample)', () => {
  it('is deterministic: the same seed gives the same plans, another seed other plans', () => {
    expect(generateIndoorModel(stations, parameters)).toEqual(model);
    const reseeded = generateIndoorModel(stations, { ...parameters, seed: `${parameters.seed}-other` });
    expect(reseeded.polygons).not.toEqual(model.polygons);
    expect(reseeded.polygons.features.length).toBe(model.polygons.features.length);
  });

  it('gives one station the same plan whatever other stations are generated with it', () => {
    const alone = generateIndoorModel(stations.filter((station) => station.code === 'KOT'), parameters);
    expect(alone.polygons.features).toEqual(model.polygons.features.filter((feature) => feature.properties.Venue_ID === 'MTR-KOT'));
  });

  it('matches the contract, marks everything sample, and keeps ids unique', () => {
    const polygons = indoorPolygonCollectionSchema.parse(model.polygons);
    const walls = indoorWallCollectionSchema.parse(model.walls);
    expect(polygons.sample && walls.sample).toBe(true);
    const lineStations = stations.reduce((sum, station) => sum + station.lines.length, 0);
    // Per station: concourse and paid area; per line: platform and two trackways.
    expect(polygons.features).toHaveLength(stations.length * 2 + lineStations * 3);
    // Per station: the concourse wall; per line: the level's outline and two rows of screen doors.
    expect(walls.features).toHaveLength(stations.length + lineStations * 3);
    expect(new Set(polygons.features.map((feature) => feature.id)).size).toBe(polygons.features.length);
    expect(new Set(walls.features.map((feature) => feature.id)).size).toBe(walls.features.length);
  });

  it('gives every station a concourse above one platform level per line, floors stacked without overlap', () => {
    const admiralty = model.polygons.features.filter((feature) => feature.properties.Venue_ID === 'MTR-ADM');
    const levels = [...new Set(admiralty.map((feature) => `${feature.properties.floorLevel}:${feature.properties.floorId}:${feature.properties.line}`))];
    expect(levels).toEqual(['0:ADM-C:null', '-1:ADM-P1:EAL', '-2:ADM-P2:SIL', '-3:ADM-P3:TWL', '-4:ADM-P4:ISL']);
    const concourse = admiralty.find((feature) => feature.properties.space === 'concourse')!.properties;
    expect(concourse).toMatchObject({ floorName_EN: 'Concourse', floorName_TC: '大堂', Venue_Eng_name: 'Admiralty Station' });
    const islandPlatform = admiralty.find((feature) => feature.properties.line === 'ISL' && feature.properties.space === 'platform')!.properties;
    expect(islandPlatform.floorName_TC).toBe('港島綫月台');
    // Each level's polygons and walls (bottom to top) stay below the slab of the level above.
    const extents = new Map<string, { bottom: number; top: number }>();
    for (const { properties } of [...model.polygons.features, ...model.walls.features]) {
      const key = `${properties.Venue_ID}:${properties.floorLevel}`;
      const extent = extents.get(key) ?? { bottom: Infinity, top: -Infinity };
      extents.set(key, { bottom: Math.min(extent.bottom, properties._base_height), top: Math.max(extent.top, properties._height) });
      expect(properties._height).toBeGreaterThan(properties._base_height);
      expect(properties._height).toBeLessThan(0);
    }
    for (const [key, extent] of extents) {
      const [venue, level] = key.split(':');
      const below = extents.get(`${venue}:${Number(level) - 1}`);
      if (below) expect(below.top, key).toBeLessThan(extent.bottom);
    }
  });

  it('lays platforms along the line, sized like the line’s trains', () => {
    const tsingYi = stations.find((station) => station.code === 'TSY')!;
    for (const line of tsingYi.lines) {
      const platform = model.polygons.features.find((feature) => feature.properties.Venue_ID === 'MTR-TSY' && feature.properties.line === line.code && feature.properties.space === 'platform')!;
      const [a, b, c] = platform.geometry.coordinates[0];
      // The ring starts at a back corner, crosses the platform (a->b), then runs its length (b->c).
      const length = edgeMetres(b, c);
      const width = edgeMetres(a, b);
      const expected = parameters.platformLengthMeters[line.code];
      expect(length).toBeGreaterThan(expected * (1 - parameters.jitterFraction) - 0.5);
      expect(length).toBeLessThan(expected * (1 + parameters.jitterFraction) + 0.5);
      expect(width).toBeCloseTo(parameters.platformWidthMeters, 0);
      const along = bearingDegrees(b as [number, number], c as [number, number]);
      const difference = (((along - line.axisDegrees) % 180) + 180) % 180;
      expect(Math.min(difference, 180 - difference)).toBeLessThan(1);
    }
    const southIsland = model.polygons.features.find((feature) => feature.properties.line === 'SIL' && feature.properties.space === 'platform')!;
    const [, b, c] = southIsland.geometry.coordinates[0];
    expect(edgeMetres(b, c)).toBeLessThan(100);
  });

  it('keeps each response under 1 MB', () => {
    expect(JSON.stringify(model.polygons).length).toBeLessThan(1_000_000);
    expect(JSON.stringify(model.walls).length).toBeLessThan(1_000_000);
  });

  it('rejects a parameter file with a bad value, naming the field', () => {
    const result = indoorGeneratorParametersSchema.safeParse({ ...parameters, platformWidthMeters: -1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['platformWidthMeters']);
  });
});
