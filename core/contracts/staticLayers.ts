/**
 * The static overlay layers of SPEC §7 served by this project: marine and river water quality and traffic
 * cameras (GET /mapviewer/api/static/{marine,river,tdssimg}), plus the camera snapshot images. Isomorphic.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** Dissolved oxygen threshold for river and marine water quality (SPEC §9), in mg/L. */
export const DISSOLVED_OXYGEN_THRESHOLD_MG_L = 4;

/** Layer colours ("r,g,b", the `_value_1` format) either side of the dissolved-oxygen threshold. */
export const DISSOLVED_OXYGEN_COLOURS = {
  /** At or above the threshold. */
  atOrAboveThreshold: '0,142,204',
  /** Below the threshold: too little oxygen for aquatic life. */
  belowThreshold: '214,39,40',
} as const;

/** Whether a dissolved-oxygen reading (mg/L) meets the SPEC §9 threshold; the threshold itself meets it. */
export function meetsDissolvedOxygenThreshold(milligramsPerLitre: number): boolean {
  return milligramsPerLitre >= DISSOLVED_OXYGEN_THRESHOLD_MG_L;
}

/** The layer colour of a dissolved-oxygen reading. */
export function dissolvedOxygenColour(milligramsPerLitre: number): string {
  return meetsDissolvedOxygenThreshold(milligramsPerLitre)
    ? DISSOLVED_OXYGEN_COLOURS.atOrAboveThreshold
    : DISSOLVED_OXYGEN_COLOURS.belowThreshold;
}

/** A WGS84 longitude/latitude point. */
export const lonLatPointSchema = z.object({
  type: z.literal('Point'),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});

const rgbSchema = z.string().regex(/^\d{1,3},\d{1,3},\d{1,3}$/);
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What the marine and river layers share: a station, its dissolved oxygen and BOD5, coloured by the threshold. */
const waterQualityPropertiesSchema = z.object({
  /** Station id, stable across refreshes. */
  key: z.string(),
  /** Station name in English, Traditional Chinese and Simplified Chinese. */
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  /** Dissolved oxygen in mg/L (the value the layer colours by). */
  _value_0: z.number(),
  /** `DISSOLVED_OXYGEN_COLOURS` of `_value_0`. */
  _value_1: rgbSchema,
  dissolvedOxygenMgL: z.number().nonnegative(),
  /** 5-day biochemical oxygen demand in mg/L; null when the sample has no usable BOD5 value. */
  bod5MgL: z.number().nonnegative().nullable(),
  /** dissolvedOxygenMgL >= DISSOLVED_OXYGEN_THRESHOLD_MG_L. */
  meetsDissolvedOxygenThreshold: z.boolean(),
  /** True when the values are generated stand-ins rather than measurements. */
  sample: z.boolean(),
});

/** A marine water-quality station of EPD with its latest sample. */
export const marineStationPropertiesSchema = waterQualityPropertiesSchema.extend({
  /** EPD station code, e.g. `TM2`. */
  stationCode: z.string(),
  waterControlZone_EN: z.string(),
  waterControlZone_TC: z.string(),
  waterControlZone_SC: z.string(),
  /** Date of the latest sample, Hong Kong time. */
  sampleDate: isoDateSchema,
  /** The sample date as ISO 8601 with offset (midnight HKT; EPD publishes dates only). */
  _publish_date: z.string(),
  /** Which water depth the readings are from: EPD's surface-water sample (about 1 m below the surface). */
  sampleDepth: z.literal('surface'),
  /** Water depth at the station in metres, as EPD lists it. */
  stationWaterDepthMeters: z.number().nonnegative().nullable(),
  sample: z.literal(false),
});
export type MarineStationProperties = z.infer<typeof marineStationPropertiesSchema>;

/** A river water-quality station (generated sample: no real river station data is shipped). */
export const riverStationPropertiesSchema = waterQualityPropertiesSchema.extend({
  river_EN: z.string(),
  river_TC: z.string(),
  river_SC: z.string(),
  sample: z.literal(true),
});
export type RiverStationProperties = z.infer<typeof riverStationPropertiesSchema>;

/** A traffic camera (generated sample) whose snapshot this service renders. */
export const trafficCameraPropertiesSchema = z.object({
  /** Camera id, also the image file name. */
  key: z.string(),
  /** Camera name (road and place) in three languages. */
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  /** Road name in three languages. */
  description_EN: z.string(),
  description_TC: z.string(),
  description_SC: z.string(),
  /**
   * Snapshot image per language (the same image: it carries no text to translate), a path on this service;
   * the viewer appends `timestamp` every TRAFFIC_IMAGE_REFRESH_MS.
   */
  url_EN: z.string(),
  url_TC: z.string(),
  url_SC: z.string(),
  /** Direction the camera looks, degrees clockwise from north. */
  _camSnapped: z.number().min(0).lt(360),
  sample: z.literal(true),
});
export type TrafficCameraProperties = z.infer<typeof trafficCameraPropertiesSchema>;

function pointCollectionSchema<Properties extends z.ZodType, Sample extends z.ZodType<boolean>>(properties: Properties, sample: Sample) {
  return z.object({
    type: z.literal('FeatureCollection'),
    /** True when the features are generated stand-ins rather than real data. */
    sample,
    features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: lonLatPointSchema, properties })),
  });
}

export const marineFeatureCollectionSchema = pointCollectionSchema(marineStationPropertiesSchema, z.literal(false));
export type MarineFeatureCollection = z.infer<typeof marineFeatureCollectionSchema>;
export const riverFeatureCollectionSchema = pointCollectionSchema(riverStationPropertiesSchema, z.literal(true));
export type RiverFeatureCollection = z.infer<typeof riverFeatureCollectionSchema>;
export const trafficCameraFeatureCollectionSchema = pointCollectionSchema(trafficCameraPropertiesSchema, z.literal(true));
export type TrafficCameraFeatureCollection = z.infer<typeof trafficCameraFeatureCollectionSchema>;

/** Size of a traffic snapshot image in pixels (the 320x240 of the Transport Department's snapshots). */
export const TRAFFIC_IMAGE_WIDTH = 320;
export const TRAFFIC_IMAGE_HEIGHT = 240;
/** How often the viewer reloads a snapshot (SPEC §9: 30000 ms); the image changes once per such slot. */
export const TRAFFIC_IMAGE_REFRESH_MS = 30_000;

/** Path of a camera's snapshot image (what `url_EN/TC/SC` hold). */
export function trafficImagePath(cameraId: string): string {
  return `/mapviewer/api/static/tdssimg/images/${cameraId}.png`;
}

/** Path parameter of the snapshot image: a camera id as the camera feed's `key` writes it. */
export const trafficImageParamsSchema = z.strictObject({
  cameraId: z
    .string()
    .max(64, 'cameraId must be at most 64 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'cameraId must be lower-case letters and digits in hyphen-separated words, e.g. tuen-mun-road-sham-tseng'),
});

/** GET /mapviewer/api/static/marine */
export const marineEndpoint = defineEndpoint({
  id: 'getStaticMarine',
  method: 'GET',
  path: '/mapviewer/api/static/marine',
  tag: 'Static layers',
  summary: 'Marine water quality: the 76 EPD monitoring stations with their latest dissolved oxygen and BOD5',
  description:
    'One point per EPD marine water-quality station with its latest surface-water sample (2015-2020 record). ' +
    `Coloured by the dissolved-oxygen threshold of ${DISSOLVED_OXYGEN_THRESHOLD_MG_L} mg/L.`,
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station, sorted by station code', schema: marineFeatureCollectionSchema },
});

/** GET /mapviewer/api/static/river */
export const riverEndpoint = defineEndpoint({
  id: 'getStaticRiver',
  method: 'GET',
  path: '/mapviewer/api/static/river',
  tag: 'Static layers',
  summary: 'River water quality (sample): stations on real Hong Kong rivers with generated dissolved oxygen and BOD5',
  description:
    'No real river water-quality data is shipped, so the readings are generated (seeded, deterministic) and every ' +
    `feature is marked sample. Coloured by the dissolved-oxygen threshold of ${DISSOLVED_OXYGEN_THRESHOLD_MG_L} mg/L.`,
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station', schema: riverFeatureCollectionSchema },
});

/** GET /mapviewer/api/static/tdssimg */
export const trafficCamerasEndpoint = defineEndpoint({
  id: 'getStaticTrafficCameras',
  method: 'GET',
  path: '/mapviewer/api/static/tdssimg',
  tag: 'Static layers',
  summary: 'Traffic cameras (sample) along major roads, each with a snapshot image served by this service',
  description: "Generated sample cameras (no real camera list is shipped), marked `sample: true`. `url_EN`, `url_TC` and `url_SC` give the path of the camera's snapshot image on this service, which changes every 30 seconds.",
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per camera', schema: trafficCameraFeatureCollectionSchema },
});

/** GET /mapviewer/api/static/tdssimg/images/{cameraId}.png */
export const trafficImageEndpoint = defineEndpoint({
  id: 'getTrafficCameraImage',
  method: 'GET',
  path: '/mapviewer/api/static/tdssimg/images/{cameraId}.png',
  routePath: '/mapviewer/api/static/tdssimg/images/:cameraId.png',
  tag: 'Static layers',
  summary: 'Snapshot of a sample traffic camera: a view rendered from the real terrain, marked SAMPLE',
  description:
    `A ${TRAFFIC_IMAGE_WIDTH}x${TRAFFIC_IMAGE_HEIGHT} PNG: the terrain ahead of the camera drawn from the DEM, the road, ` +
    `and vehicles placed from the camera id and the current ${TRAFFIC_IMAGE_REFRESH_MS / 1000}-second slot, so the ` +
    'picture is the same for everyone within a slot and changes with the next one.',
  params: trafficImageParamsSchema,
  query: timestampOnlyQuerySchema,
  example: { params: { cameraId: 'tuen-mun-road-sham-tseng' }, query: { timestamp: '1713667200000' } },
  response: { contentType: 'image/png', description: `PNG image, ${TRAFFIC_IMAGE_WIDTH}x${TRAFFIC_IMAGE_HEIGHT}` },
  otherResponses: {
    404: 'No camera has this id.',
    503: 'The terrain the snapshots are drawn from could not be loaded.',
  },
});
