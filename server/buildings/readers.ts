/**
 * One reader per building source: a GeoJSON feature in, the store's records out (one per polygon; a MultiPolygon
 * gives one record per part, ids after the first suffixed `#2`, `#3`, …). A row that cannot be a building throws
 * {@link BuildingRowError} with the reason, which the importer reports with the row's line and then goes on.
 * The Kowloon Bay CityGML has its own reader (citygml.ts).
 */
import {
  ASSUMED_BUILDING_HEIGHT_METRES,
  ASSUMED_STOREY_HEIGHT_METRES,
  type BuildingCategory,
  type BuildingHeightKind,
  type BuildingRecord,
  type BuildingSource,
} from '../../core/contracts/buildings';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { heightOf, storeysOf } from '../geo/buildings';
import { categoryFromLandsd, categoryFromOsm, categoryFromOzpZone } from './categories';
import { normaliseFootprint, type Footprint } from './footprint';

export class BuildingRowError extends Error {}

export interface GeoJsonFeature {
  type?: unknown;
  geometry?: unknown;
  properties?: Record<string, unknown> | null;
}

export type FeatureReader = (feature: GeoJsonFeature) => BuildingRecord[];

/** The record fields a reader decides; the footprint is added per polygon part. */
type RecordFields = Omit<BuildingRecord, 'footprint'>;

/** Polygons of a feature's geometry, in the coordinates the source uses. */
function polygonsOf(feature: GeoJsonFeature): unknown[][] {
  const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (!geometry || typeof geometry !== 'object') throw new BuildingRowError('the feature has no geometry');
  if (geometry.type === 'Polygon' && Array.isArray(geometry.coordinates)) return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates) && geometry.coordinates.every(Array.isArray)) {
    return geometry.coordinates as unknown[][];
  }
  throw new BuildingRowError(`geometry type ${String(geometry.type)} is not a Polygon or MultiPolygon`);
}

function mapRings(rings: unknown[], transform: (position: [number, number]) => [number, number]): unknown[] {
  return rings.map((ring) =>
    Array.isArray(ring)
      ? ring.map((position) => (Array.isArray(position) && typeof position[0] === 'number' && typeof position[1] === 'number' ? transform([position[0], position[1]]) : [NaN, NaN]))
      : ring,
  );
}

/** One record per polygon part; `toWgs84` converts source coordinates (identity for WGS84 sources). */
function recordsOf(feature: GeoJsonFeature, fields: RecordFields, toWgs84?: (position: [number, number]) => [number, number]): BuildingRecord[] {
  return polygonsOf(feature).map((rings, part) => {
    const footprint: Footprint | string = normaliseFootprint(toWgs84 ? mapRings(rings, toWgs84) : rings);
    if (typeof footprint === 'string') throw new BuildingRowError(footprint);
    return { ...fields, id: part === 0 ? fields.id : `${fields.id}#${part + 1}`, footprint };
  });
}

function properties(feature: GeoJsonFeature): Record<string, unknown> {
  const value = feature.properties;
  if (!value || typeof value !== 'object') throw new BuildingRowError('the feature has no properties');
  return value;
}

/** A number field (a number, or a numeric string as some exports write them); null when absent or blank. */
function numberField(props: Record<string, unknown>, key: string): number | null {
  const value = props[key];
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) throw new BuildingRowError(`${key} is not a number: ${JSON.stringify(value).slice(0, 40)}`);
  return number;
}

function textField(props: Record<string, unknown>, key: string): string | null {
  const value = props[key];
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function idField(props: Record<string, unknown>, key: string): string | null {
  const value = props[key];
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return textField(props, key);
}

/** A positive whole storey count, else null. */
function storeysField(props: Record<string, unknown>, key: string): number | null {
  const value = numberField(props, key);
  return value !== null && Number.isInteger(value) && value > 0 ? value : null;
}

interface Heights {
  baseLevelMetres: number | null;
  roofLevelMetres: number | null;
  heightMetres: number;
  heightKind: BuildingHeightKind;
}

/**
 * LandsD levels: height = roof − base when both are measured, else the source's own height. A building without
 * a positive measured height is a bad row (LandsD sources always measure).
 */
function measuredHeights(base: number | null, roof: number | null, height: number | null): Heights {
  const measured = base !== null && roof !== null ? roof - base : height;
  if (measured === null) throw new BuildingRowError('no height: neither roof and base levels nor a height');
  if (!(measured > 0)) throw new BuildingRowError(`height ${Math.round(measured * 10) / 10} m is not above 0 (roof ${roof}, base ${base})`);
  return { baseLevelMetres: base, roofLevelMetres: roof, heightMetres: Math.round(measured * 1000) / 1000, heightKind: 'measured' };
}

/** OpenStreetMap heights: `height` (metres) when tagged, else `building:levels` × 3 m, else one assumed storey. */
export function osmHeights(heightTag: string | undefined, levelsTag: string | undefined): Heights & { storeys: number | null } {
  const height = heightOf(heightTag);
  const levels = storeysOf(levelsTag);
  const storeys = levels !== null && levels > 0 ? levels : null;
  const base = { baseLevelMetres: null, roofLevelMetres: null, storeys };
  if (height !== null && height > 0) return { ...base, heightMetres: height, heightKind: 'measured' };
  if (storeys !== null) return { ...base, heightMetres: storeys * ASSUMED_STOREY_HEIGHT_METRES, heightKind: 'from-storeys' };
  return { ...base, heightMetres: ASSUMED_BUILDING_HEIGHT_METRES, heightKind: 'assumed' };
}

const empty = {
  csuid: null,
  landsdBuildingId: null,
  storeys: null,
  nameEn: null,
  nameZh: null,
  categorySourceValue: null,
  address: null,
  yearCompleted: null,
} satisfies Partial<RecordFields>;

function fields(source: BuildingSource, sourceDataset: string, id: string, category: BuildingCategory, rest: Partial<RecordFields> & Heights): RecordFields {
  return { ...empty, id, category, source, sourceDataset, ...rest };
}

function requireId(value: string | null, key: string): string {
  if (!value) throw new BuildingRowError(`${key} is missing`);
  return value;
}

/** hk_core_transect_buildings_landsd_ib1000.geojson: CSUID, levels, names, storeys (BMIS), year, address. */
export function readTransectFeature(dataset: string): FeatureReader {
  return (feature) => {
    const props = properties(feature);
    const csuid = requireId(textField(props, 'csuid'), 'csuid');
    const yearCompleted = numberField(props, 'year_completed');
    return recordsOf(
      feature,
      fields('landsd-ib1000', dataset, csuid, 'other', {
        csuid,
        landsdBuildingId: idField(props, 'landsd_building_id'),
        nameEn: textField(props, 'name_en'),
        nameZh: textField(props, 'name_zh'),
        address: textField(props, 'address_en'),
        storeys: storeysField(props, 'storeys'),
        yearCompleted: yearCompleted !== null && Number.isInteger(yearCompleted) ? yearCompleted : null,
        ...measuredHeights(numberField(props, 'base_level_hkpd_m'), numberField(props, 'roof_level_hkpd_m'), numberField(props, 'height_m')),
      }),
    );
  };
}

/** kwun_tong_landsd_ib1000_buildings.geojson: CSUID, levels, names, address, structure (T/P/OS) and OZP zone. */
export function readKwunTongFeature(dataset: string): FeatureReader {
  return (feature) => {
    const props = properties(feature);
    const landsdBuildingId = idField(props, 'landsd_building_id');
    const csuid = textField(props, 'csuid');
    const zone = textField(props, 'ozp_zone');
    const specifiedUse = textField(props, 'ozp_specified_use_en');
    const street = textField(props, 'street_zh');
    return recordsOf(
      feature,
      fields('landsd-ib1000', dataset, csuid ?? `landsd:${requireId(landsdBuildingId, 'landsd_building_id')}`, categoryFromOzpZone(zone, specifiedUse), {
        csuid,
        landsdBuildingId,
        nameEn: textField(props, 'name_en'),
        nameZh: textField(props, 'name_zh'),
        address: textField(props, 'address_en') ?? street,
        // The planning zone (what the category is read from) and the block type: `OU BUSINESS, T`.
        categorySourceValue: [[zone, specifiedUse].filter(Boolean).join(' '), textField(props, 'structure_type')].filter(Boolean).join(', ') || null,
        ...measuredHeights(numberField(props, 'base_level_hkpd_m'), numberField(props, 'roof_level_hkpd_m'), numberField(props, 'height_m')),
      }),
    );
  };
}

/** wong_tai_sin_landsd_ib1000_building_heights.geojson: LandsD id, measured height only (no levels), names. */
export function readWongTaiSinFeature(dataset: string): FeatureReader {
  return (feature) => {
    const props = properties(feature);
    const landsdBuildingId = requireId(idField(props, 'landsd_building_id'), 'landsd_building_id');
    return recordsOf(
      feature,
      fields('landsd-ib1000', dataset, `landsd:${landsdBuildingId}`, 'other', {
        landsdBuildingId,
        nameEn: textField(props, 'name_en'),
        nameZh: textField(props, 'name_zh'),
        ...measuredHeights(null, null, numberField(props, 'height_m')),
      }),
    );
  };
}

const HAN = /\p{Script=Han}/u;

/** An OpenStreetMap GeoJSON export (Overpass or osmium): `@id` (or `id`), `building`, `height`, `building:levels`, names. */
export function readOsmFeature(dataset: string): FeatureReader {
  return (feature) => {
    const props = properties(feature);
    const osmId = textField(props, '@id') ?? (typeof (feature as { id?: unknown }).id === 'string' ? String((feature as { id: string }).id) : null);
    const building = textField(props, 'building') ?? undefined;
    const tag = (key: string) => textField(props, key) ?? undefined;
    const heights = osmHeights(tag('height'), tag('building:levels'));
    const name = tag('name');
    return recordsOf(
      feature,
      fields('osm', dataset, `osm:${requireId(osmId, '@id')}`, categoryFromOsm(building), {
        ...heights,
        // `name` is whatever the local mapper wrote: Chinese when it has Han characters, else taken as English.
        nameEn: tag('name:en') ?? (name && !HAN.test(name) ? name : null),
        nameZh: tag('name:zh') ?? (name && HAN.test(name) ? name : null),
        categorySourceValue: building ?? null,
        address: [tag('addr:housenumber'), tag('addr:street')].filter(Boolean).join(' ') || null,
      }),
    );
  };
}

/**
 * The LandsD "Building Footprint Public" export (BUILDING_STRUCTURE, HK1980 Grid EPSG:2326): BUILDINGCSUID,
 * TOPHEIGHT and BASEHEIGHT (m above HKPD), NUMABOVEGROUNDSTOREYS, CATEGORY, OFFICIALBUILDINGNAMEEN / TC.
 */
export function readLandsdFootprintFeature(dataset: string): FeatureReader {
  return (feature) => {
    const props = properties(feature);
    const csuid = requireId(textField(props, 'BUILDINGCSUID'), 'BUILDINGCSUID');
    const category = textField(props, 'CATEGORY');
    const toWgs84 = ([easting, northing]: [number, number]): [number, number] => {
      // HK1980 Grid eastings run 800 000–870 000 and northings 800 000–850 000; anything else is another CRS.
      if (!(easting > 790_000 && easting < 880_000 && northing > 790_000 && northing < 860_000)) {
        throw new BuildingRowError(`coordinate ${easting},${northing} is not on the HK1980 Grid`);
      }
      return fromHk1980([easting, northing]);
    };
    return recordsOf(
      feature,
      fields('landsd-footprint', dataset, csuid, categoryFromLandsd(category), {
        csuid,
        nameEn: textField(props, 'OFFICIALBUILDINGNAMEEN'),
        nameZh: textField(props, 'OFFICIALBUILDINGNAMETC'),
        storeys: storeysField(props, 'NUMABOVEGROUNDSTOREYS'),
        categorySourceValue: category,
        ...measuredHeights(numberField(props, 'BASEHEIGHT'), numberField(props, 'TOPHEIGHT'), null),
      }),
      toWgs84,
    );
  };
}
