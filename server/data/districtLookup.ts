/**
 * Which of the 18 districts a point lies in, from the HAD district boundaries. Those polygons include the sea
 * areas of Hong Kong, so together they are the SAR boundary: a point in none of them is outside Hong Kong
 * (Shenzhen, Mirs Bay beyond the boundary), which a bounding box could not tell.
 */
import { pointInPolygon, type Ring } from './geometry';

export interface DistrictFeature {
  properties: { 地區號碼: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

interface DistrictPart {
  letter: string;
  rings: Ring[];
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Finds the district letter (A to T) of a WGS84 point, or null outside every district. */
export type DistrictLookup = (longitude: number, latitude: number) => string | null;

export function createDistrictLookup(features: readonly DistrictFeature[]): DistrictLookup {
  const parts: DistrictPart[] = [];
  for (const feature of features) {
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    for (const rings of polygons) {
      const xs = rings[0].map((point) => point[0]);
      const ys = rings[0].map((point) => point[1]);
      parts.push({
        letter: feature.properties['地區號碼'],
        rings,
        west: Math.min(...xs),
        south: Math.min(...ys),
        east: Math.max(...xs),
        north: Math.max(...ys),
      });
    }
  }
  return (longitude, latitude) => {
    for (const part of parts) {
      if (longitude < part.west || longitude > part.east || latitude < part.south || latitude > part.north) continue;
      if (pointInPolygon([longitude, latitude], part.rings)) return part.letter;
    }
    return null;
  };
}
