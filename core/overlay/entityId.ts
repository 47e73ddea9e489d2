/** Delimiter between the parts of an overlay entity id (SPEC §3: "triple-bar delimiter"). */
export const ENTITY_ID_DELIMITER = '|||';

/** GeoJSON geometry kinds the overlay engine draws. */
export type GeometryKind = 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon';

/**
 * Stable id of one overlay feature: layer id, longitude, latitude and geometry kind joined by `|||`.
 * Realtime redraws reconcile features by this id, so a station keeps its primitive between refreshes.
 *
 * @param longitude degrees (WGS84)
 * @param latitude degrees (WGS84)
 */
export function overlayEntityId(layerId: string, longitude: number, latitude: number, kind: GeometryKind | string): string {
  return [layerId, longitude, latitude, kind].join(ENTITY_ID_DELIMITER);
}

/** Splits an id made by {@link overlayEntityId}; returns null when it has not four parts. */
export function parseOverlayEntityId(
  id: string,
): { layerId: string; longitude: number; latitude: number; kind: string } | null {
  const parts = id.split(ENTITY_ID_DELIMITER);
  if (parts.length !== 4) return null;
  const [layerId, lon, lat, kind] = parts;
  const longitude = Number(lon);
  const latitude = Number(lat);
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  return { layerId, longitude, latitude, kind };
}
