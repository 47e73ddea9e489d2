/**
 * The buildings that get an indoor venue, read from the real building files of data/buildings into one record
 * shape: the OpenStreetMap buildings around Sha Tin / CUHK with `building:levels`, the named LandsD iB1000
 * buildings of the core transect (Central, Admiralty, Wan Chai, Tsim Sha Tsui, Mong Kok, ... with Buildings
 * Department storeys) and the named LandsD towers of Kwun Tong (storeys from the LandsD height).
 *
 * `use` is what the data say a building is used for, mapped to the SPEC §1 split (commercial or industrial,
 * government or school) plus residential; null where the source says nothing (the core transect has no use
 * attribute). The mapping is documented in CONTEXT.md and below; nothing is guessed from names.
 */
import type { BuildingUse, LocalisedText } from '../../core/contracts';
import type { District } from '../data/districts';
import { readDataJson } from '../data/files';
import { BUILDINGS_FILE, heightOf, storeysOf, type OsmBuildingFile } from '../geo/buildings';

export type LonLat = [number, number];

/** One building before it becomes a venue. */
export interface BuildingRecord {
  /** The number of the venue id `BLDG-<number>`: the OSM way id or the LandsD building id. */
  idNumber: string;
  /** Which file it came from (for messages and the venue's `source`). */
  source: 'osm' | 'landsd-core-transect' | 'landsd-kwun-tong';
  /** Names in three languages, or null to be named after its id and district. */
  names: (district: District | null) => LocalisedText;
  /** Outer ring first, then holes, as in the file. */
  rings: LonLat[][];
  storeys: number;
  underground: number;
  /** Floor-to-floor height, metres. */
  storeyMetres: number;
  use: BuildingUse | null;
}

/** The storey height of a building without a usable height (floor to floor, a common Hong Kong figure). */
export const DEFAULT_STOREY_METRES = 3.5;
/**
 * Floor-to-floor height used to count the storeys of the Kwun Tong towers from their LandsD height (the file has
 * no storey count): office and industrial towers there run about 4 m a storey (industrial buildings of the
 * 1960s–80s have tall storeys for goods lifts and machinery; Grade A offices 4 m and more).
 */
export const KWUN_TONG_STOREY_METRES = 4;
/**
 * A recorded storey count whose height per storey falls outside this range disagrees with the LandsD height
 * (e.g. The Peninsula's office tower: the polygon is the 41 m older wing, the 30 storeys are the tower's); such
 * buildings keep their storey count and get the default storey height.
 */
export const PLAUSIBLE_STOREY_METRES = { min: 2.8, max: 6 } as const;

export const LANDSD_CORE_TRANSECT_FILE = 'buildings/hk_core_transect_buildings_landsd_ib1000.geojson';
export const LANDSD_KWUN_TONG_FILE = 'buildings/kwun_tong_landsd_ib1000_buildings.geojson';

type Geometry = { type: 'Polygon'; coordinates: LonLat[][] };

interface CoreTransectProperties {
  landsd_building_id: number;
  name_en: string | null;
  name_zh: string | null;
  height_m: number | null;
  storeys: number | null;
}

interface KwunTongProperties {
  landsd_building_id: number;
  structure_type: string;
  height_m: number | null;
  name_en: string | null;
  name_zh: string | null;
  ozp_zone: string | null;
  ozp_specified_use_en: string | null;
}

// ---------------------------------------------------------------- use

/** OSM `building=*` values that say what a building is used for. */
const OSM_BUILDING_USE: Record<string, BuildingUse> = {
  university: 'government-school',
  school: 'government-school',
  college: 'government-school',
  kindergarten: 'government-school',
  government: 'government-school',
  public: 'government-school',
  office: 'commercial-industrial',
  commercial: 'commercial-industrial',
  retail: 'commercial-industrial',
  hotel: 'commercial-industrial',
  industrial: 'commercial-industrial',
  warehouse: 'commercial-industrial',
  supermarket: 'commercial-industrial',
  house: 'residential',
  apartments: 'residential',
  residential: 'residential',
  dormitory: 'residential',
};
/** OSM `amenity=*` values that make a building (tagged only `building=yes`) a government building or school. */
const OSM_AMENITY_USE: Record<string, BuildingUse> = {
  school: 'government-school',
  university: 'government-school',
  college: 'government-school',
  library: 'government-school',
  townhall: 'government-school',
};

/** The use of an OSM building from its `building` tag, else its `amenity` tag; null for `yes` and the rest. */
export function osmBuildingUse(tags: Record<string, string | undefined>): BuildingUse | null {
  return OSM_BUILDING_USE[tags.building ?? ''] ?? OSM_AMENITY_USE[tags.amenity ?? ''] ?? null;
}

/**
 * The use of a Kwun Tong building from the Outline Zoning Plan zone it stands in (PlanD S/K14S): `OU` Business
 * (commercial and clean industrial uses), `OU` Petrol Filling Station and `C` Commercial → commercial or
 * industrial; `G/IC` Government, Institution or Community and `OU` Sewage Treatment Plant (a DSD works) →
 * government; `O` Open Space and anything else → null. The file's `usage_type` codes (UNC, OTH, ELS, ...) are
 * not explained by the source, so they are not read.
 */
export function kwunTongBuildingUse(zone: string | null, specifiedUse: string | null): BuildingUse | null {
  const code = (zone ?? '').replace(/\(\d+\)$/, '');
  if (code === 'C') return 'commercial-industrial';
  if (code === 'G/IC') return 'government-school';
  if (code === 'OU') {
    if (specifiedUse === 'BUSINESS' || specifiedUse === 'PETROL FILLING STATION') return 'commercial-industrial';
    if (specifiedUse === 'SEWAGE TREATMENT PLANT') return 'government-school';
  }
  return null;
}

// ---------------------------------------------------------------- names

/** A LandsD name in three languages (one language for all three where the other is missing). */
function landsdNames(english: string | null, chinese: string | null, toSimplified: (text: string) => string): LocalisedText | null {
  const en = english?.trim() || null;
  const zh = chinese?.trim() || null;
  if (!en && !zh) return null;
  return { 'en-US': en ?? zh!, 'zh-HK': zh ?? en!, 'zh-CN': zh ? toSimplified(zh) : en! };
}

/** Storeys of a building counted from its height at the given storey height (at least one). */
export function storeysFromHeight(heightMetres: number, storeyMetres: number): number {
  return Math.max(1, Math.round(heightMetres / storeyMetres));
}

// ---------------------------------------------------------------- readers

/** OSM buildings with a plain `building:levels`; `osmNames` names them (tags, way id, district). */
export function osmBuildingRecords(
  dataDir: string,
  osmNames: (tags: Record<string, string | undefined>, osmId: string, district: District | null) => LocalisedText,
): BuildingRecord[] {
  const records: BuildingRecord[] = [];
  for (const feature of readDataJson<OsmBuildingFile>(dataDir, BUILDINGS_FILE).features) {
    const tags = feature.properties;
    const storeys = storeysOf(tags['building:levels']);
    if (storeys === null || storeys < 1) continue;
    const osmMatch = /^way\/(\d{1,12})$/.exec(tags['@id'] ?? '');
    // Venue ids are `BLDG-<way id>`: a relation's number could collide with a way's, so only ways are venues.
    if (!osmMatch) throw new Error(`data/${BUILDINGS_FILE}: building '${tags['@id']}' is not an OSM way; venue ids assume ways`);
    const height = heightOf(tags.height);
    records.push({
      idNumber: osmMatch[1],
      source: 'osm',
      names: (district) => osmNames(tags, osmMatch[1], district),
      rings: feature.geometry.coordinates,
      storeys,
      underground: storeysOf(tags['building:levels:underground']) ?? 0,
      storeyMetres: height !== null ? height / storeys : DEFAULT_STOREY_METRES,
      use: osmBuildingUse(tags),
    });
  }
  return records;
}

/**
 * The named buildings of the core transect with a Buildings Department storey count (≥ 1); storey height from
 * the LandsD height where it agrees with the count (see PLAUSIBLE_STOREY_METRES).
 */
export function coreTransectRecords(dataDir: string, toSimplified: (text: string) => string): BuildingRecord[] {
  const file = readDataJson<{ features: Array<{ geometry: Geometry; properties: CoreTransectProperties }> }>(dataDir, LANDSD_CORE_TRANSECT_FILE);
  const records: BuildingRecord[] = [];
  for (const { geometry, properties } of file.features) {
    const names = landsdNames(properties.name_en, properties.name_zh, toSimplified);
    const storeys = properties.storeys;
    if (!names || storeys === null || !Number.isInteger(storeys) || storeys < 1) continue;
    const perStorey = properties.height_m !== null ? properties.height_m / storeys : null;
    const plausible = perStorey !== null && perStorey >= PLAUSIBLE_STOREY_METRES.min && perStorey <= PLAUSIBLE_STOREY_METRES.max;
    records.push({
      idNumber: String(properties.landsd_building_id),
      source: 'landsd-core-transect',
      names: () => names,
      rings: geometry.coordinates,
      storeys,
      underground: 0,
      storeyMetres: plausible ? perStorey : DEFAULT_STOREY_METRES,
      use: null,
    });
  }
  return records;
}

/** The named towers (structure type T) of Kwun Tong; storeys from the LandsD height at KWUN_TONG_STOREY_METRES. */
export function kwunTongRecords(dataDir: string, toSimplified: (text: string) => string): BuildingRecord[] {
  const file = readDataJson<{ features: Array<{ geometry: Geometry; properties: KwunTongProperties }> }>(dataDir, LANDSD_KWUN_TONG_FILE);
  const records: BuildingRecord[] = [];
  for (const { geometry, properties } of file.features) {
    const names = landsdNames(properties.name_en, properties.name_zh, toSimplified);
    if (!names || properties.structure_type !== 'T' || properties.height_m === null || properties.height_m <= 0) continue;
    const storeys = storeysFromHeight(properties.height_m, KWUN_TONG_STOREY_METRES);
    records.push({
      idNumber: String(properties.landsd_building_id),
      source: 'landsd-kwun-tong',
      names: () => names,
      rings: geometry.coordinates,
      storeys,
      underground: 0,
      storeyMetres: properties.height_m / storeys,
      use: kwunTongBuildingUse(properties.ozp_zone, properties.ozp_specified_use_en),
    });
  }
  return records;
}
