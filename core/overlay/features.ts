/**
 * GeoJSON → the features the overlay drawer keeps, keyed by {@link overlayEntityId}. The schema is lenient on
 * properties (feeds carry per-layer fields, and a bad colour must give red, not drop the layer) and strict on
 * geometry.
 */
import { z } from 'zod';
import { geometrySchema } from '../contracts/realtime';
import { overlayEntityId, type GeometryKind } from './entityId';
import { signatureOf, type KeyedFeature } from './reconcile';

export const overlayFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.union([z.string(), z.number()]).optional().nullable(),
      geometry: geometrySchema.nullable(),
      properties: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  ),
  /** Refresh interval the feed asks for, seconds (SPEC §7). */
  intervalClient: z.number().positive().optional(),
});
export type OverlayFeatureCollection = z.infer<typeof overlayFeatureCollectionSchema>;

/** One drawable feature: an anchor position plus its properties. */
export interface OverlayFeature {
  id: string;
  kind: GeometryKind;
  /** Degrees. */
  longitude: number;
  /** Degrees. */
  latitude: number;
  properties: Record<string, unknown>;
}

/**
 * Turns a feature collection into keyed features for {@link planReconcile}. Points and multi-points give one
 * feature per position; lines and polygons are anchored at their first vertex (this release draws markers
 * only). `extraSignature` is mixed into every signature (e.g. the language when labels depend on it).
 */
export function toKeyedFeatures(
  layerId: string,
  collection: OverlayFeatureCollection,
  extraSignature = '',
): KeyedFeature<OverlayFeature>[] {
  const out: KeyedFeature<OverlayFeature>[] = [];
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (!geometry) continue;
    const properties = feature.properties ?? {};
    const anchors: Array<[number, number]> = [];
    switch (geometry.type) {
      case 'Point':
        anchors.push([geometry.coordinates[0], geometry.coordinates[1]]);
        break;
      case 'MultiPoint':
        for (const position of geometry.coordinates) anchors.push([position[0], position[1]]);
        break;
      case 'LineString':
        if (geometry.coordinates[0]) anchors.push([geometry.coordinates[0][0], geometry.coordinates[0][1]]);
        break;
      case 'MultiLineString':
      case 'Polygon': {
        const first = geometry.coordinates[0]?.[0];
        if (first) anchors.push([first[0], first[1]]);
        break;
      }
      case 'MultiPolygon': {
        const first = geometry.coordinates[0]?.[0]?.[0];
        if (first) anchors.push([first[0], first[1]]);
        break;
      }
    }
    for (const [longitude, latitude] of anchors) {
      const id = overlayEntityId(layerId, longitude, latitude, geometry.type);
      out.push({
        id,
        signature: signatureOf(properties) + extraSignature,
        value: { id, kind: geometry.type, longitude, latitude, properties },
      });
    }
  }
  return out;
}
