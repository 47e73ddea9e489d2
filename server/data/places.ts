import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalisedText, PlaceKind } from '../../core/contracts';
import { readDataJson } from './files';
import { isOutsideHongKong, labelPoint, type Ring } from './geometry';

/** A searchable place as stored in the `places` table. */
export interface PlaceRecord {
  id: string;
  kind: PlaceKind;
  name: LocalisedText;
  longitude: number;
  latitude: number;
  outsideHongKong: boolean;
}

/** The data files the places come from (relative to data/); their contents key the seed checksum. */
export const PLACE_FILES = {
  districts: 'districts/hksar_18_district_boundary.json',
  districtNames: 'names/district_names.json',
  stations: 'mtr/stopList.mtr.json',
  stationNamesZhCn: 'names/mtr_station_names_zh_cn.json',
  exits: 'mtr/mtr_exits_derived.geojson',
} as const;

/** Districts first, then stations, then exits: the search ranks them in that order on equal match. */
export const KIND_RANK: Record<PlaceKind, number> = { district: 0, 'mtr-station': 1, 'mtr-exit': 2 };

interface DistrictFile {
  features: Array<{
    properties: { 地區號碼: string; District: string; 地區: string };
    geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
  }>;
}
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

/** Corrections of known slips in the sources (documented in data/README.md). */
const STATION_NAME_EN_FIXES: Record<string, string> = { Whampo: 'Whampoa' };
/** The sources write Lai King / Lai Chi Kok with the variant 茘 (U+8318); the MTR writes 荔 (U+8354). */
const normaliseTraditional = (text: string) => text.replace(/茘/g, '荔');

function round(value: number, digits = 6): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function loadPlaces(dataDir: string): PlaceRecord[] {
  const places: PlaceRecord[] = [];

  const districtNames = readDataJson<NamesFile<LocalisedText>>(dataDir, PLACE_FILES.districtNames).names;
  for (const feature of readDataJson<DistrictFile>(dataDir, PLACE_FILES.districts).features) {
    const letter = feature.properties['地區號碼'];
    const names = districtNames[letter];
    if (!names) throw new Error(`District ${letter} has no entry in data/${PLACE_FILES.districtNames}`);
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    // Label the largest part (by bounding-box area, enough to pick the main island of a district).
    const largest = polygons.reduce((best, rings) => (bboxArea(rings[0]) > bboxArea(best[0]) ? rings : best));
    const [longitude, latitude] = labelPoint(largest as unknown as Ring[]);
    places.push({
      id: `district:${letter}`,
      kind: 'district',
      name: { 'en-US': names['en-US'], 'zh-HK': names['zh-HK'] || feature.properties['地區'], 'zh-CN': names['zh-CN'] },
      longitude: round(longitude),
      latitude: round(latitude),
      outsideHongKong: isOutsideHongKong(longitude, latitude),
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
      longitude: round(stop.long),
      latitude: round(stop.lat),
      outsideHongKong: isOutsideHongKong(stop.long, stop.lat),
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
      longitude: round(longitude),
      latitude: round(latitude),
      outsideHongKong: isOutsideHongKong(longitude, latitude),
    });
  }
  return places;
}

function bboxArea(ring: number[][]): number {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
}

/** Changes whenever a place file or the loader's output format changes; the seed reruns then. */
export function placesChecksum(dataDir: string): string {
  const hash = createHash('sha256').update('places-v1');
  for (const file of Object.values(PLACE_FILES)) hash.update(readFileSync(join(dataDir, file)));
  return hash.digest('hex');
}
