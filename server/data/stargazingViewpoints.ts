/**
 * Dark-sky viewpoints for the stargazing drawer, chosen from the terrain and the distance to the built-up area:
 * - candidates: the named peaks of OpenStreetMap (data/dem/hk_osm_named_peaks_hk1980.json, 200 m and higher)
 *   inside Hong Kong — a named summit is a place a visitor can find on a map and reach by a trail, which a bare
 *   DEM cell is not;
 * - built-up area: the Transport Department's road junctions (data/roads/td_irn_intersections.geojson) counted
 *   in 500 m cells of the HK1980 grid; a cell with at least {@link BUILT_UP_JUNCTIONS_PER_CELL} junctions is
 *   built-up (a town's street grid has a junction every 100–200 m, 20 and more to a cell; a country road has one
 *   or two). Street lighting follows the streets, so this is a fair proxy for where the light comes from, and it
 *   covers the whole territory, which the buildings we ship (Kwun Tong only) do not;
 * - openness: the terrain horizon from the summit (eye 2 m above the DEM), the highest elevation angle in each of
 *   16 directions out to 3 km, averaged (0° = a clear horizon all round);
 * - score: 0.5 × distance to the nearest built-up cell (full marks from 8 km) + 0.25 × height (full marks from
 *   900 m) + 0.25 × openness (no marks at a 10° mean horizon); the best are taken in order, skipping any within
 *   {@link MINIMUM_SPACING_KM} of one already taken, so the list spreads over the territory.
 */
import { fromHk1980, toHk1980 } from '../../core/contracts/hk1980';
import type { LocalisedText } from '../../core/contracts/common';
import { getDemSampler, type DemSampler } from '../terrain/dem';
import { readDataJson } from './files';
import { PLACE_FILES } from './places';
import { convertCharacters, type CharacterMap } from './searchText';

export const STARGAZING_FILES = {
  peaks: 'dem/hk_osm_named_peaks_hk1980.json',
  junctions: 'roads/td_irn_intersections.geojson',
} as const;

/** Side of the cells junctions are counted in, metres. */
export const BUILT_UP_CELL_METRES = 500;
/** Junctions in one cell that make it built-up. */
export const BUILT_UP_JUNCTIONS_PER_CELL = 6;
/** Distance to the built-up area that earns full marks, km. */
const FULL_DISTANCE_KM = 8;
/** Height that earns full marks, metres. */
const FULL_HEIGHT_METRES = 900;
/** Mean horizon elevation that earns no openness marks, degrees. */
const CLOSED_HORIZON_DEGREES = 10;
/** The least distance between two chosen viewpoints, km. */
export const MINIMUM_SPACING_KM = 6;
/** How many viewpoints the drawer lists. */
export const VIEWPOINT_COUNT = 8;
const HORIZON_DIRECTIONS = 16;
const HORIZON_REACH_METRES = 3000;
const HORIZON_STEP_METRES = 100;
const EYE_HEIGHT_METRES = 2;

export interface Candidate {
  id: string;
  name: LocalisedText;
  easting: number;
  northing: number;
  /** The peak's height as OpenStreetMap gives it, metres. */
  elevation: number;
}

export interface Viewpoint extends Candidate {
  longitude: number;
  latitude: number;
  distanceToBuiltUpKm: number;
  meanHorizonDegrees: number;
  /** 0–1, see the module comment. */
  score: number;
}

/** Built-up cells: the centres (HK1980 metres) of the 500 m cells with enough junctions. */
export function builtUpCells(junctions: ReadonlyArray<readonly [easting: number, northing: number]>): Array<[number, number]> {
  const counts = new Map<string, number>();
  for (const [easting, northing] of junctions) {
    const key = `${Math.floor(easting / BUILT_UP_CELL_METRES)}:${Math.floor(northing / BUILT_UP_CELL_METRES)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= BUILT_UP_JUNCTIONS_PER_CELL)
    .map(([key]) => {
      const [column, row] = key.split(':').map(Number);
      return [(column + 0.5) * BUILT_UP_CELL_METRES, (row + 0.5) * BUILT_UP_CELL_METRES];
    });
}

/** Distance from a point to the nearest built-up cell centre, km (Infinity when there is none). */
export function distanceToBuiltUpKm(easting: number, northing: number, cells: ReadonlyArray<readonly [number, number]>): number {
  let nearest = Infinity;
  for (const [cellEasting, cellNorthing] of cells) nearest = Math.min(nearest, Math.hypot(cellEasting - easting, cellNorthing - northing));
  return nearest / 1000;
}

/** Mean over 16 directions of the highest terrain elevation angle seen from `eye`, degrees; 0 for a clear horizon. */
export function meanHorizonDegrees(heightAt: (easting: number, northing: number) => number | null, easting: number, northing: number, eyeHeight: number): number {
  let sum = 0;
  for (let direction = 0; direction < HORIZON_DIRECTIONS; direction++) {
    const azimuth = (direction / HORIZON_DIRECTIONS) * 2 * Math.PI;
    let highest = 0;
    for (let distance = HORIZON_STEP_METRES; distance <= HORIZON_REACH_METRES; distance += HORIZON_STEP_METRES) {
      const height = heightAt(easting + distance * Math.sin(azimuth), northing + distance * Math.cos(azimuth));
      if (height === null) continue;
      highest = Math.max(highest, Math.atan2(height - eyeHeight, distance));
    }
    sum += (highest * 180) / Math.PI;
  }
  return sum / HORIZON_DIRECTIONS;
}

export function viewpointScore(distanceKm: number, elevation: number, horizonDegrees: number): number {
  const distance = Math.min(distanceKm, FULL_DISTANCE_KM) / FULL_DISTANCE_KM;
  const height = Math.min(Math.max(elevation, 0), FULL_HEIGHT_METRES) / FULL_HEIGHT_METRES;
  const openness = 1 - Math.min(horizonDegrees, CLOSED_HORIZON_DEGREES) / CLOSED_HORIZON_DEGREES;
  return 0.5 * distance + 0.25 * height + 0.25 * openness;
}

/** The best-scoring viewpoints, each at least {@link MINIMUM_SPACING_KM} from those taken before it. */
export function spreadBest<T extends { score: number; easting: number; northing: number }>(scored: readonly T[], count: number, spacingKm: number): T[] {
  const chosen: T[] = [];
  for (const candidate of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= count) break;
    if (chosen.every((taken) => Math.hypot(taken.easting - candidate.easting, taken.northing - candidate.northing) >= spacingKm * 1000)) chosen.push(candidate);
  }
  return chosen;
}

/** Scores every candidate and picks the spread-out best (pure: the terrain and the built-up cells are passed in). */
export function chooseViewpoints(
  candidates: readonly Candidate[],
  cells: ReadonlyArray<readonly [number, number]>,
  terrain: { heightAt(easting: number, northing: number): number | null; insideHongKong(easting: number, northing: number): boolean },
  count = VIEWPOINT_COUNT,
): Viewpoint[] {
  const scored = candidates
    .filter((candidate) => terrain.insideHongKong(candidate.easting, candidate.northing))
    .map((candidate) => {
      const ground = terrain.heightAt(candidate.easting, candidate.northing) ?? candidate.elevation;
      const distance = distanceToBuiltUpKm(candidate.easting, candidate.northing, cells);
      const horizon = meanHorizonDegrees(terrain.heightAt, candidate.easting, candidate.northing, ground + EYE_HEIGHT_METRES);
      const [longitude, latitude] = fromHk1980([candidate.easting, candidate.northing]);
      return {
        ...candidate,
        longitude,
        latitude,
        distanceToBuiltUpKm: distance,
        meanHorizonDegrees: horizon,
        score: viewpointScore(distance, candidate.elevation, horizon),
      };
    });
  return spreadBest(scored, count, MINIMUM_SPACING_KM);
}

interface PeakFile {
  peaks: Array<{ en: string; zh: string; E: number; N: number; ele: number }>;
}
interface JunctionFile {
  features: Array<{ geometry: { coordinates: [number, number] } | null }>;
}

/** Terrain heights by HK1980 grid position, from the shared DEM sampler (WGS84 inside). */
function terrainOf(dem: DemSampler) {
  return {
    heightAt: (easting: number, northing: number) => {
      const [longitude, latitude] = fromHk1980([easting, northing]);
      return dem.heightAt(longitude, latitude);
    },
    insideHongKong: (easting: number, northing: number) => {
      const [longitude, latitude] = fromHk1980([easting, northing]);
      return dem.insideHk(longitude, latitude);
    },
  };
}

/** Reads the peaks, the junctions and the DEM from `dataDir` (the repo's data/) and chooses the viewpoints. */
export function loadViewpoints(dataDir: string): Viewpoint[] {
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, PLACE_FILES.chineseScript).toSimplified;
  const candidates: Candidate[] = readDataJson<PeakFile>(dataDir, STARGAZING_FILES.peaks).peaks.map((peak) => ({
    // The same id the place search gives the peak (server/data/landmarkPlaces.ts).
    id: `peak:${Math.round(peak.E)}-${Math.round(peak.N)}`,
    // A few peaks have only a Chinese or only an English name in OpenStreetMap: that name stands for the missing one.
    name: { 'en-US': peak.en || peak.zh, 'zh-HK': peak.zh || peak.en, 'zh-CN': peak.zh ? convertCharacters(peak.zh, toSimplified) : peak.en },
    easting: peak.E,
    northing: peak.N,
    elevation: peak.ele,
  }));
  const junctions = readDataJson<JunctionFile>(dataDir, STARGAZING_FILES.junctions)
    .features.filter((feature) => feature.geometry !== null)
    .map((feature) => toHk1980(feature.geometry!.coordinates));
  return chooseViewpoints(candidates, builtUpCells(junctions), terrainOf(getDemSampler(dataDir)));
}
