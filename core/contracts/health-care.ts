/**
 * Health-care feeds: waiting times at the accident and emergency departments of the public hospitals.
 * The waiting-time bands live here so the server colours exactly what the viewer's legend shows.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema, type LocalisedText } from './common';
import { defineEndpoint } from './endpoint';
import { realtimeFeaturePropertiesSchema, rgbTextSchema, stationFeedSchema, type Rgb } from './realtime';

/** Refresh interval the A&E feed announces: the Hospital Authority updates its figures every 15 minutes. */
export const AE_INTERVAL_CLIENT_S = 900;

/**
 * Colour bands of the A&E layer by the median waiting time of semi-urgent and non-urgent patients (triage IV and
 * V, the wait most walk-in patients face), from the shortest; a wait belongs to the last band it reaches.
 */
export const AE_WAIT_BANDS: ReadonlyArray<{ minMinutes: number; name: LocalisedText; rgb: Rgb }> = [
  { minMinutes: 0, name: { 'en-US': 'Under 1 hour', 'zh-HK': '少於1小時', 'zh-CN': '少于1小时' }, rgb: [26, 152, 80] },
  { minMinutes: 60, name: { 'en-US': '1 to 2 hours', 'zh-HK': '1至2小時', 'zh-CN': '1至2小时' }, rgb: [166, 217, 106] },
  { minMinutes: 120, name: { 'en-US': '2 to 4 hours', 'zh-HK': '2至4小時', 'zh-CN': '2至4小时' }, rgb: [254, 224, 139] },
  { minMinutes: 240, name: { 'en-US': '4 to 6 hours', 'zh-HK': '4至6小時', 'zh-CN': '4至6小时' }, rgb: [252, 141, 89] },
  { minMinutes: 360, name: { 'en-US': '6 hours or more', 'zh-HK': '6小時或以上', 'zh-CN': '6小时或以上' }, rgb: [215, 48, 39] },
];

/** The band of a waiting time in minutes. */
export function aeWaitBand(minutes: number): (typeof AE_WAIT_BANDS)[number] {
  let found = AE_WAIT_BANDS[0];
  for (const band of AE_WAIT_BANDS) if (minutes >= band.minMinutes) found = band;
  return found;
}

const minutesSchema = z.number().min(0).nullable();

/**
 * A hospital with an A&E department. Waiting times are in minutes, null when the source gives none:
 * triage III (urgent) and triage IV/V (semi-urgent and non-urgent), each as the median (`…MedianMinutes`, half of
 * the waiting patients are seen within it) and the 95th percentile (`…P95Minutes`). `_value_0` is the triage IV/V
 * median, `_value_1` its band colour, `_value_2` / `_value_2_TC` / `_value_2_SC` that wait as text.
 * `resuscitationInProgress` is true while the department manages several resuscitation cases.
 */
export const aePropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  _value_0: z.number().min(0).optional(),
  _value_1: rgbTextSchema.optional(),
  _value_2: z.string().optional(),
  _value_2_TC: z.string().optional(),
  _value_2_SC: z.string().optional(),
  _publish_date: z.string(),
  triage3MedianMinutes: minutesSchema,
  triage3P95Minutes: minutesSchema,
  triage45MedianMinutes: minutesSchema,
  triage45P95Minutes: minutesSchema,
  resuscitationInProgress: z.boolean(),
  sample: z.boolean(),
});
export const aeFeedSchema = stationFeedSchema(aePropertiesSchema);
export type AeFeed = z.infer<typeof aeFeedSchema>;

/** GET /mapviewer/api/realtime/ae */
export const aeEndpoint = defineEndpoint({
  id: 'getRealtimeAe',
  method: 'GET',
  path: '/mapviewer/api/realtime/ae',
  tag: 'Realtime feeds',
  summary: 'Accident and emergency waiting times at the public hospitals',
  description:
    'Without a connection to live sources the waiting times are fixed sample values marked `sample: true`; with one they come from the Hospital Authority.',
  query: timestampOnlyQuerySchema,
  response: {
    contentType: 'application/geo+json',
    description: 'GeoJSON points, one per hospital; `_value_0` is the triage IV/V median wait in minutes',
    schema: aeFeedSchema,
  },
});
