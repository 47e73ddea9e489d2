/**
 * The zoning layer's features (core/contracts/zoning.ts): the zone polygons of an installed OZP zone file, or
 * without one the Kwun Tong LandsD iB1000 buildings, each footprint with the OZP zone the building stands in.
 *
 * The OZP zone file (README "Outline zoning plans"): GeoJSON FeatureCollection, WGS 84 longitude/latitude
 * (EPSG:4326), Polygon or MultiPolygon features, each with the zone code in `zone` (`R(A)`, `G/IC(1)`, `OU`...),
 * optionally `plan_no` (`S/K14S/22`) and `specified_use` (an OU zone's use, in English). Found at `OZP_ZONES_FILE`
 * or data/planning/ozp_zones.geojson. A feature without a zone code or with a bad polygon is skipped and reported;
 * a file that cannot be read, is not such GeoJSON, is on another grid or holds no usable feature stops the start-up
 * with a message naming the file and the problem, so a broken install is never shown as the shipped layer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  OU_SPECIFIED_USES,
  UNKNOWN_ZONE_COLOUR,
  hexToRgbText,
  ozpZoneOf,
  type ZoningCollection,
  type ZoningFeature,
  type ZoningProperties,
} from '../../core/contracts/zoning';
import type { Language, LocalisedText } from '../../core/contracts/common';
import { readDataJson } from './files';
import { convertCharacters, type CharacterMap } from './searchText';

export const ZONING_FILES = {
  kwunTongBuildings: 'buildings/kwun_tong_landsd_ib1000_buildings.geojson',
  ozpZones: 'planning/ozp_zones.geojson',
  chineseScript: 'names/chinese_script_characters.json',
} as const;

/** Environment variable naming an OZP zone file to use instead of data/planning/ozp_zones.geojson. */
export const OZP_ZONES_FILE_VARIABLE = 'OZP_ZONES_FILE';

/** Longitudes and latitudes of a box around Hong Kong: coordinates outside it are not WGS 84 of Hong Kong. */
const HONG_KONG_BOX = { west: 113.7, south: 22.1, east: 114.5, north: 22.6 };

type Position = [number, number];
type Rings = Position[][];

/** The zoning features and the problems met on the way (skipped features of an OZP file). */
export interface ZoningLoad {
  collection: ZoningCollection;
  /** Where the features came from: the OZP file's path, or the shipped buildings file. */
  file: string;
  skipped: string[];
}

function zoneProperties(code: string, specifiedUse: LocalisedText | null, toSimplified: CharacterMap): Omit<ZoningProperties, 'planNo' | 'building_EN' | 'building_TC'> {
  const zone = ozpZoneOf(code);
  const name: LocalisedText = zone?.name ?? { 'en-US': code, 'zh-HK': code, 'zh-CN': code };
  // A sub-zone number belongs to the name: G/IC(1) is "Government, Institution or Community (1)".
  // A worded sub-zone such as OU(Business) names a use, which the specified use says instead.
  const subZone = zone ? code.replace(/\s+/g, '').slice(zone.code.length) : '';
  const number = /[A-Za-z]/.test(subZone) ? '' : subZone;
  const zoneName: LocalisedText = { 'en-US': number ? `${name['en-US']} ${number}` : name['en-US'], 'zh-HK': name['zh-HK'] + number, 'zh-CN': name['zh-CN'] + number };
  const use = specifiedUse ? { ...specifiedUse, 'zh-CN': convertCharacters(specifiedUse['zh-CN'], toSimplified) } : null;
  const title = (language: Language, open: string, close: string) => (use ? `${zoneName[language]}${open}${use[language]}${close}` : zoneName[language]);
  return {
    zone: code,
    zoneCode: zone?.code ?? null,
    zoneName_EN: zoneName['en-US'],
    zoneName_TC: zoneName['zh-HK'],
    zoneName_SC: zoneName['zh-CN'],
    ...(use ? { specifiedUse_EN: use['en-US'], specifiedUse_TC: use['zh-HK'], specifiedUse_SC: use['zh-CN'] } : {}),
    key_EN: title('en-US', ' (', ')'),
    key_TC: title('zh-HK', '（', '）'),
    key_SC: title('zh-CN', '（', '）'),
    _value_1: hexToRgbText(zone?.colour ?? UNKNOWN_ZONE_COLOUR),
  };
}

/** The specified use in three languages: the table's words for a known use, else the source's own. */
function specifiedUseOf(english: unknown, chinese: unknown): LocalisedText | null {
  if (typeof english !== 'string' || english.trim() === '') return null;
  const known = OU_SPECIFIED_USES[english.trim().toUpperCase()];
  if (known) return known;
  const title = english.trim().toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
  const zh = typeof chinese === 'string' && chinese.trim() !== '' ? chinese.trim() : title;
  return { 'en-US': title, 'zh-HK': zh, 'zh-CN': zh };
}

function isPosition(value: unknown): value is Position {
  return Array.isArray(value) && value.length >= 2 && value.every((number) => typeof number === 'number' && Number.isFinite(number));
}

/** The rings of a polygon as [lon, lat] pairs, or a reason it cannot be drawn. */
function readRings(coordinates: unknown): Rings | string {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return 'a polygon needs at least one ring';
  const rings: Rings = [];
  for (const ring of coordinates) {
    if (!Array.isArray(ring) || ring.length < 4 || !ring.every(isPosition)) return 'a ring needs at least four [longitude, latitude] positions';
    rings.push(ring.map((position) => [position[0], position[1]]));
  }
  return rings;
}

function inHongKong([longitude, latitude]: Position): boolean {
  return longitude >= HONG_KONG_BOX.west && longitude <= HONG_KONG_BOX.east && latitude >= HONG_KONG_BOX.south && latitude <= HONG_KONG_BOX.north;
}

/** Reads an OZP zone file (see the module comment); throws naming the file when it cannot be used at all. */
export function readOzpZoneFile(path: string, toSimplified: CharacterMap): { features: ZoningFeature[]; skipped: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`OZP zone file ${path}: cannot be read as JSON (${(error as Error).message})`, { cause: error });
  }
  const features = (parsed as { type?: unknown; features?: unknown } | null)?.features;
  if ((parsed as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) {
    throw new Error(`OZP zone file ${path}: expected a GeoJSON FeatureCollection with a "features" array`);
  }
  const zoned: ZoningFeature[] = [];
  const skipped: string[] = [];
  features.forEach((feature: unknown, index) => {
    const { geometry, properties } = (feature ?? {}) as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: Record<string, unknown> | null };
    const skip = (reason: string) => skipped.push(`feature ${index}: ${reason}`);
    const code = properties?.zone;
    if (typeof code !== 'string' || code.trim() === '') return skip('no zone code in property "zone"');
    let polygons: Rings[];
    if (geometry?.type === 'Polygon') {
      const rings = readRings(geometry.coordinates);
      if (typeof rings === 'string') return skip(rings);
      polygons = [rings];
    } else if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates) && geometry.coordinates.length > 0) {
      polygons = [];
      for (const part of geometry.coordinates) {
        const rings = readRings(part);
        if (typeof rings === 'string') return skip(rings);
        polygons.push(rings);
      }
    } else return skip(`geometry must be a Polygon or MultiPolygon, not ${String(geometry?.type ?? 'missing')}`);
    const first = polygons[0][0][0];
    if (!inHongKong(first)) {
      // A file still on the HK 1980 Grid (metres) is the likely mistake; the README gives the ogr2ogr conversion.
      throw new Error(
        `OZP zone file ${path}: feature ${index} lies at ${first.join(', ')}, outside Hong Kong in WGS 84 longitude/latitude; ` +
          'convert the file to EPSG:4326 first (ogr2ogr -t_srs EPSG:4326, see the README)',
      );
    }
    const planNo = typeof properties?.plan_no === 'string' && properties.plan_no.trim() !== '' ? properties.plan_no.trim() : undefined;
    zoned.push({
      type: 'Feature',
      id: `ozp-${index}`,
      geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons },
      properties: { ...zoneProperties(code.trim(), specifiedUseOf(properties?.specified_use, null), toSimplified), ...(planNo ? { planNo } : {}) },
    });
  });
  if (zoned.length === 0) throw new Error(`OZP zone file ${path}: no usable zone (${skipped.slice(0, 3).join('; ') || 'no features'})`);
  return { features: zoned, skipped };
}

interface KwunTongBuilding {
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}

/** The Kwun Tong LandsD buildings (every one has an OZP zone), each footprint with its zone. */
export function kwunTongBuildingZones(dataDir: string, toSimplified: CharacterMap): ZoningFeature[] {
  const source = readDataJson<{ features: KwunTongBuilding[] }>(dataDir, ZONING_FILES.kwunTongBuildings);
  const features: ZoningFeature[] = [];
  for (const building of source.features) {
    const { properties } = building;
    const code = properties.ozp_zone;
    const rings = building.geometry.type === 'Polygon' ? readRings(building.geometry.coordinates) : 'not a Polygon';
    const id = properties.csuid ?? properties.landsd_building_id;
    if (typeof code !== 'string' || typeof rings === 'string') {
      throw new Error(`data/${ZONING_FILES.kwunTongBuildings}: building ${String(id)} has no OZP zone or footprint`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
    const planNo = text(properties.ozp_plan_no);
    const nameEn = text(properties.name_en);
    const nameZh = text(properties.name_zh);
    features.push({
      type: 'Feature',
      id: `building-${String(id)}`,
      geometry: { type: 'Polygon', coordinates: rings },
      properties: {
        ...zoneProperties(code, specifiedUseOf(properties.ozp_specified_use_en, properties.ozp_specified_use_zh), toSimplified),
        ...(planNo ? { planNo } : {}),
        ...(nameEn ? { building_EN: nameEn } : {}),
        ...(nameZh ? { building_TC: nameZh } : {}),
      },
    });
  }
  return features;
}

/**
 * The zoning layer: the OZP zone file when one is installed (`environment[OZP_ZONES_FILE]`, else
 * `<dataDir>/planning/ozp_zones.geojson`), else the Kwun Tong buildings.
 */
export function loadZoning(dataDir: string, environment: Record<string, string | undefined> = process.env): ZoningLoad {
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, ZONING_FILES.chineseScript).toSimplified;
  const configured = environment[OZP_ZONES_FILE_VARIABLE]?.trim();
  const ozpFile = configured ? resolve(configured) : join(dataDir, ZONING_FILES.ozpZones);
  if (configured && !existsSync(ozpFile)) throw new Error(`${OZP_ZONES_FILE_VARIABLE}=${configured}: no such file`);
  if (existsSync(ozpFile)) {
    const { features, skipped } = readOzpZoneFile(ozpFile, toSimplified);
    return {
      collection: {
        type: 'FeatureCollection',
        features,
        coverage: 'ozp-file',
        sourceName: { 'en-US': 'Outline Zoning Plans (installed zone file)', 'zh-HK': '分區計劃大綱圖（已安裝的分區檔案）', 'zh-CN': '分区计划大纲图（已安装的分区档案）' },
      },
      file: ozpFile,
      skipped,
    };
  }
  return {
    collection: {
      type: 'FeatureCollection',
      features: kwunTongBuildingZones(dataDir, toSimplified),
      coverage: 'kwun-tong-buildings',
      sourceName: {
        'en-US': 'OZP zone of the LandsD iB1000 buildings of Kwun Tong',
        'zh-HK': '觀塘地政總署iB1000建築物所在的分區計劃大綱圖地帶',
        'zh-CN': '观塘地政总署iB1000建筑物所在的分区计划大纲图地带',
      },
    },
    file: join(dataDir, ZONING_FILES.kwunTongBuildings),
    skipped: [],
  };
}
