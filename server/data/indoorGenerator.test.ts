import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { indoorPolygonCollectionSchema, indoorWallCollectionSchema, pedestrianSegmentSchema } from '../../core/contracts';
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
    // The same features but the passages: whether an exit lies inside the concourse depends on the plan's offset.
    const withoutPassages = (collection: typeof model.polygons) => collection.features.filter((feature) => feature.properties.space !== 'passage').length;
    expect(withoutPassages(reseeded.polygons)).toBe(withoutPassages(model.polygons));
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
    const exits = stations.reduce((sum, station) => sum + station.exits.length, 0);
    const passages = polygons.features.filter((feature) => feature.properties.space === 'passage').length;
    // Per station: concourse, paid area, two gate lines, customer service, toilets; per line: platform, two
    // trackways and the footprints of its stairs, escalators and lift on the concourse and the platform; per exit
    // an entrance, and a passage where the exit lies outside the concourse.
    expect(polygons.features).toHaveLength(stations.length * 6 + lineStations * 9 + exits + passages);
    expect(passages).toBeGreaterThan(exits / 2);
    // Per station: the concourse wall; per line: the level's outline and two rows of screen doors.
    expect(walls.features).toHaveLength(stations.length + lineStations * 3);
    expect(new Set(polygons.features.map((feature) => feature.id)).size).toBe(polygons.features.length);
    expect(new Set(walls.features.map((feature) => feature.id)).size).toBe(walls.features.length);
  });

  it('gives every station a street level with its exits, a concourse above one platform level per line, floors stacked without overlap', () => {
    const admiralty = model.polygons.features.filter((feature) => feature.properties.Venue_ID === 'MTR-ADM');
    const levels = [...new Set(admiralty.map((feature) => `${feature.properties.floorLevel}:${feature.properties.floorId}:${feature.properties.line}`))].sort();
    expect(levels).toEqual(['-1:ADM-P1:EAL', '-2:ADM-P2:SIL', '-3:ADM-P3:TWL', '-4:ADM-P4:ISL', '0:ADM-C:null', '1:ADM-G:null']);
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
      // Below ground but for the street level's entrances, which stand just proud of it.
      expect(properties._height).toBeLessThan(properties.floorLevel === 1 ? 0.5 : 0);
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

  it('keeps each feed of all stations under 150 KB gzipped (the server compresses; the polygons are 1.5 MB raw)', () => {
    expect(gzipSync(JSON.stringify(model.polygons)).length).toBeLessThan(150_000);
    expect(gzipSync(JSON.stringify(model.walls)).length).toBeLessThan(150_000);
  });

  it('rejects a parameter file with a bad value, naming the field', () => {
    const result = indoorGeneratorParametersSchema.safeParse({ ...parameters, platformWidthMeters: -1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['platformWidthMeters']);
  });

  describe('station pedestrian network', () => {
    const admiralty = model.stations.find((station) => station.code === 'ADM')!;

    it('puts an entrance at each real exit, on the street level, with a lift only at barrier-free exits', () => {
      const station = stations.find((candidate) => candidate.code === 'ADM')!;
      const exits = admiralty.places.filter((place) => place.kind === 'exit');
      expect(exits.map((place) => place.id)).toEqual(station.exits.map((exit) => `ADM-exit-${exit.exit}`));
      for (const exit of station.exits) {
        const place = exits.find((candidate) => candidate.id === `ADM-exit-${exit.exit}`)!;
        expect(admiralty.nodes[place.node].position).toEqual(exit.coordinates);
        expect(admiralty.nodes[place.node]).toMatchObject({ floorId: 'ADM-G', heightMetres: 0 });
        expect(admiralty.places.some((candidate) => candidate.id === `ADM-exit-${exit.exit}-lift`), exit.exit).toBe(exit.barrierFree);
        expect(admiralty.places.some((candidate) => candidate.id === `ADM-exit-${exit.exit}-stairs`), exit.exit).toBe(true);
      }
      expect(admiralty.floors.map((floor) => `${floor.floorId}:${floor.floorLevel}:${floor.heightMetres}`)).toEqual([
        'ADM-G:1:0',
        'ADM-C:0:-8',
        'ADM-P1:-1:-17',
        'ADM-P2:-2:-26',
        'ADM-P3:-3:-35',
        'ADM-P4:-4:-44',
      ]);
    });

    it('gives every platform level stairs, escalators and a lift from the concourse and two platform ends', () => {
      for (const level of ['P1', 'P2', 'P3', 'P4']) {
        for (const suffix of ['stairs', 'escalators', 'lift', 'platform-1', 'platform-2']) {
          expect(admiralty.places.some((place) => place.id === `ADM-${level}-${suffix}`), `${level}-${suffix}`).toBe(true);
        }
      }
    });

    it('codes every segment per SPEC §9, stairs and escalators without wheelchair access, escalators one-way', () => {
      for (const station of model.stations) {
        for (const segment of station.segments) {
          pedestrianSegmentSchema.parse(segment.properties);
          const { verticalMode, wheelchairAccess, direction, featureType, fromFloorId, toFloorId } = segment.properties;
          expect(station.nodes[segment.from].floorId).toBe(fromFloorId);
          expect(station.nodes[segment.to].floorId).toBe(toFloorId);
          expect(verticalMode === null).toBe(fromFloorId === toFloorId);
          if (verticalMode === 'stairs' || verticalMode === 'escalator') expect([featureType, wheelchairAccess]).toEqual([12, 2]);
          expect(direction).toBe(verticalMode === 'escalator' ? 1 : 0);
        }
      }
      const segments = admiralty.segments.map((segment) => segment.properties);
      expect(segments.filter((segment) => segment.fareGate === 'wide')).toHaveLength(2);
      expect(segments.find((segment) => segment.verticalMode === 'lift')).toMatchObject({ featureType: 1, gradient: 1, wheelchairAccess: 1, wheelchairBarrier: 2 });
      expect(segments.find((segment) => segment.verticalMode === 'stairs')).toMatchObject({ gradient: 4, wheelchairBarrier: 1, location: 2, weatherproof: 1 });
      expect(segments.find((segment) => segment.siteType === 'street')).toMatchObject({ location: 1, weatherproof: 2, terminalType: 'station-exit' });
    });
  });
});
