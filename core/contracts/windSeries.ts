/**
 * GET /mapviewer/api/weather/wind-series: a recorded HKO 10-minute wind series (the night of Typhoon Tapah,
 * 7–8 September 2025: 30 stations polled 14 times), one point feature per station and poll, for the time-aware wind
 * layer (manifest `time`: the overlay engine draws each station's latest poll at or before the time player's time).
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { pointGeometrySchema, realtimeFeatureCollectionSchema, windPropertiesSchema } from './realtime';

const isoTime = z.iso.datetime({ offset: true });

/**
 * One station at one poll: the wind layer's properties (`arrowBearingDegrees`, `meanSpeedKmh`, `maxGustKmh`, the
 * direction in three languages, `_value_1` the wind-force colour) plus the poll's time and the station.
 */
export const windSeriesPropertiesSchema = windPropertiesSchema.extend({
  /** The station (the same `key` at every poll). */
  stationId: z.string(),
  /** When the poll read HKO's latest 10-minute wind, ISO 8601 Hong Kong time (+08:00). */
  observedAt: isoTime,
  /** The same, as the popup shows it: `2025-09-07 22:43 HKT`. */
  observedAtText: z.string(),
});

export const windSeriesSchema = realtimeFeatureCollectionSchema.extend({
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: pointGeometrySchema, properties: windSeriesPropertiesSchema })),
  series: z.object({
    name: localisedTextSchema,
    /** The first and last poll. */
    start: isoTime,
    end: isoTime,
    polls: z.number().int().positive(),
    stations: z.number().int().positive(),
    /** Where the readings come from and what they are not. */
    note: z.string(),
  }),
});
export type WindSeries = z.infer<typeof windSeriesSchema>;

export const windSeriesEndpoint = defineEndpoint({
  id: 'getWeatherWindSeries',
  method: 'GET',
  path: '/mapviewer/api/weather/wind-series',
  tag: 'Realtime feeds',
  summary: 'A recorded 10-minute wind series: the night of Typhoon Tapah, 7–8 September 2025',
  description:
    'HKO 10-minute mean wind direction, mean speed and maximum gust at its 30 wind stations, as a script polled them 14 times from 22:43 on 7 September to 00:57 on 8 September 2025 (Hong Kong time). A recorded series, not live data.',
  query: timestampOnlyQuerySchema,
  response: {
    contentType: 'application/geo+json',
    description: 'GeoJSON points, one per station and poll, with `observedAt` (the poll time), `windDirection`, `meanSpeedKmh` and `maxGustKmh`',
    schema: windSeriesSchema,
  },
});
