import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlaceKind } from '../../core/contracts';
import { DISTRICT_FILES, loadDistrictIndex } from './districts';
import { readDataJson } from './files';
import { labelPoint, type Ring } from './geometry';
import { roundCoordinate, type PlaceContext, type PlaceRecord } from './placeRecord';
import { LANDMARK_FILES, loadBeaches, loadMonuments, loadPeaks } from './landmarkPlaces';
import { convertCharacters, type CharacterMap } from './searchText';
import { TRAIL_FILES, loadTrailPlaces } from './trailPlaces';

export type { PlaceContext, PlaceRecord } from './placeRecord';

/** The data files of districts and MTR places (relative to data/). */
const CORE_FILES = {
  districts: DISTRICT_FILES.boundaries,
  districtNames: DISTRICT_FILES.names,
  stations: 'mtr/stopList.mtr.json',
  stationNamesZhCn: 'names/mtr_station_names_zh_cn.json',
  exits: 'mtr/mtr_exits_derived.geojson',
  chineseScript: 'names/chinese_script_characters.json',
} as const;

/** Every data file the places come from (relative to data/); their contents key the seed checksum. */
export const PLACE_FILES = { ...CORE_FILES, ...TRAIL_FILES, ...LANDMARK_FILES } as const;

/**
 * Importance of each kind, used to order equally good matches: districts, then stations, then the outdoor
 * places and landmarks, then the many small points (exits, distance posts) that would otherwise crowd them out.
 */
export const KIND_RANK: Record<PlaceKind, number> = {
  district: 0,
  'mtr-station': 1,
  peak: 2,
  trail: 2,
  'trail-section': 2,
  campsite: 2,
  beach: 2,
  monument: 2,
  'mtr-exit': 3,
  'distance-post': 3,
};
/** Kinds at or past this rank come after every other kind unless their name is matched exactly. */
export const MINOR_KIND_RANK = 3;

interface NamesFile<T> {
  names: Record<string, T>;
}
interface StopListEntry {
  stop: string;
  name_en: string;
  name_tc: string;
  lat: number;
  long: number;
}
interface ExitFile {
  features: Array<{
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: { station_en: string; station_tc: string; exit: string; barrier_free: boolean };
  }>;
}
interface ChineseScriptFile {
  toSimplified: CharacterMap;
  toTraditional: CharacterMap;
}

/** Corrections of known slips in the sources (documented in data/README.md). */
const STATION_NAME_EN_FIXES: Record<string, string> = { Whampo: 'Whampoa' };
/** The sources write Lai King / Lai Chi Kok with the variant 茘 (U+8318); the MTR writes 荔 (U+8354). */
const normaliseTraditional = (text: string) => text.replace(/茘/g, '荔');

export function loadPlaces(dataDir: string): PlaceRecord[] {
  const districts = loadDistrictIndex(dataDir);
  const script = readDataJson<ChineseScriptFile>(dataDir, PLACE_FILES.chineseScript);
  const context: PlaceContext = {
    dataDir,
    locate(longitude, latitude) {
      const district = districts.districtAt(longitude, latitude);
      return district === null ? { outsideHongKong: true } : { detail: district.name, outsideHongKong: false };
    },
    toSimplified: (text) => convertCharacters(text, script.toSimplified),
    toTraditional: (text) => convertCharacters(text, script.toTraditional),
  };

  const places: PlaceRecord[] = [];

  for (const district of districts.districts) {
    // Label the largest part (by bounding-box area, enough to pick the main island of a district).
    const largest = district.polygons.reduce((best, rings) => (bboxArea(rings[0]) > bboxArea(best[0]) ? rings : best));
    const [longitude, latitude] = labelPoint(largest);
    places.push({
      id: `district:${district.code}`,
      kind: 'district',
      name: district.name,
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      outsideHongKong: context.locate(longitude, latitude).outsideHongKong,
    });
  }

  const zhCn = readDataJson<NamesFile<string>>(dataDir, PLACE_FILES.stationNamesZhCn).names;
  const stations = Object.values(readDataJson<Record<string, StopListEntry>>(dataDir, PLACE_FILES.stations));
  const stationByTc = new Map<string, { en: string; sc: string }>();
  const stationByEn = new Map<string, { tc: string; sc: string }>();
  for (const stop of stations) {
    const en = STATION_NAME_EN_FIXES[stop.name_en] ?? stop.name_en;
    const tc = normaliseTraditional(stop.name_tc);
    const sc = zhCn[stop.stop];
    if (!sc) throw new Error(`MTR station ${stop.stop} has no Simplified Chinese name in data/${PLACE_FILES.stationNamesZhCn}`);
    stationByTc.set(tc, { en, sc });
    stationByEn.set(en, { tc, sc });
    places.push({
      id: `mtr-station:${stop.stop}`,
      kind: 'mtr-station',
      name: { 'en-US': en, 'zh-HK': tc, 'zh-CN': sc },
      longitude: roundCoordinate(stop.long),
      latitude: roundCoordinate(stop.lat),
      ...context.locate(stop.long, stop.lat),
    });
  }
  const codeByEn = new Map(stations.map((s) => [STATION_NAME_EN_FIXES[s.name_en] ?? s.name_en, s.stop]));

  const seen = new Set<string>();
  for (const feature of readDataJson<ExitFile>(dataDir, PLACE_FILES.exits).features) {
    const p = feature.properties;
    const en = STATION_NAME_EN_FIXES[p.station_en] ?? p.station_en;
    const tc = normaliseTraditional(p.station_tc);
    const station = stationByEn.get(en) ?? (stationByTc.has(tc) ? { tc, sc: stationByTc.get(tc)!.sc } : undefined);
    const sc = station?.sc ?? tc;
    const code = codeByEn.get(en) ?? en.replace(/[^A-Za-z0-9]+/g, '-');
    let id = `mtr-exit:${code}:${p.exit}`;
    for (let n = 2; seen.has(id); n += 1) id = `mtr-exit:${code}:${p.exit}:${n}`;
    seen.add(id);
    const [longitude, latitude] = feature.geometry.coordinates;
    places.push({
      id,
      kind: 'mtr-exit',
      name: { 'en-US': `${en} Exit ${p.exit}`, 'zh-HK': `${tc}站 ${p.exit} 出口`, 'zh-CN': `${sc}站 ${p.exit} 出口` },
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      ...context.locate(longitude, latitude),
    });
  }

  places.push(...loadPeaks(context), ...loadTrailPlaces(context), ...loadBeaches(context), ...loadMonuments(context));
  return places;
}

function bboxArea(ring: Ring): number {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
}

/**
 * Changes whenever a place file or the loader's output changes, so the seed reruns then. Bump the version
 * when the loader's code changes what it makes of the same files.
 */
export function placesChecksum(dataDir: string): string {
  // The ICU version too: the seed cuts Chinese names into words with ICU's dictionary (Intl.Segmenter).
  const hash = createHash('sha256').update('places-v2').update(process.versions.icu ?? '');
  for (const file of Object.values(PLACE_FILES)) hash.update(readFileSync(join(dataDir, file)));
  return hash.digest('hex');
}
