/**
 * The venues of the indoor map and the indoor download page (SPEC §3 "Indoor venue"): the 97 real MTR stations
 * with the sample floor plans that server/data/indoorGenerator.ts draws, and real buildings (buildingSources.ts:
 * OpenStreetMap around Sha Tin / CUHK, LandsD iB1000 in the core transect and Kwun Tong), each with a SAMPLE
 * indoor map: one floor per storey whose slab is the building's real footprint, with a service core and a
 * corridor round it, and walls along the footprint and the core.
 * Positions, footprints, storey counts and names are real; the floor plans are generated, so every venue is
 * marked `sample: true`.
 *
 * Heights are metres relative to the ground, as in the indoor layer: a floor polygon is the slab under the floor
 * (from `baseMetres` to the floor level at `topMetres`), a wall stands on the floor up to the slab above.
 */
import {
  indoorVenueDownloadEndpoint,
  type IndoorVenueSummary,
  type LocalisedText,
} from '../../core/contracts';
import { loadDistrictIndex, type District, type DistrictIndex } from '../data/districts';
import { readDataJson } from '../data/files';
import { ringCentroid } from '../data/geometry';
import { generateIndoorModel, loadIndoorGeneratorParameters } from '../data/indoorGenerator';
import { loadMtrStations, stationVenue, type MtrStation } from '../data/mtrStations';
import { convertCharacters, normaliseSearchText, type CharacterMap } from '../data/searchText';
import { coreTransectRecords, kwunTongRecords, osmBuildingRecords, type BuildingRecord, type LonLat } from './buildingSources';

export { DEFAULT_STOREY_METRES } from './buildingSources';
export type { LonLat } from './buildingSources';

/** One floor slab of a venue: a polygon (outer ring counter-clockwise and closed, as GeoJSON wants). */
export interface VenueFloorArea {
  /** Floor label, e.g. `C`, `P1` (station concourse, first platform level) or `B1`, `G`, `1` (building). */
  floor: string;
  floorName: LocalisedText;
  /** What the area is: `concourse`, `paid-area`, `platform`, `trackway` (stations) or `floor`, `corridor`, `core` (buildings). */
  kind: string;
  baseMetres: number;
  topMetres: number;
  rings: LonLat[][];
}

/** One wall of a venue: a line to extrude from `baseMetres` to `topMetres`. */
export interface VenueWall {
  floor: string;
  floorName: LocalisedText;
  /** `outer-wall`, `platform-screen-door` (stations) or `core-wall` (buildings). */
  kind: string;
  baseMetres: number;
  topMetres: number;
  line: LonLat[];
}

export interface IndoorVenue {
  summary: IndoorVenueSummary;
  /** Station code for metro stations (searchable), null for buildings. */
  stationCode: string | null;
  areas: VenueFloorArea[];
  walls: VenueWall[];
}

export interface VenueQuery {
  q?: string;
  district?: string;
  type?: IndoorVenueSummary['type'];
}

export interface IndoorVenueCatalogue {
  readonly venues: readonly IndoorVenue[];
  venue(id: string): IndoorVenue | undefined;
  /** Venues matching every given criterion, sorted by English name (then id). */
  search(query: VenueQuery): IndoorVenue[];
}

/** Thickness of the sample floor slabs of buildings. */
export const BUILDING_SLAB_METRES = 0.3;

const CHINESE_SCRIPT_FILE = 'names/chinese_script_characters.json';

const round2 = (value: number) => Math.round(value * 100) / 100;
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/** Download paths of a venue (the data-service paths of the download endpoint). */
export function venueLinks(id: string): IndoorVenueSummary['links'] {
  const path = (format: 'GEOJSON' | 'SHP') => indoorVenueDownloadEndpoint.path.replace('{format}', format).replace('{venueId}', id);
  return { GEOJSON: path('GEOJSON'), SHP: path('SHP') };
}

function districtFields(district: District | null): Pick<IndoorVenueSummary, 'districtCode' | 'district'> {
  return { districtCode: district?.code ?? null, district: district ? { ...district.name } : null };
}

/** Signed area of a ring in degrees² (positive: counter-clockwise). */
export function signedRingArea(ring: readonly LonLat[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum / 2;
}

/** The ring closed and counter-clockwise (RFC 7946 outer ring). */
function counterClockwise(ring: readonly LonLat[]): LonLat[] {
  const closed = ring.map(([lon, lat]): LonLat => [round7(lon), round7(lat)]);
  const [first, last] = [closed[0], closed[closed.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) closed.push([first[0], first[1]]);
  return signedRingArea(closed) < 0 ? closed.reverse() : closed;
}

// ---------------------------------------------------------------- metro stations

/**
 * The station venues: the generator's polygons and walls grouped by venue. A floor label is the generator's
 * floor id without the station code (`ADM-C` → `C`, `ADM-P1` → `P1`), in the generator's order (concourse first).
 */
function stationVenues(dataDir: string, stations: readonly MtrStation[]): IndoorVenue[] {
  const model = generateIndoorModel(stations, loadIndoorGeneratorParameters(dataDir));
  const byVenue = new Map<string, { areas: VenueFloorArea[]; walls: VenueWall[] }>();
  const entry = (venueId: string) => {
    let found = byVenue.get(venueId);
    if (!found) byVenue.set(venueId, (found = { areas: [], walls: [] }));
    return found;
  };
  const floorLabel = (floorId: string) => floorId.slice(floorId.indexOf('-') + 1);
  const floorName = (properties: { floorName_EN: string; floorName_TC: string; floorName_SC: string }): LocalisedText => ({
    'en-US': properties.floorName_EN,
    'zh-HK': properties.floorName_TC,
    'zh-CN': properties.floorName_SC,
  });
  for (const feature of model.polygons.features) {
    const properties = feature.properties;
    entry(properties.Venue_ID).areas.push({
      floor: floorLabel(properties.floorId),
      floorName: floorName(properties),
      kind: properties.space,
      baseMetres: properties._base_height,
      topMetres: properties._height,
      rings: feature.geometry.coordinates.map((ring) => counterClockwise(ring as LonLat[])),
    });
  }
  for (const feature of model.walls.features) {
    const properties = feature.properties;
    entry(properties.Venue_ID).walls.push({
      floor: floorLabel(properties.floorId),
      floorName: floorName(properties),
      kind: properties.wallType,
      baseMetres: properties._base_height,
      topMetres: properties._height,
      line: feature.geometry.coordinates.map(([lon, lat]): LonLat => [lon, lat]),
    });
  }
  return stations.map((station) => {
    const venue = stationVenue(station);
    const plan = byVenue.get(venue.Venue_ID);
    if (!plan) throw new Error(`The indoor generator drew no plan for station ${station.code}`);
    return {
      summary: {
        id: venue.Venue_ID,
        type: 'metro-station',
        name: { 'en-US': venue.Venue_Eng_name, 'zh-HK': venue.Venue_Chi_name, 'zh-CN': venue.Venue_SC_name },
        ...districtFields(station.district),
        floors: [...new Set(plan.areas.map((area) => area.floor))],
        position: [round7(station.longitude), round7(station.latitude)],
        links: venueLinks(venue.Venue_ID),
        buildingUse: null,
        sample: true,
      },
      stationCode: station.code,
      areas: plan.areas,
      walls: plan.walls,
    };
  });
}

// ---------------------------------------------------------------- buildings

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The Chinese and English parts of an OSM `name` that holds both ("逸夫科學大樓 Run Run Shaw Science Building",
 * "Lingnan Stadium 嶺南體育館"): split where the second script starts. A name in one script is that part only.
 */
export function splitBilingualName(name: string): { zh: string | null; en: string | null } {
  const text = name.trim();
  const hanAt = text.search(HAN);
  const latinAt = text.search(LATIN);
  if (hanAt < 0) return { zh: null, en: text || null };
  if (latinAt < 0) return { zh: text, en: null };
  if (hanAt < latinAt) {
    // Chinese first: the Chinese part may hold Latin letters only before the English starts after a space.
    const split = text.slice(hanAt).search(/\s+\p{Script=Latin}/u);
    if (split < 0) return { zh: text, en: null };
    return { zh: text.slice(0, hanAt + split).trim(), en: text.slice(hanAt + split).trim() };
  }
  return { en: text.slice(0, hanAt).trim(), zh: text.slice(hanAt).trim() };
}

/**
 * Names of a building in three languages: `name:en` / `name:zh` (or `name:zh-Hant` / `name:zh-Hans`) where
 * tagged, else the parts of `name`. A building named in one language only shows that name in all three; one
 * without a name gets "Building <OSM id>, <district>".
 */
export function buildingNames(tags: Record<string, string | undefined>, osmId: string, district: District | null, toSimplified: (text: string) => string): LocalisedText {
  const parts = tags.name ? splitBilingualName(tags.name) : { zh: null, en: null };
  const english = tags['name:en']?.trim() || parts.en;
  const traditional = tags['name:zh-Hant']?.trim() || tags['name:zh']?.trim() || parts.zh;
  const simplified = tags['name:zh-Hans']?.trim() || (traditional ? toSimplified(traditional) : null);
  if (english || traditional) {
    return { 'en-US': english ?? traditional!, 'zh-HK': traditional ?? english!, 'zh-CN': simplified ?? english! };
  }
  const place = district?.name ?? { 'en-US': 'Hong Kong', 'zh-HK': '香港', 'zh-CN': '香港' };
  return { 'en-US': `Building ${osmId}, ${place['en-US']}`, 'zh-HK': `${place['zh-HK']}建築物 ${osmId}`, 'zh-CN': `${place['zh-CN']}建筑物 ${osmId}` };
}

/** The floors of a building from the bottom: B<n>…B1 below ground, G, then 1 … storeys − 1. */
export function buildingFloorLabels(storeys: number, underground: number): string[] {
  const below = Array.from({ length: underground }, (_, index) => `B${underground - index}`);
  const above = Array.from({ length: storeys }, (_, index) => (index === 0 ? 'G' : String(index)));
  return [...below, ...above];
}

/** The storey number of a floor label: G → 0, 1 → 1, B2 → −2 (the feed's `floorLevel`). */
export function floorLevelOf(label: string): number {
  if (label === 'G') return 0;
  return label.startsWith('B') ? -Number(label.slice(1)) : Number(label);
}

export function floorNameOf(label: string): LocalisedText {
  if (label === 'G') return { 'en-US': 'Ground floor', 'zh-HK': '地下', 'zh-CN': '地下' };
  if (label.startsWith('B')) {
    const level = label.slice(1);
    return { 'en-US': `Basement ${level}`, 'zh-HK': `地庫${level}樓`, 'zh-CN': `地库${level}楼` };
  }
  return { 'en-US': `Floor ${label}`, 'zh-HK': `${label}樓`, 'zh-CN': `${label}楼` };
}

/**
 * The sample plan of every storey, the same on each (so it reads as a plan, not a random pattern): the slab
 * (the real footprint), a service core in the middle holding the lifts and stairs (the outer ring scaled to
 * CORE_SCALE about its centroid) and a corridor round it (the ring between CORE_SCALE and CORRIDOR_SCALE).
 * Core and corridor stand PLAN_AREA_RAISE_METRES proud of the slab so they show on it, like a station's paid
 * area. A scaled ring stays inside a convex footprint; on a strongly concave one it may cross the outline.
 */
export const CORE_SCALE = 0.3;
export const CORRIDOR_SCALE = 0.55;
const PLAN_AREA_RAISE_METRES = 0.05;

function scaledRing(ring: readonly LonLat[], [centreLon, centreLat]: LonLat, scale: number): LonLat[] {
  return ring.map(([lon, lat]): LonLat => [round7(centreLon + (lon - centreLon) * scale), round7(centreLat + (lat - centreLat) * scale)]);
}

function buildingVenue(record: BuildingRecord, districts: DistrictIndex): IndoorVenue {
  const footprint = counterClockwise(record.rings[0]);
  const holes = record.rings.slice(1).map((ring) => counterClockwise(ring).reverse());
  const centre = ringCentroid(footprint);
  const [longitude, latitude] = centre;
  const district = districts.districtAt(longitude, latitude);
  const core = scaledRing(footprint, centre, CORE_SCALE);
  const corridor = scaledRing(footprint, centre, CORRIDOR_SCALE);
  const id = `BLDG-${record.idNumber}`;
  const { storeys, underground, storeyMetres } = record;
  const labels = buildingFloorLabels(storeys, underground);
  const areas: VenueFloorArea[] = [];
  const walls: VenueWall[] = [];
  labels.forEach((floor, index) => {
    const level = (index - underground) * storeyMetres;
    const floorName = floorNameOf(floor);
    const slabBase = round2(level - BUILDING_SLAB_METRES);
    const raised = round2(level + PLAN_AREA_RAISE_METRES);
    const ceiling = round2(level + storeyMetres - BUILDING_SLAB_METRES);
    areas.push(
      { floor, floorName, kind: 'floor', baseMetres: slabBase, topMetres: round2(level), rings: [footprint, ...holes] },
      { floor, floorName, kind: 'corridor', baseMetres: slabBase, topMetres: raised, rings: [corridor, [...core].reverse()] },
      { floor, floorName, kind: 'core', baseMetres: slabBase, topMetres: raised, rings: [core] },
    );
    walls.push(
      { floor, floorName, kind: 'outer-wall', baseMetres: round2(level), topMetres: ceiling, line: footprint },
      { floor, floorName, kind: 'core-wall', baseMetres: round2(level), topMetres: ceiling, line: core },
    );
  });
  return {
    summary: {
      id,
      type: 'building',
      name: record.names(district),
      ...districtFields(district),
      floors: labels,
      position: [round7(longitude), round7(latitude)],
      links: venueLinks(id),
      buildingUse: record.use,
      sample: true,
    },
    stationCode: null,
    areas,
    walls,
  };
}

/** The building venues of all three files; fails on an id used twice (an OSM way id equal to a LandsD id). */
function buildingVenues(dataDir: string, districts: DistrictIndex): IndoorVenue[] {
  const toSimplifiedMap = readDataJson<{ toSimplified: CharacterMap }>(dataDir, CHINESE_SCRIPT_FILE).toSimplified;
  const toSimplified = (text: string) => convertCharacters(text, toSimplifiedMap);
  const records = [
    ...osmBuildingRecords(dataDir, (tags, osmId, district) => buildingNames(tags, osmId, district, toSimplified)),
    ...coreTransectRecords(dataDir, toSimplified),
    ...kwunTongRecords(dataDir, toSimplified),
  ];
  const sources = new Map<string, BuildingRecord['source']>();
  for (const record of records) {
    const earlier = sources.get(record.idNumber);
    if (earlier) throw new Error(`Building venue id BLDG-${record.idNumber} is used by both ${earlier} and ${record.source}`);
    sources.set(record.idNumber, record.source);
  }
  return records.map((record) => buildingVenue(record, districts));
}

// ---------------------------------------------------------------- catalogue

const byName = (a: IndoorVenue, b: IndoorVenue) =>
  a.summary.name['en-US'].localeCompare(b.summary.name['en-US'], 'en', { numeric: true, sensitivity: 'base' }) ||
  (a.summary.id < b.summary.id ? -1 : a.summary.id > b.summary.id ? 1 : 0);

/** The catalogue over the given venues: lookup by id and search. */
export function createVenueCatalogue(list: readonly IndoorVenue[]): IndoorVenueCatalogue {
  const venues = [...list].sort(byName);
  const byId = new Map(venues.map((venue) => [venue.summary.id, venue]));
  // What a query is matched against: the three names, the venue id and the station code, in search form.
  const haystacks = new Map(
    venues.map((venue) => {
      const { name, id } = venue.summary;
      return [venue, normaliseSearchText([name['en-US'], name['zh-HK'], name['zh-CN'], id, venue.stationCode ?? ''].join('\n'))];
    }),
  );
  return {
    venues,
    venue: (id) => byId.get(id),
    search({ q, district, type }) {
      const needle = q ? normaliseSearchText(q) : '';
      return venues.filter(
        (venue) =>
          (!type || venue.summary.type === type) &&
          (!district || venue.summary.districtCode === district) &&
          (!needle || haystacks.get(venue)!.includes(needle)),
      );
    },
  };
}

/** Every venue from the data folder: stations first loaded, then buildings; sorted by name in the catalogue. */
export function loadIndoorVenues(dataDir: string): IndoorVenueCatalogue {
  const districts = loadDistrictIndex(dataDir);
  const stations = loadMtrStations(dataDir);
  return createVenueCatalogue([...stationVenues(dataDir, stations), ...buildingVenues(dataDir, districts)]);
}

const loadedCatalogues = new Map<string, IndoorVenueCatalogue>();

/**
 * The catalogue of a data folder, loaded once per process: the indoor feeds and the indoor download both serve
 * it, and building ~900 venues takes about a second.
 */
export function indoorVenuesOf(dataDir: string): IndoorVenueCatalogue {
  let catalogue = loadedCatalogues.get(dataDir);
  if (!catalogue) loadedCatalogues.set(dataDir, (catalogue = loadIndoorVenues(dataDir)));
  return catalogue;
}
