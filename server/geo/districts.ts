/**
 * Which of the 18 districts a point lies in, from the HAD boundaries in data/districts (polygons reach into the
 * sea, so a harbour point still gets a district) and the trilingual names in data/names/district_names.json.
 */
import type { LocalisedText } from '../../core/contracts';
import { readDataJson } from '../data/files';
import { pointInPolygon, type Ring } from '../data/geometry';

export const DISTRICT_FILES = {
  boundaries: 'districts/hksar_18_district_boundary.json',
  names: 'names/district_names.json',
} as const;

export interface District {
  /** HAD district letter, A to T without I and O. */
  code: string;
  name: LocalisedText;
}

interface DistrictFile {
  features: Array<{
    properties: { 地區號碼: string };
    geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
  }>;
}

interface IndexedDistrict extends District {
  polygons: Ring[][];
  bbox: [number, number, number, number];
}

export interface DistrictLookup {
  /** The district containing the point, or null outside all 18 (e.g. Shenzhen). */
  districtAt(longitude: number, latitude: number): District | null;
}

export function loadDistrictLookup(dataDir: string): DistrictLookup {
  const names = readDataJson<{ names: Record<string, LocalisedText> }>(dataDir, DISTRICT_FILES.names).names;
  const districts: IndexedDistrict[] = readDataJson<DistrictFile>(dataDir, DISTRICT_FILES.boundaries).features.map((feature) => {
    const code = feature.properties['地區號碼'];
    const name = names[code];
    if (!name) throw new Error(`District ${code} has no entry in data/${DISTRICT_FILES.names}`);
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const polygon of polygons) {
      for (const [lon, lat] of polygon[0]) {
        bbox[0] = Math.min(bbox[0], lon);
        bbox[1] = Math.min(bbox[1], lat);
        bbox[2] = Math.max(bbox[2], lon);
        bbox[3] = Math.max(bbox[3], lat);
      }
    }
    return { code, name, polygons, bbox };
  });
  return {
    districtAt(longitude, latitude) {
      for (const district of districts) {
        const [west, south, east, north] = district.bbox;
        if (longitude < west || longitude > east || latitude < south || latitude > north) continue;
        if (district.polygons.some((rings) => pointInPolygon([longitude, latitude], rings))) {
          return { code: district.code, name: district.name };
        }
      }
      return null;
    },
  };
}
