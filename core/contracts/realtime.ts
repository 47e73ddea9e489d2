import { z } from 'zod';
import { timestampOnlyQuerySchema, type LocalisedText } from './common';
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

/** A GeoJSON point (every station feed is points). */
export const pointGeometrySchema = z.object({ type: z.literal('Point'), coordinates: positionSchema });

/** Colour as "r,g,b", each 0..255 (the `_value_1` format). */
export const rgbTextSchema = z.string().regex(/^\d{1,3},\d{1,3},\d{1,3}$/);

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
  _value_1: rgbTextSchema.optional(),
  /** Grade text, when the layer has grades (English; `_value_2_TC` / `_value_2_SC` carry the Chinese texts). */
  _value_2: z.string().optional(),
  /** Observation time, ISO 8601 with offset. */
  _publish_date: z.string().optional(),
  _zOffset: z.number().optional(),
  /** True when this record is a generated stand-in, not a real reading. */
  sample: z.boolean().optional(),
});
export type RealtimeFeatureProperties = z.infer<typeof realtimeFeaturePropertiesSchema>;

export const realtimeFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: geometrySchema,
  properties: realtimeFeaturePropertiesSchema,
});
export type RealtimeFeature = z.infer<typeof realtimeFeatureSchema>;

/** How the feed's data were sourced (SOURCES=offline|live). */
export const FEED_MODES = ['offline', 'live'] as const;
/** What this answer holds: a fresh live answer, the last good live answer kept after a failure, or the offline snapshot. */
export const FEED_SERVED = ['live', 'last-good', 'offline'] as const;

/**
 * Where an answer came from (`snapshot` and `observedAt`: see below). `fallback` is true when a live source failed and the answer is the last good live
 * answer (`served: 'last-good'`) or, when there was none, the offline snapshot (`served: 'offline'`); `reason`
 * then says what failed. `fetchedAt` is when the data were fetched from the live source (absent for the offline
 * snapshot).
 */
export const feedSourceSchema = z.object({
  mode: z.enum(FEED_MODES),
  served: z.enum(FEED_SERVED),
  fallback: z.boolean(),
  fetchedAt: z.iso.datetime({ offset: true }).optional(),
  reason: z.string().optional(),
  /**
   * True when the readings are the recorded offline snapshot (`served: 'offline'`), not current ones: a viewer
   * must then say so ("Snapshot of <observedAt> — live data off") rather than present them as live.
   */
  snapshot: z.boolean(),
  /** The newest observation time among the readings (their `_publish_date`), absent when none has one. */
  observedAt: z.iso.datetime({ offset: true }).optional(),
});
export type FeedSource = z.infer<typeof feedSourceSchema>;

/**
 * The newest `_publish_date` among features, as ISO 8601 UTC, or undefined when none parses: the `observedAt`
 * of a feed answer.
 */
export function newestObservation(features: ReadonlyArray<{ properties?: { _publish_date?: unknown } | null }>): string | undefined {
  let newest = Number.NEGATIVE_INFINITY;
  for (const feature of features) {
    const value = feature.properties?._publish_date;
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(time) && time > newest) newest = time;
  }
  return Number.isFinite(newest) ? new Date(newest).toISOString() : undefined;
}

/**
 * A realtime feed: a GeoJSON FeatureCollection. `intervalClient` (seconds) overrides the layer's refresh interval
 * (SPEC §7); `sample` is true when the records are generated stand-ins rather than real data; `source` says
 * whether the answer is live, a fallback or the offline snapshot.
 */
export const realtimeFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(realtimeFeatureSchema),
  intervalClient: z.number().int().positive().optional(),
  sample: z.boolean().optional(),
  source: feedSourceSchema.optional(),
});
export type RealtimeFeatureCollection = z.infer<typeof realtimeFeatureCollectionSchema>;

/**
 * The collection schema of one feed: point features whose properties follow `properties` (which should extend
 * {@link realtimeFeaturePropertiesSchema}), with `source` always present.
 */
export function stationFeedSchema<Properties extends z.ZodType>(properties: Properties) {
  return realtimeFeatureCollectionSchema.extend({
    features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: pointGeometrySchema, properties })),
    source: feedSourceSchema,
  });
}

/** Query of every realtime feed: only the ignored cache-busting timestamp. */

/** Refresh interval the temperature, humidity and wind feeds announce (SPEC §9: 120000 ms). */
export const WEATHER_INTERVAL_CLIENT_S = 120;

/** An RGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

/** `[r, g, b]` → `"r,g,b"` (the `_value_1` format). */
export function rgbText(rgb: Rgb): string {
  return rgb.join(',');
}

/**
 * The colour of `value` on a ramp of stops sorted by value: linear between stops, clamped at the ends, the first
 * stop's colour for a value that is not a number. `valueOf` reads a stop's value (stops name their unit, e.g.
 * `celsius`).
 */
export function rampColour<Stop extends { rgb: Rgb }>(stops: readonly Stop[], valueOf: (stop: Stop) => number, value: number): string {
  if (!Number.isFinite(value) || value <= valueOf(stops[0])) return rgbText(stops[0].rgb);
  for (let i = 1; i < stops.length; i += 1) {
    const hi = stops[i];
    if (value <= valueOf(hi)) {
      const lo = stops[i - 1];
      const t = (value - valueOf(lo)) / (valueOf(hi) - valueOf(lo));
      return lo.rgb.map((c, k) => Math.round(c + (hi.rgb[k] - c) * t)).join(',');
    }
  }
  return rgbText(stops[stops.length - 1].rgb);
}

/* ---------------------------------------------------------------- temperature */

/**
 * Colour ramp of the temperature layer: °C to RGB, linear between stops, clamped at the ends.
 * Shared so the legend draws exactly what the feed colours.
 */
export const TEMPERATURE_COLOUR_STOPS: ReadonlyArray<{ celsius: number; rgb: Rgb }> = [
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
  return rampColour(TEMPERATURE_COLOUR_STOPS, (stop) => stop.celsius, celsius);
}

/** A temperature station: `_value_0` is the air temperature in °C. */
export const temperaturePropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  _value_0: z.number(),
  _value_1: rgbTextSchema,
  _publish_date: z.string(),
});
export const temperatureFeedSchema = stationFeedSchema(temperaturePropertiesSchema);
export type TemperatureFeed = z.infer<typeof temperatureFeedSchema>;

/** Where the HKO station feeds (temperature, humidity, wind) come from, as the API document says it. */
const HKO_FEED_DESCRIPTION =
  "Without a connection to live sources the readings are the HKO snapshot shipped with the service; with one they are HKO's latest. `source` says which, and whether a failed fetch fell back to an earlier answer.";

/** GET /mapviewer/api/realtime/temperature */
export const temperatureEndpoint = defineEndpoint({
  id: 'getRealtimeTemperature',
  method: 'GET',
  path: '/mapviewer/api/realtime/temperature',
  tag: 'Realtime feeds',
  summary: 'Air temperature at the HKO automatic weather stations',
  description: HKO_FEED_DESCRIPTION,
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station', schema: temperatureFeedSchema },
});

/* ---------------------------------------------------------------- humidity */

/**
 * Colour ramp of the relative-humidity layer: % to RGB, dry (brown) to humid (teal), linear between stops.
 * Shared so the legend draws exactly what the feed colours.
 */
export const HUMIDITY_COLOUR_STOPS: ReadonlyArray<{ percent: number; rgb: Rgb }> = [
  { percent: 30, rgb: [140, 81, 10] },
  { percent: 45, rgb: [216, 179, 101] },
  { percent: 60, rgb: [246, 232, 195] },
  { percent: 75, rgb: [128, 205, 193] },
  { percent: 90, rgb: [53, 151, 143] },
  { percent: 100, rgb: [1, 102, 94] },
];

/** The ramp colour of a relative humidity as "r,g,b". */
export function humidityColour(percent: number): string {
  return rampColour(HUMIDITY_COLOUR_STOPS, (stop) => stop.percent, percent);
}

/** A humidity station: `_value_0` is the relative humidity in % (0..100). */
export const humidityPropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  _value_0: z.number().min(0).max(100),
  _value_1: rgbTextSchema,
  _publish_date: z.string(),
});
export const humidityFeedSchema = stationFeedSchema(humidityPropertiesSchema);
export type HumidityFeed = z.infer<typeof humidityFeedSchema>;

/** GET /mapviewer/api/realtime/humidity */
export const humidityEndpoint = defineEndpoint({
  id: 'getRealtimeHumidity',
  method: 'GET',
  path: '/mapviewer/api/realtime/humidity',
  tag: 'Realtime feeds',
  summary: 'Relative humidity at the HKO automatic weather stations',
  description: HKO_FEED_DESCRIPTION,
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station; `_value_0` is RH in %', schema: humidityFeedSchema },
});

/* ---------------------------------------------------------------- wind */

/**
 * The 10-minute mean wind directions HKO reports (its English words), with the bearing the wind blows from
 * (degrees clockwise from north) and the names in each language. 'Variable' and 'Calm' have no bearing, so no
 * arrow (SPEC §5); arrows are drawn for the eight compass points only (SPEC §9).
 */
export const WIND_DIRECTIONS: ReadonlyArray<{ text: string; fromDegrees: number | null; name: LocalisedText }> = [
  { text: 'North', fromDegrees: 0, name: { 'en-US': 'North', 'zh-HK': '北', 'zh-CN': '北' } },
  { text: 'Northeast', fromDegrees: 45, name: { 'en-US': 'Northeast', 'zh-HK': '東北', 'zh-CN': '东北' } },
  { text: 'East', fromDegrees: 90, name: { 'en-US': 'East', 'zh-HK': '東', 'zh-CN': '东' } },
  { text: 'Southeast', fromDegrees: 135, name: { 'en-US': 'Southeast', 'zh-HK': '東南', 'zh-CN': '东南' } },
  { text: 'South', fromDegrees: 180, name: { 'en-US': 'South', 'zh-HK': '南', 'zh-CN': '南' } },
  { text: 'Southwest', fromDegrees: 225, name: { 'en-US': 'Southwest', 'zh-HK': '西南', 'zh-CN': '西南' } },
  { text: 'West', fromDegrees: 270, name: { 'en-US': 'West', 'zh-HK': '西', 'zh-CN': '西' } },
  { text: 'Northwest', fromDegrees: 315, name: { 'en-US': 'Northwest', 'zh-HK': '西北', 'zh-CN': '西北' } },
  { text: 'Variable', fromDegrees: null, name: { 'en-US': 'Variable', 'zh-HK': '風向不定', 'zh-CN': '风向不定' } },
  { text: 'Calm', fromDegrees: null, name: { 'en-US': 'Calm', 'zh-HK': '無風', 'zh-CN': '无风' } },
];

/** The direction entry for HKO's text (case and spacing ignored), or undefined for 'N/A' and anything unknown. */
export function windDirection(text: string): (typeof WIND_DIRECTIONS)[number] | undefined {
  const normalised = text.replace(/\s+/g, '').toLowerCase();
  return WIND_DIRECTIONS.find((direction) => direction.text.toLowerCase() === normalised);
}

/**
 * Where a wind arrow points, degrees clockwise from north: downwind, i.e. opposite the bearing the wind blows
 * from (an East wind gives 270). Null for 'Variable', 'Calm' and unknown texts: no arrow.
 */
export function windArrowBearingDegrees(text: string): number | null {
  const from = windDirection(text)?.fromDegrees;
  return from === undefined || from === null ? null : (from + 180) % 360;
}

/**
 * HKO's descriptive wind-force terms by 10-minute mean speed (km/h), from the lowest; a speed belongs to the last
 * class whose `minKmh` it reaches. Colours shared with the wind legend.
 */
export const WIND_FORCE_CLASSES: ReadonlyArray<{ id: string; minKmh: number; name: LocalisedText; rgb: Rgb }> = [
  { id: 'light', minKmh: 0, name: { 'en-US': 'Light', 'zh-HK': '輕微', 'zh-CN': '轻微' }, rgb: [158, 202, 225] },
  { id: 'moderate', minKmh: 12, name: { 'en-US': 'Moderate', 'zh-HK': '和緩', 'zh-CN': '和缓' }, rgb: [66, 146, 198] },
  { id: 'fresh', minKmh: 31, name: { 'en-US': 'Fresh', 'zh-HK': '清勁', 'zh-CN': '清劲' }, rgb: [8, 81, 156] },
  { id: 'strong', minKmh: 41, name: { 'en-US': 'Strong', 'zh-HK': '強風', 'zh-CN': '强风' }, rgb: [254, 178, 76] },
  { id: 'gale', minKmh: 63, name: { 'en-US': 'Gale', 'zh-HK': '烈風', 'zh-CN': '烈风' }, rgb: [240, 59, 32] },
  { id: 'storm', minKmh: 88, name: { 'en-US': 'Storm', 'zh-HK': '暴風', 'zh-CN': '暴风' }, rgb: [189, 0, 38] },
  { id: 'hurricane', minKmh: 118, name: { 'en-US': 'Hurricane', 'zh-HK': '颶風', 'zh-CN': '飓风' }, rgb: [103, 0, 31] },
];

/** The wind-force class of a mean speed in km/h. */
export function windForceClass(kmh: number): (typeof WIND_FORCE_CLASSES)[number] {
  let found = WIND_FORCE_CLASSES[0];
  for (const windClass of WIND_FORCE_CLASSES) if (kmh >= windClass.minKmh) found = windClass;
  return found;
}

/**
 * A wind station. `_value_0` is the 10-minute mean speed in km/h, `_value_1` its wind-force colour;
 * `windDirection` is HKO's text (null when HKO gives none, 'N/A'), `arrowBearingDegrees` where the arrow points
 * (null: no arrow), `windFromDegrees` the bearing the wind blows from.
 */
export const windPropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  _value_0: z.number().min(0).optional(),
  _value_1: rgbTextSchema.optional(),
  _publish_date: z.string(),
  windDirection: z.string().nullable(),
  windDirection_EN: z.string().nullable(),
  windDirection_TC: z.string().nullable(),
  windDirection_SC: z.string().nullable(),
  windFromDegrees: z.number().min(0).lt(360).nullable(),
  arrowBearingDegrees: z.number().min(0).lt(360).nullable(),
  meanSpeedKmh: z.number().min(0).nullable(),
  maxGustKmh: z.number().min(0).nullable(),
});
export const windFeedSchema = stationFeedSchema(windPropertiesSchema);
export type WindFeed = z.infer<typeof windFeedSchema>;

/** GET /mapviewer/api/realtime/wind */
export const windEndpoint = defineEndpoint({
  id: 'getRealtimeWind',
  method: 'GET',
  path: '/mapviewer/api/realtime/wind',
  tag: 'Realtime feeds',
  summary: '10-minute mean wind direction, mean speed and maximum gust at the HKO wind stations',
  description: HKO_FEED_DESCRIPTION,
  query: timestampOnlyQuerySchema,
  response: {
    contentType: 'application/geo+json',
    description: 'GeoJSON points, one per station; `_value_0` is the mean speed in km/h, `arrowBearingDegrees` null means no arrow',
    schema: windFeedSchema,
  },
});
