import { z } from 'zod';
import { timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Longitude, latitude and an optional height, WGS84 (GeoJSON RFC 7946). */
export const positionSchema = z.union([
  z.tuple([z.number(), z.number()]),
  z.tuple([z.number(), z.number(), z.number()]),
]);
export type Position = z.infer<typeof positionSchema>;

/** Any GeoJSON geometry. Points are checked exactly; other kinds are checked by type and nesting only. */
export const geometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: positionSchema }),
  z.object({ type: z.literal('MultiPoint'), coordinates: z.array(positionSchema) }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema) }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(positionSchema)) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(positionSchema)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(positionSchema))) }),
]);
export type Geometry = z.infer<typeof geometrySchema>;

/**
 * Feature properties a realtime layer reads (SPEC §3 "overlay feature properties read"). The feeds carry more
 * (per-layer fields), so unknown keys pass through.
 */
export const realtimeFeaturePropertiesSchema = z.looseObject({
  /** Station id, stable across refreshes. */
  key: z.string(),
  key_EN: z.string().optional(),
  key_TC: z.string().optional(),
  key_SC: z.string().optional(),
  /** The reading (e.g. temperature in °C). */
  _value_0: z.number().optional(),
  /** Colour as "r,g,b", each 0..255. */
  _value_1: z.string().regex(/^\d{1,3},\d{1,3},\d{1,3}$/).optional(),
  /** Grade text, when the layer has grades. */
  _value_2: z.string().optional(),
  /** Observation time, ISO 8601 with offset. */
  _publish_date: z.string().optional(),
  _zOffset: z.number().optional(),
});
export type RealtimeFeatureProperties = z.infer<typeof realtimeFeaturePropertiesSchema>;

export const realtimeFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: geometrySchema,
  properties: realtimeFeaturePropertiesSchema,
});
export type RealtimeFeature = z.infer<typeof realtimeFeatureSchema>;

/**
 * A realtime feed: a GeoJSON FeatureCollection. `intervalClient` (seconds) overrides the layer's refresh interval
 * (SPEC §7); `sample` is true when the records are generated stand-ins rather than real data.
 */
export const realtimeFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(realtimeFeatureSchema),
  intervalClient: z.number().int().positive().optional(),
  sample: z.boolean().optional(),
});
export type RealtimeFeatureCollection = z.infer<typeof realtimeFeatureCollectionSchema>;

/** Query of every realtime feed: only the ignored cache-busting timestamp. */
export const realtimeQuerySchema = z.strictObject({ timestamp: timestampParamSchema });
export type RealtimeQuery = z.infer<typeof realtimeQuerySchema>;

/** GET /mapviewer/api/realtime/temperature */
export const temperatureEndpoint = defineEndpoint({
  id: 'getRealtimeTemperature',
  method: 'GET',
  path: '/mapviewer/api/realtime/temperature',
  tag: 'Realtime feeds',
  summary: 'Air temperature at the HKO automatic weather stations',
  query: realtimeQuerySchema,
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station', schema: realtimeFeatureCollectionSchema },
});

/** Refresh interval the temperature, humidity and wind feeds announce (SPEC §9: 120000 ms). */
export const WEATHER_INTERVAL_CLIENT_S = 120;

/**
 * Colour ramp of the temperature layer: °C to RGB, linear between stops, clamped at the ends.
 * Shared so the legend draws exactly what the feed colours.
 */
export const TEMPERATURE_COLOUR_STOPS: ReadonlyArray<{ celsius: number; rgb: readonly [number, number, number] }> = [
  { celsius: 0, rgb: [49, 54, 149] },
  { celsius: 10, rgb: [69, 117, 180] },
  { celsius: 15, rgb: [116, 173, 209] },
  { celsius: 20, rgb: [102, 189, 99] },
  { celsius: 25, rgb: [254, 224, 139] },
  { celsius: 28, rgb: [253, 174, 97] },
  { celsius: 31, rgb: [244, 109, 67] },
  { celsius: 35, rgb: [215, 48, 39] },
  { celsius: 38, rgb: [165, 0, 38] },
];

/** The ramp colour of a temperature as "r,g,b" (the `_value_1` format). */
export function temperatureColour(celsius: number): string {
  const stops = TEMPERATURE_COLOUR_STOPS;
  if (!Number.isFinite(celsius) || celsius <= stops[0].celsius) return stops[0].rgb.join(',');
  for (let i = 1; i < stops.length; i += 1) {
    const hi = stops[i];
    if (celsius <= hi.celsius) {
      const lo = stops[i - 1];
      const t = (celsius - lo.celsius) / (hi.celsius - lo.celsius);
      return lo.rgb.map((c, k) => Math.round(c + (hi.rgb[k] - c) * t)).join(',');
    }
  }
  return stops[stops.length - 1].rgb.join(',');
}
