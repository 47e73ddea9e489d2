/**
 * The 18 districts: the HAD boundaries in data/districts with the trilingual names in
 * data/names/district_names.json, and which district a point lies in. The polygons include the sea areas of Hong
 * Kong, so a harbour point still gets a district, and together they are the SAR boundary: a point in none of them
 * is outside Hong Kong (Shenzhen, Mirs Bay beyond the boundary), which a bounding box could not tell.
 */
import type { LocalisedText } from '../../core/contracts';
import { readDataJson } from './files';
import { pointInPolygon, type Ring } from './geometry';

export const DISTRICT_FILES = {
  boundaries: 'districts/hksar_18_district_boundary.json',
  names: 'names/district_names.json',
} as const;

export interface District {
  /** HAD district letter, A to T without I and O. */
  code: string;
  name: LocalisedText;
}

/** A district with its area: one polygon per part, each its outline ring followed by its holes. */
export interface DistrictArea extends District {
  polygons: Ring[][];
}

/** A feature of the HAD boundary file, as far as it is read. */
export interface DistrictFeature {
  properties: { 地區號碼: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

export interface DistrictIndex {
  /** Every district, in the order of the boundary file. */
  districts: readonly DistrictArea[];
  /** The district containing the point, or null outside all 18 (e.g. Shenzhen). */
  districtAt(longitude: number, latitude: number): District | null;
}

interface IndexedPart {
  district: DistrictArea;
  rings: Ring[];
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The index of the given boundary features, each named from `names` by its district letter. */
export function createDistrictIndex(features: readonly DistrictFeature[], names: Readonly<Record<string, LocalisedText>>): DistrictIndex {
  const districts = features.map((feature): DistrictArea => {
    const code = feature.properties['地區號碼'];
    const name = names[code];
    if (!name) throw new Error(`District ${code} has no entry in data/${DISTRICT_FILES.names}`);
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    return { code, name, polygons };
  });
  // Each part's bounding box, so a point far from a part skips its point-in-polygon test.
  const parts: IndexedPart[] = districts.flatMap((district) =>
    district.polygons.map((rings) => {
      const xs = rings[0].map((point) => point[0]);
      const ys = rings[0].map((point) => point[1]);
      return { district, rings, west: Math.min(...xs), south: Math.min(...ys), east: Math.max(...xs), north: Math.max(...ys) };
    }),
  );
  return {
    districts,
    districtAt(longitude, latitude) {
      for (const { district, rings, west, south, east, north } of parts) {
        if (longitude < west || longitude > east || latitude < south || latitude > north) continue;
        if (pointInPolygon([longitude, latitude], rings)) return { code: district.code, name: district.name };
      }
      return null;
    },
  };
}

/** The district index from the boundary and name files in data/. */
export function loadDistrictIndex(dataDir: string): DistrictIndex {
  const names = readDataJson<{ names: Record<string, LocalisedText> }>(dataDir, DISTRICT_FILES.names).names;
  return createDistrictIndex(readDataJson<{ features: DistrictFeature[] }>(dataDir, DISTRICT_FILES.boundaries).features, names);
}
