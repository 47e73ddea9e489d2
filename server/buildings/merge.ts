/**
 * The merge rule of the building store: when two sources draw the same building, one record stays.
 *
 * Two records of different datasets are the same building when
 *   1. they carry the same CSUID or the same LandsD building id; or
 *   2. both are LandsD records and their footprints' intersection over union is at least 0.5 (the same outline
 *      drawn twice; a tower standing inside another set's podium outline overlaps it wholly but is a different
 *      block, and stays); or
 *   3. one is OpenStreetMap and the intersection covers at least half of the smaller footprint (OSM mappers
 *      often draw a whole estate as one outline, or split one block in two).
 * Records of one dataset never merge with each other (only a record of the same id replaces its namesake, when a
 * dataset is imported again); the same id in two datasets is the same building.
 *
 * The record with the higher {@link recordPriority} stays: every LandsD record wins over OpenStreetMap, and
 * among LandsD sets the one with more fields (CSUID, measured base and roof levels, storeys) wins. On equal
 * priority the record already there stays.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { boundsIntersect, footprintAreaSquareMetres, footprintBounds, intersectionAreaSquareMetres } from './footprint';
import type { LonLatBounds } from './store';

export const SAME_OUTLINE_MIN_IOU = 0.5;
export const OSM_COVERED_MIN_FRACTION = 0.5;

/** Higher wins: 0 for OpenStreetMap, LandsD from 1 up by the fields the record carries. */
export function recordPriority(record: BuildingRecord): number {
  if (record.source === 'osm') return 0;
  return 1 + (record.csuid ? 2 : 0) + (record.baseLevelMetres !== null && record.roofLevelMetres !== null ? 2 : 0) + (record.storeys !== null ? 1 : 0);
}

/** A record with its bounds and area, computed once for the many comparisons of a merge. */
export interface MergeCandidate {
  record: BuildingRecord;
  bounds: LonLatBounds;
  areaSquareMetres: number;
}

export function mergeCandidate(record: BuildingRecord): MergeCandidate {
  return { record, bounds: footprintBounds(record.footprint), areaSquareMetres: footprintAreaSquareMetres(record.footprint) };
}

/** Whether two records of different datasets draw the same building (rules 1–3 above). */
export function isSameBuilding(a: MergeCandidate, b: MergeCandidate): boolean {
  if (a.record.sourceDataset === b.record.sourceDataset) return false;
  if (a.record.csuid !== null && a.record.csuid === b.record.csuid) return true;
  if (a.record.landsdBuildingId !== null && a.record.landsdBuildingId === b.record.landsdBuildingId) return true;
  if (!boundsIntersect(a.bounds, b.bounds)) return false;
  const shared = intersectionAreaSquareMetres(a.record.footprint, b.record.footprint);
  if (shared === 0) return false;
  if (a.record.source === 'osm' || b.record.source === 'osm') return shared / Math.min(a.areaSquareMetres, b.areaSquareMetres) >= OSM_COVERED_MIN_FRACTION;
  return shared / (a.areaSquareMetres + b.areaSquareMetres - shared) >= SAME_OUTLINE_MIN_IOU;
}

export interface MergeDecision {
  /** False when a record already there is the same building and wins. */
  keep: boolean;
  /** Ids of the records already there that the incoming one replaces (same id, or the same building and it wins). */
  replaces: string[];
}

/** What happens when `incoming` meets `existing` (records whose bounds may meet it, in any order). */
export function decideMerge(incoming: MergeCandidate, existing: readonly MergeCandidate[]): MergeDecision {
  const priority = recordPriority(incoming.record);
  const replaces: string[] = [];
  for (const other of existing) {
    const sameId = other.record.id === incoming.record.id;
    // A dataset imported again replaces its own records.
    if (sameId && other.record.sourceDataset === incoming.record.sourceDataset) {
      replaces.push(other.record.id);
      continue;
    }
    // An id is a source's own (CSUID, OSM way): the same id in another dataset is the same building.
    if (!sameId && !isSameBuilding(incoming, other)) continue;
    if (recordPriority(other.record) >= priority) return { keep: false, replaces: [] };
    replaces.push(other.record.id);
  }
  return { keep: true, replaces };
}

/** Grid cell size of the in-memory merge index, degrees (about 110 m). */
const CELL_DEGREES = 0.001;

/** A bounds grid over merge candidates, for the in-memory merge. */
export class CandidateGrid {
  private readonly cells = new Map<string, MergeCandidate[]>();

  private *cellKeys(bounds: LonLatBounds): Iterable<string> {
    for (let x = Math.floor(bounds[0] / CELL_DEGREES); x <= Math.floor(bounds[2] / CELL_DEGREES); x += 1) {
      for (let y = Math.floor(bounds[1] / CELL_DEGREES); y <= Math.floor(bounds[3] / CELL_DEGREES); y += 1) yield `${x},${y}`;
    }
  }

  add(candidate: MergeCandidate): void {
    for (const key of this.cellKeys(candidate.bounds)) {
      const cell = this.cells.get(key);
      if (cell) cell.push(candidate);
      else this.cells.set(key, [candidate]);
    }
  }

  remove(id: string): void {
    for (const [key, cell] of this.cells) {
      const kept = cell.filter((candidate) => candidate.record.id !== id);
      if (kept.length !== cell.length) this.cells.set(key, kept);
    }
  }

  near(bounds: LonLatBounds): MergeCandidate[] {
    const found = new Set<MergeCandidate>();
    for (const key of this.cellKeys(bounds)) for (const candidate of this.cells.get(key) ?? []) found.add(candidate);
    return [...found];
  }
}

export interface MergeResult {
  records: BuildingRecord[];
  /** Each record left out, and the id of the record that stands for that building. */
  dropped: Array<{ id: string; sourceDataset: string; keptId: string }>;
}

/**
 * Merges records of several datasets into one per building: highest priority first, each record kept unless a
 * kept record is the same building. Output in id order.
 */
export function mergeBuildingRecords(records: readonly BuildingRecord[]): MergeResult {
  const ordered = records.map(mergeCandidate).sort((a, b) => recordPriority(b.record) - recordPriority(a.record));
  const grid = new CandidateGrid();
  const kept = new Map<string, BuildingRecord>();
  const dropped: MergeResult['dropped'] = [];
  for (const candidate of ordered) {
    const same = grid.near(candidate.bounds).find((other) => other.record.id === candidate.record.id || isSameBuilding(candidate, other));
    if (same) {
      dropped.push({ id: candidate.record.id, sourceDataset: candidate.record.sourceDataset, keptId: same.record.id });
      continue;
    }
    grid.add(candidate);
    kept.set(candidate.record.id, candidate.record);
  }
  return { records: [...kept.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), dropped };
}
