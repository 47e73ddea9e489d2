/**
 * The identify answer (SPEC §3 "Feature info") of a store record at a clicked point: the record's own fields plus
 * what is computed from its footprint (centroid and clicked point on WGS84, the HK1980 Grid and the UTM grid,
 * district, 1:1000 map sheet) and the declared monuments whose point lies inside the footprint. Fields no shipped
 * source carries are listed in `notInOpenData`, never filled in.
 */
import { BUILDING_SOURCE_ATTRIBUTION } from '../../core/contracts/buildings';
import { toHk1980 } from '../../core/contracts/hk1980';
import { FEATURE_INFO_FIELDS_NOT_IN_OPEN_DATA, type BuildingInfo } from '../../core/contracts/identify';
import { formatSheetId, sheetAt } from '../../core/contracts/mapSheets';
import type { DistrictIndex } from '../data/districts';
import { readDataJson } from '../data/files';
import { roundCoordinate } from '../geo/local-metres';
import { gridReferenceAt } from '../geo/utm';
import { footprintCentroid, footprintContains } from './footprint';
import type { BuildingHit } from './store';

export const MONUMENTS_FILE = 'heritage/hk_declared_monuments_visitheritage_2015.geojson';

type Monument = BuildingInfo['monuments'][number] & { position: [number, number] };

interface MonumentFile {
  features: Array<{
    geometry: { coordinates: number[] };
    properties: { amo_id: string; amo_homepage_id?: string; name_en: string; name_zh: string; address_en: string; address_zh: string };
  }>;
}

/** The AMO page of a monument: amo.gov.hk/en/monuments_<id>.php, the id the list keeps as `amo_homepage_id`. */
export function amoMonumentLink(homepageId: string): string {
  return `https://www.amo.gov.hk/en/monuments_${encodeURIComponent(homepageId)}.php`;
}

/** The declared monuments (data/heritage), names and addresses trimmed of the list's trailing no-break spaces. */
export function loadMonuments(dataDir: string): Monument[] {
  return readDataJson<MonumentFile>(dataDir, MONUMENTS_FILE).features.map(({ geometry, properties }) => ({
    id: properties.amo_id,
    nameEn: properties.name_en.trim(),
    nameZh: properties.name_zh.trim(),
    addressEn: properties.address_en.trim(),
    addressZh: properties.address_zh.trim(),
    link: amoMonumentLink(properties.amo_homepage_id ?? properties.amo_id),
    position: [geometry.coordinates[0], geometry.coordinates[1]],
  }));
}

export interface FeatureInfoContext {
  districts: DistrictIndex;
  monuments: readonly Monument[];
  /** Revision date of the 3D visualisation map's downloadable 1:1000 sheets (its catalogue record). */
  mapSheetRevisionDate: string | null;
}

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

function place(longitude: number, latitude: number): BuildingInfo['point'] {
  const [easting, northing] = toHk1980([longitude, latitude]);
  return {
    longitude: roundCoordinate(longitude),
    latitude: roundCoordinate(latitude),
    easting: millimetres(easting),
    northing: millimetres(northing),
    utmGridReference: gridReferenceAt(longitude, latitude),
  };
}

export function buildingInfo(hit: BuildingHit, point: readonly [number, number], context: FeatureInfoContext): BuildingInfo {
  const { record } = hit;
  const [longitude, latitude] = footprintCentroid(record.footprint);
  const centroid = place(longitude, latitude);
  const sheet = sheetAt(centroid.easting, centroid.northing);
  const { attribution, licence } = BUILDING_SOURCE_ATTRIBUTION[record.source];
  return {
    id: record.id,
    csuid: record.csuid,
    landsdBuildingId: record.landsdBuildingId,
    nameEn: record.nameEn,
    nameZh: record.nameZh,
    category: record.category,
    categorySourceValue: record.categorySourceValue,
    baseLevelMetres: record.baseLevelMetres,
    roofLevelMetres: record.roofLevelMetres,
    heightMetres: record.heightMetres,
    heightKind: record.heightKind,
    heightAboveHkpdMetres: record.heightKind === 'measured' ? record.roofLevelMetres : null,
    storeys: record.storeys,
    address: record.address,
    yearCompleted: record.yearCompleted,
    point: place(point[0], point[1]),
    centroid,
    district: context.districts.districtAt(longitude, latitude),
    mapSheet: sheet ? { id: formatSheetId(sheet), revisionDate: context.mapSheetRevisionDate } : null,
    monuments: context.monuments.filter((monument) => footprintContains(record.footprint, monument.position)).map(({ position: _position, ...monument }) => monument),
    notInOpenData: [...FEATURE_INFO_FIELDS_NOT_IN_OPEN_DATA],
    source: record.source,
    sourceDataset: record.sourceDataset,
    attribution,
    licence,
    distanceMetres: hit.distanceMetres,
    geometry: { type: 'Polygon', coordinates: record.footprint },
  };
}
