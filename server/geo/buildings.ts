/**
 * OpenStreetMap building tags as the building store's OSM reader (server/buildings/readers.ts) and the indoor
 * venues read them from data/buildings/cuhk_shatin_osm_buildings.geojson (© OpenStreetMap contributors, ODbL
 * 1.0). Everything else (identify, the 3D city, the sheet downloads) reads the one building store.
 */
export const BUILDINGS_FILE = 'buildings/cuhk_shatin_osm_buildings.geojson';

export interface OsmBuildingFile {
  features: Array<{
    geometry: { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
    properties: Record<string, string | undefined>;
  }>;
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
