import { describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { footprintAreaSquareMetres, intersectionAreaSquareMetres, normaliseFootprint, type Footprint } from './footprint';
import { decideMerge, isSameBuilding, mergeBuildingRecords, mergeCandidate, recordPriority } from './merge';
import { createMemoryBuildingStore } from './store';

/** A rectangle `width` × `height` degrees with its south-west corner at lon, lat. */
function rectangle(lon: number, lat: number, width: number, height: number): Footprint {
  const footprint = normaliseFootprint([
    [
      [lon, lat],
      [lon + width, lat],
      [lon + width, lat + height],
      [lon, lat + height],
      [lon, lat],
    ],
  ]);
  if (typeof footprint === 'string') throw new Error(footprint);
  return footprint;
}

function record(id: string, source: BuildingRecord['source'], sourceDataset: string, footprint: Footprint, extra: Partial<BuildingRecord> = {}): BuildingRecord {
  return {
    id,
    csuid: null,
    landsdBuildingId: null,
    footprint,
    baseLevelMetres: null,
    roofLevelMetres: null,
    heightMetres: 10,
    heightKind: source === 'osm' ? 'assumed' : 'measured',
    storeys: null,
    nameEn: null,
    nameZh: null,
    category: 'other',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source,
    sourceDataset,
    ...extra,
  };
}

const D = 0.0003; // about 30 m
const base = rectangle(114.2, 22.3, D, D);

describe('footprint overlap', () => {
  it('estimates the shared area of two rectangles within a few percent', () => {
    const shifted = rectangle(114.2 + D / 2, 22.3, D, D);
    const half = intersectionAreaSquareMetres(base, shifted) / footprintAreaSquareMetres(base);
    expect(half).toBeGreaterThan(0.47);
    expect(half).toBeLessThan(0.53);
    expect(intersectionAreaSquareMetres(base, rectangle(114.2 + 2 * D, 22.3, D, D))).toBe(0);
  });
});

describe('the merge rule', () => {
  const landsd = (id: string, dataset: string, footprint: Footprint, extra: Partial<BuildingRecord> = {}) =>
    record(id, 'landsd-ib1000', dataset, footprint, { baseLevelMetres: 1, roofLevelMetres: 11, ...extra });

  it('a LandsD record wins over an OSM outline covering half or more of the smaller footprint', () => {
    const osm = record('osm:way/1', 'osm', 'osm.geojson', rectangle(114.2 - D / 4, 22.3 - D / 4, 1.5 * D, 1.5 * D));
    const result = mergeBuildingRecords([osm, landsd('C1', 'a.geojson', base, { csuid: 'C1' })]);
    expect(result.records.map((r) => r.id)).toEqual(['C1']);
    expect(result.dropped).toEqual([{ id: 'osm:way/1', sourceDataset: 'osm.geojson', keptId: 'C1' }]);
  });

  it('keeps an OSM building that overlaps a LandsD one by less than half of the smaller footprint', () => {
    const osm = record('osm:way/2', 'osm', 'osm.geojson', rectangle(114.2 + 0.6 * D, 22.3, D, D));
    expect(mergeBuildingRecords([osm, landsd('C1', 'a.geojson', base)]).records).toHaveLength(2);
  });

  it('among LandsD sets, the record with CSUID and levels wins over a height-only one of the same outline', () => {
    const heightOnly = record('landsd:9', 'landsd-ib1000', 'wts.geojson', rectangle(114.2, 22.3, D * 1.05, D), { heightKind: 'measured' });
    const full = landsd('C9', 'transect.geojson', base, { csuid: 'C9', storeys: 30 });
    expect(recordPriority(full)).toBeGreaterThan(recordPriority(heightOnly));
    expect(mergeBuildingRecords([heightOnly, full]).records.map((r) => r.id)).toEqual(['C9']);
  });

  it('keeps a LandsD tower standing inside another set’s podium (overlap of the smaller, but a small share of the union)', () => {
    const podium = landsd('P', 'a.geojson', rectangle(114.2, 22.3, 3 * D, 3 * D));
    const tower = landsd('T', 'b.geojson', base);
    expect(isSameBuilding(mergeCandidate(podium), mergeCandidate(tower))).toBe(false);
    expect(mergeBuildingRecords([podium, tower]).records).toHaveLength(2);
  });

  it('merges records that share a LandsD building id wherever they are drawn, and never records of one dataset', () => {
    const a = landsd('citygml:5', 'kb.gml', base, { landsdBuildingId: '5' });
    const b = landsd('landsd:5', 'kt.geojson', rectangle(114.2 + 0.2 * D, 22.3, D, D), { landsdBuildingId: '5', csuid: 'K5' });
    expect(mergeBuildingRecords([a, b]).records.map((r) => r.id)).toEqual(['landsd:5']);
    const sameDataset = [landsd('X', 'a.geojson', base), landsd('Y', 'a.geojson', base)];
    expect(mergeBuildingRecords(sameDataset).records).toHaveLength(2);
  });
});

describe('the memory store', () => {
  const records = [record('A', 'osm', 'o', base), record('B', 'osm', 'o', rectangle(114.21, 22.31, D, D))];

  it('finds the footprint at a point, and one within the tolerance, and nothing further away', async () => {
    const store = createMemoryBuildingStore(records);
    expect((await store.at(114.2 + D / 2, 22.3 + D / 2, 3)).map((hit) => [hit.record.id, hit.distanceMetres])).toEqual([['A', 0]]);
    // About 2 m east of A's east edge.
    const near = await store.at(114.2 + D + 0.00002, 22.3 + D / 2, 3);
    expect(near[0].record.id).toBe('A');
    expect(near[0].distanceMetres).toBeGreaterThan(1.5);
    expect(await store.at(114.2 + D + 0.0001, 22.3 + D / 2, 3)).toEqual([]);
  });

  it('answers records by bounds, its count and bounds, and a version that follows the contents', async () => {
    const store = createMemoryBuildingStore(records);
    const inBounds: string[] = [];
    for await (const r of store.records([114.205, 22.305, 114.22, 22.32])) inBounds.push(r.id);
    expect(inBounds).toEqual(['B']);
    expect(await store.count()).toBe(2);
    const bounds = await store.bounds();
    [114.2, 22.3, 114.21 + D, 22.31 + D].forEach((value, index) => expect(bounds?.[index]).toBeCloseTo(value, 7));
    expect(await createMemoryBuildingStore([...records].reverse()).version()).toBe(await store.version());
    expect(await createMemoryBuildingStore([records[0], { ...records[1], heightMetres: 12 }]).version()).not.toBe(await store.version());
  });
});

describe('merging into stored records', () => {
  const stored = (r: BuildingRecord) => mergeCandidate(r);
  const full = record('C1', 'landsd-ib1000', 'transect.geojson', base, { csuid: 'C1', baseLevelMetres: 1, roofLevelMetres: 30, storeys: 9, nameEn: 'Tower' });

  it('a dataset imported again replaces its own record of the same id', () => {
    const again = { ...full, heightMetres: 31 };
    expect(decideMerge(mergeCandidate(again), [stored(full)])).toEqual({ keep: true, replaces: ['C1'] });
  });

  it('the same id from another dataset is the same building: the stored one stays on equal priority, a richer one replaces it', () => {
    const export_ = record('C1', 'landsd-footprint', 'BUILDING_STRUCTURE.geojson', base, { csuid: 'C1', baseLevelMetres: 1, roofLevelMetres: 30, storeys: 9 });
    expect(decideMerge(mergeCandidate(export_), [stored(full)])).toEqual({ keep: false, replaces: [] });
    const heightOnly = record('C1', 'landsd-ib1000', 'old.geojson', base);
    expect(decideMerge(mergeCandidate(full), [stored(heightOnly)])).toEqual({ keep: true, replaces: ['C1'] });
  });

  it('an OSM outline arriving over a stored LandsD building is left out; a LandsD one arriving over a stored OSM outline replaces it', () => {
    const osm = record('osm:way/7', 'osm', 'osm.geojson', base);
    expect(decideMerge(mergeCandidate(osm), [stored(full)]).keep).toBe(false);
    expect(decideMerge(mergeCandidate(full), [stored(osm)])).toEqual({ keep: true, replaces: ['osm:way/7'] });
  });
});
