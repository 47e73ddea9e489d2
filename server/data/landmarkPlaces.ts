/**
 * Named peaks (OpenStreetMap), EPD bathing beaches and AMO declared monuments as searchable places.
 */
import proj4 from 'proj4';
import type { LocalisedText } from '../../core/contracts';
import { HK1980_PROJ4 } from '../terrain/dem';
import { readDataJson } from './files';
import { roundCoordinate, slug, type PlaceContext, type PlaceRecord } from './placeRecord';

export const LANDMARK_FILES = {
  peaks: 'dem/hk_osm_named_peaks_hk1980.json',
  beaches: 'environment/epd_beaches_graded.geojson',
  beachNames: 'names/beach_names.json',
  monuments: 'heritage/hk_declared_monuments_visitheritage_2015.geojson',
} as const;

/** Slips in the monument list's English names (documented in data/README.md). */
const MONUMENT_NAME_EN_FIXES: Record<string, string> = {
  // 滘西洲洪聖古廟: the AMO calls it after the island, Kau Sai Chau.
  'Hung Shing Temple, Hau Ku She': 'Hung Shing Temple, Kau Sai Chau',
};

interface PeakFile {
  /** OpenStreetMap `name:en` / `name:zh` ('' when the peak has none) and HK1980 Grid easting/northing, metres. */
  peaks: Array<{ en: string; zh: string; E: number; N: number; ele: number }>;
}
interface PointFile<Properties> {
  features: Array<{ geometry: { type: 'Point'; coordinates: number[] }; properties: Properties }>;
}
interface NamesFile<T> {
  names: Record<string, T>;
}

/**
 * The 444 named peaks. Their Chinese names are OpenStreetMap's `name:zh`, mostly Traditional but Simplified for
 * some Shenzhen hills, so the zh-HK name is put in Traditional script. A peak without an English name is
 * shown by its Chinese name in English too (there is no official romanisation to use), and the other way round.
 */
export function loadPeaks(context: PlaceContext): PlaceRecord[] {
  const toWgs84 = proj4(HK1980_PROJ4, 'EPSG:4326');
  return readDataJson<PeakFile>(context.dataDir, LANDMARK_FILES.peaks).peaks.map((peak) => {
    const [longitude, latitude] = toWgs84.forward([peak.E, peak.N]);
    const zhHk = context.toTraditional(peak.zh.trim()) || peak.en.trim();
    return {
      // No OpenStreetMap id survives in the file; the grid position (to the metre) is unique and stable.
      id: `peak:${Math.round(peak.E)}-${Math.round(peak.N)}`,
      kind: 'peak',
      name: { 'en-US': peak.en.trim() || zhHk, 'zh-HK': zhHk, 'zh-CN': context.toSimplified(zhHk) },
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      ...context.locate(longitude, latitude),
    };
  });
}

/** The 39 EPD-graded beaches; the file names them in Traditional Chinese only (other names: names/beach_names.json). */
export function loadBeaches(context: PlaceContext): PlaceRecord[] {
  const names = readDataJson<NamesFile<Pick<LocalisedText, 'en-US' | 'zh-CN'>>>(context.dataDir, LANDMARK_FILES.beachNames).names;
  const file = readDataJson<PointFile<{ name: string }>>(context.dataDir, LANDMARK_FILES.beaches);
  return file.features.map((feature) => {
    const tc = feature.properties.name;
    const other = names[tc];
    if (!other) throw new Error(`Beach ${tc} has no entry in data/${LANDMARK_FILES.beachNames}`);
    const [longitude, latitude] = feature.geometry.coordinates;
    return {
      id: `beach:${slug(other['en-US'].replace(/ Beach$/, ''))}`,
      kind: 'beach',
      name: { 'en-US': other['en-US'], 'zh-HK': tc, 'zh-CN': other['zh-CN'] },
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      ...context.locate(longitude, latitude),
    };
  });
}

/** The 105 declared monuments of the 2014/15 AMO list, with English and Traditional Chinese names. */
export function loadMonuments(context: PlaceContext): PlaceRecord[] {
  const file = readDataJson<PointFile<{ amo_id: string; name_en: string; name_zh: string }>>(context.dataDir, LANDMARK_FILES.monuments);
  return file.features.map((feature) => {
    const { amo_id: amoId, name_en: nameEn, name_zh: nameZh } = feature.properties;
    // trim() also drops the no-break spaces some names end with.
    const en = MONUMENT_NAME_EN_FIXES[nameEn.trim()] ?? nameEn.trim();
    const tc = nameZh.trim();
    const [longitude, latitude] = feature.geometry.coordinates;
    return {
      id: `monument:${amoId}`,
      kind: 'monument',
      name: { 'en-US': en, 'zh-HK': tc, 'zh-CN': context.toSimplified(tc) },
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      ...context.locate(longitude, latitude),
    };
  });
}
