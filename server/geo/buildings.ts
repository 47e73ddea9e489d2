/**
 * Building identify over the real OpenStreetMap footprints around Sha Tin / CUHK
 * (data/buildings/cuhk_shatin_osm_buildings.geojson, © OpenStreetMap contributors, ODbL 1.0). Each answer is built
 * from the footprint's own tags plus what can be computed from its shape: the centroid on WGS84 and the HK1980
 * Grid, the UTM grid reference and the district. Nothing is estimated: a building without a `height` tag has
 * height null, even when its storeys are known.
 */
import { IDENTIFY_TOLERANCE_METRES, type BuildingInfo } from '../../core/contracts';
import type { DistrictIndex } from '../data/districts';
import { readDataJson } from '../data/files';
import { pointInPolygon, ringCentroid } from '../data/geometry';
import { distanceToRingMetres, metresPerDegree, ringAreaSquareMetres, roundCoordinate, type LonLat } from './local-metres';
import { formatSheetId, sheetAt } from '../../core/contracts/mapSheets';
import { gridReferenceAt, toHk1980 } from './utm';

export const BUILDINGS_FILE = 'buildings/cuhk_shatin_osm_buildings.geojson';

export interface OsmBuildingFile {
  features: Array<{
    geometry: { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
    properties: Record<string, string | undefined>;
  }>;
}

interface IndexedBuilding {
  info: Omit<BuildingInfo, 'distanceMetres'>;
  rings: Array<Array<[number, number]>>;
  bbox: [number, number, number, number];
  areaSquareMetres: number;
}

/** `building:levels` when it is a plain count ("31"); anything else ("3;4", "2.5") is not a storey count. */
export function storeysOf(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** `height` in metres ("66.4" or "66.4 m"); other units or text are not read. */
export function heightOf(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(\d{1,4}(?:\.\d+)?)(?:\s*m)?$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

function mapSheetAt(easting: number, northing: number): string | null {
  const sheet = sheetAt(easting, northing);
  return sheet ? formatSheetId(sheet) : null;
}

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

export interface BuildingIndex {
  readonly count: number;
  /** Footprints containing the point (smallest first), then those within the tolerance (nearest first). */
  identify(longitude: number, latitude: number): BuildingInfo[];
}

export function loadBuildingIndex(dataDir: string, districts: DistrictIndex): BuildingIndex {
  const buildings: IndexedBuilding[] = readDataJson<OsmBuildingFile>(dataDir, BUILDINGS_FILE).features.map((feature) => {
    const tags = feature.properties;
    const rings = feature.geometry.coordinates;
    const [longitude, latitude] = ringCentroid(rings[0]);
    const [easting, northing] = toHk1980([longitude, latitude]);
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [lon, lat] of rings[0]) {
      bbox[0] = Math.min(bbox[0], lon);
      bbox[1] = Math.min(bbox[1], lat);
      bbox[2] = Math.max(bbox[2], lon);
      bbox[3] = Math.max(bbox[3], lat);
    }
    return {
      info: {
        osmId: tags['@id'] ?? 'unknown',
        name: tags.name ?? null,
        nameEn: tags['name:en'] ?? null,
        nameZh: tags['name:zh'] ?? null,
        category: tags.building ?? 'yes',
        storeys: storeysOf(tags['building:levels']),
        heightMetres: heightOf(tags.height),
        centroid: { longitude: roundCoordinate(longitude), latitude: roundCoordinate(latitude), easting: millimetres(easting), northing: millimetres(northing) },
        utmGridReference: gridReferenceAt(longitude, latitude),
        mapSheet: mapSheetAt(easting, northing),
        district: districts.districtAt(longitude, latitude),
        geometry: { type: 'Polygon', coordinates: rings },
      },
      rings,
      bbox,
      areaSquareMetres: ringAreaSquareMetres(rings[0]),
    };
  });

  return {
    count: buildings.length,
    identify(longitude, latitude) {
      const point: LonLat = [longitude, latitude];
      const scale = metresPerDegree(latitude);
      const marginLon = IDENTIFY_TOLERANCE_METRES / scale.longitude;
      const marginLat = IDENTIFY_TOLERANCE_METRES / scale.latitude;
      const inside: IndexedBuilding[] = [];
      const near: Array<{ building: IndexedBuilding; distance: number }> = [];
      for (const building of buildings) {
        const [west, south, east, north] = building.bbox;
        if (longitude < west - marginLon || longitude > east + marginLon || latitude < south - marginLat || latitude > north + marginLat) continue;
        if (pointInPolygon(point, building.rings)) {
          inside.push(building);
          continue;
        }
        const distance = distanceToRingMetres(point, building.rings[0]);
        if (distance <= IDENTIFY_TOLERANCE_METRES) near.push({ building, distance });
      }
      inside.sort((a, b) => a.areaSquareMetres - b.areaSquareMetres);
      near.sort((a, b) => a.distance - b.distance);
      return [
        ...inside.map((building) => ({ ...building.info, distanceMetres: 0 })),
        ...near.map(({ building, distance }) => ({ ...building.info, distanceMetres: Math.round(distance * 100) / 100 })),
      ];
    },
  };
}
