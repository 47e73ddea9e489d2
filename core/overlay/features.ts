/**
 * GeoJSON → the features the overlay drawers keep, keyed by {@link overlayEntityId}. The schema is lenient on
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
  /**
   * Where the answer came from (core/contracts/realtime.ts `feedSourceSchema`): only `snapshot` (the readings are
   * a recorded snapshot, not live) and `observedAt` are read; a malformed `source` is ignored, not fatal.
   */
  source: z
    .looseObject({ snapshot: z.boolean().optional(), observedAt: z.string().optional() })
    .optional()
    .catch(undefined),
});
export type OverlayFeatureCollection = z.infer<typeof overlayFeatureCollectionSchema>;

/** Longitude, latitude in degrees. */
export type LonLat = readonly [number, number];

/** The full geometry of a line or polygon feature, normalised to its multi form. */
export type OverlayShape =
  | { type: 'lines'; /** Each line's vertices. */ lines: LonLat[][] }
  | { type: 'polygons'; /** Each polygon's rings, the first one outer. */ polygons: LonLat[][][] };

/** One drawable feature: an anchor position (marker or label point) plus its properties and, for shapes, geometry. */
export interface OverlayFeature {
  id: string;
  kind: GeometryKind;
  /** Degrees. Points: the point; lines: the middle vertex of the longest line; polygons: {@link polygonLabelPoint}. */
  longitude: number;
  /** Degrees. */
  latitude: number;
  properties: Record<string, unknown>;
  /** Points only: the GeoJSON z, metres, when the feed gives one (see MarkerDrawer's height reference). */
  altitude?: number;
  /** Lines and polygons only. */
  shape?: OverlayShape;
}

const lonLat = (position: readonly number[]): LonLat => [position[0], position[1]];

/** Twice the signed area of a ring in degree² (shoelace); its sign gives the winding. */
function ringDoubleArea(ring: readonly LonLat[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum;
}

/**
 * Where a polygon's label and popup sit: the area centroid of its largest outer ring (planar in degrees, which
 * is exact enough at district scale). A degenerate ring falls back to the mean of its vertices.
 */
export function polygonLabelPoint(polygons: readonly (readonly LonLat[][])[]): LonLat | null {
  let best: readonly LonLat[] | null = null;
  let bestArea = -1;
  for (const rings of polygons) {
    const outer = rings[0];
    if (!outer || outer.length === 0) continue;
    const area = Math.abs(ringDoubleArea(outer));
    if (area > bestArea) {
      best = outer;
      bestArea = area;
    }
  }
  if (!best) return null;
  const doubleArea = ringDoubleArea(best);
  if (Math.abs(doubleArea) < 1e-18) {
    const sum = best.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
    return [sum[0] / best.length, sum[1] / best.length];
  }
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = best.length - 1; i < best.length; j = i++) {
    const cross = best[j][0] * best[i][1] - best[i][0] * best[j][1];
    cx += (best[j][0] + best[i][0]) * cross;
    cy += (best[j][1] + best[i][1]) * cross;
  }
  return [cx / (3 * doubleArea), cy / (3 * doubleArea)];
}

function lineAnchor(lines: readonly LonLat[][]): LonLat | null {
  const longest = lines.reduce<LonLat[] | null>((best, line) => (line.length > (best?.length ?? 0) ? line : best), null);
  return longest ? longest[Math.floor((longest.length - 1) / 2)] : null;
}

/**
 * Turns a feature collection into keyed features for {@link planReconcile}. Points and multi-points give one
 * feature per position; a line or polygon (single or multi) gives one feature that keeps its whole geometry.
 * The id is made from the anchor: a point's position, a shape's label point (not its first vertex: neighbouring
 * boundaries often start at the same shared vertex — 17 of the 452 constituency areas of 2019 would collide).
 * Shapes mix their geometry into the signature so a reshaped boundary is redrawn. `extraSignature`
 * is mixed into every signature (e.g. the language when labels depend on it).
 */
export function toKeyedFeatures(
  layerId: string,
  collection: OverlayFeatureCollection,
  extraSignature = '',
): KeyedFeature<OverlayFeature>[] {
  const out: KeyedFeature<OverlayFeature>[] = [];
  const push = (anchor: LonLat, kind: GeometryKind, properties: Record<string, unknown>, shape?: OverlayShape, altitude?: number) => {
    const id = overlayEntityId(layerId, anchor[0], anchor[1], kind);
    const signature = signatureOf(properties) + (shape ? signatureOf(shape) : '') + (altitude ?? '') + extraSignature;
    const extra = { ...(shape ? { shape } : {}), ...(altitude !== undefined ? { altitude } : {}) };
    out.push({ id, signature, value: { id, kind, longitude: anchor[0], latitude: anchor[1], properties, ...extra } });
  };
  const altitudeOf = (position: readonly number[]): number | undefined => (Number.isFinite(position[2]) ? position[2] : undefined);
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (!geometry) continue;
    const properties = feature.properties ?? {};
    switch (geometry.type) {
      case 'Point': {
        const point = lonLat(geometry.coordinates);
        push(point, 'Point', properties, undefined, altitudeOf(geometry.coordinates));
        break;
      }
      case 'MultiPoint':
        for (const position of geometry.coordinates) push(lonLat(position), 'MultiPoint', properties, undefined, altitudeOf(position));
        break;
      case 'LineString':
      case 'MultiLineString': {
        const raw = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
        const lines = raw.map((line) => line.map(lonLat)).filter((line) => line.length >= 2);
        const anchor = lineAnchor(lines);
        if (anchor) push(anchor, geometry.type, properties, { type: 'lines', lines });
        break;
      }
      case 'Polygon':
      case 'MultiPolygon': {
        const raw = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
        const polygons = raw
          .map((rings) => rings.map((ring) => ring.map(lonLat)).filter((ring) => ring.length >= 3))
          .filter((rings) => rings.length > 0);
        const anchor = polygonLabelPoint(polygons);
        if (anchor) push(anchor, geometry.type, properties, { type: 'polygons', polygons });
        break;
      }
    }
  }
  return out;
}

/**
 * The newest parseable `_publish_date` among the features (ms since the epoch), or null when none has one;
 * the realtime panel's "last data time" (SPEC §4).
 */
export function latestPublishDate(collection: OverlayFeatureCollection): number | null {
  let latest: number | null = null;
  for (const feature of collection.features) {
    const value = feature.properties?._publish_date;
    const time = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(time) && (latest === null || time > latest)) latest = time;
  }
  return latest;
}
