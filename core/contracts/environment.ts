/**
 * Environment feeds: the Air Quality Health Index at EPD's monitoring stations and the beach water-quality grades.
 * The grade tables live here so the server colours and labels exactly what the viewer's legends show.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema, type LocalisedText } from './common';
import { defineEndpoint } from './endpoint';
import {
  realtimeFeaturePropertiesSchema,
  rgbText,
  rgbTextSchema,
  stationFeedSchema,
  type Rgb,
} from './realtime';

/* ---------------------------------------------------------------- AQHI */

/** Refresh interval the AQHI feed announces (SPEC §9: 3600000 ms); EPD publishes hourly. */
export const AQHI_INTERVAL_CLIENT_S = 3600;

/** The highest AQHI value; EPD shows it as "10+" (SPEC §9: 11 Serious shown as 10+). */
export const AQHI_MAX = 11;

export const AQHI_HEALTH_RISK_IDS = ['low', 'moderate', 'high', 'very-high', 'serious'] as const;
export type AqhiHealthRiskId = (typeof AQHI_HEALTH_RISK_IDS)[number];

/**
 * EPD's five AQHI health-risk categories (SPEC §9): 1-3 Low, 4-6 Moderate, 7 High, 8-10 Very High, 11 Serious.
 * Colours follow the category colours EPD uses on aqhi.gov.hk (green, orange, red, brown, black).
 */
export const AQHI_HEALTH_RISKS: ReadonlyArray<{ id: AqhiHealthRiskId; min: number; max: number; name: LocalisedText; rgb: Rgb }> = [
  { id: 'low', min: 1, max: 3, name: { 'en-US': 'Low', 'zh-HK': '低', 'zh-CN': '低' }, rgb: [77, 184, 72] },
  { id: 'moderate', min: 4, max: 6, name: { 'en-US': 'Moderate', 'zh-HK': '中', 'zh-CN': '中' }, rgb: [247, 148, 29] },
  { id: 'high', min: 7, max: 7, name: { 'en-US': 'High', 'zh-HK': '高', 'zh-CN': '高' }, rgb: [237, 28, 36] },
  { id: 'very-high', min: 8, max: 10, name: { 'en-US': 'Very High', 'zh-HK': '甚高', 'zh-CN': '甚高' }, rgb: [158, 88, 43] },
  { id: 'serious', min: 11, max: 11, name: { 'en-US': 'Serious', 'zh-HK': '嚴重', 'zh-CN': '严重' }, rgb: [0, 0, 0] },
];
/** The health-risk category of an AQHI value (1..11). */
export function aqhiHealthRisk(aqhi: number): (typeof AQHI_HEALTH_RISKS)[number] {
  const risk = Number.isInteger(aqhi) ? AQHI_HEALTH_RISKS.find((category) => aqhi >= category.min && aqhi <= category.max) : undefined;
  if (!risk) throw new RangeError(`AQHI must be a whole number from 1 to ${AQHI_MAX}, not ${aqhi}`);
  return risk;
}

/** How EPD shows an AQHI value: "1".."10", and "10+" for 11. */
export function aqhiDisplay(aqhi: number): string {
  return aqhi >= AQHI_MAX ? '10+' : String(aqhi);
}

/** The colour of an AQHI value as "r,g,b". */
export function aqhiColour(aqhi: number): string {
  return rgbText(aqhiHealthRisk(aqhi).rgb);
}

export const AQHI_STATION_TYPES = ['general', 'roadside'] as const;

/**
 * An AQHI station. `_value_0` is the AQHI (1..11, 11 meaning 10+), `aqhiDisplay` the text EPD shows, `_value_1`
 * the category colour, `_value_2` / `_value_2_TC` / `_value_2_SC` the category name.
 */
export const aqhiPropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  _value_0: z.number().int().min(1).max(AQHI_MAX),
  _value_1: rgbTextSchema,
  _value_2: z.string(),
  _value_2_TC: z.string(),
  _value_2_SC: z.string(),
  _publish_date: z.string(),
  aqhiDisplay: z.string(),
  healthRisk: z.enum(AQHI_HEALTH_RISK_IDS),
  stationType: z.enum(AQHI_STATION_TYPES),
  sample: z.boolean(),
});
export const aqhiFeedSchema = stationFeedSchema(aqhiPropertiesSchema);
export type AqhiFeed = z.infer<typeof aqhiFeedSchema>;

/** GET /mapviewer/api/realtime/aqhi */
export const aqhiEndpoint = defineEndpoint({
  id: 'getRealtimeAqhi',
  method: 'GET',
  path: '/mapviewer/api/realtime/aqhi',
  tag: 'Realtime feeds',
  summary: 'Air Quality Health Index at the EPD general and roadside monitoring stations',
  description:
    'Without a connection to live sources the readings are fixed sample values marked `sample: true`; with one they come from EPD.',
  query: timestampOnlyQuerySchema,
  response: {
    contentType: 'application/geo+json',
    description: 'GeoJSON points, one per station; `_value_0` is the AQHI (11 shown as 10+)',
    schema: aqhiFeedSchema,
  },
});

/* ---------------------------------------------------------------- beaches */

/**
 * Beach water-quality grade codes (SPEC §9) with their names and colours. 1..4 are EPD's grades; the 100x codes
 * are states in which a beach has no grade.
 */
export const BEACH_GRADES: ReadonlyArray<{ code: number; name: LocalisedText; rgb: Rgb }> = [
  { code: 1, name: { 'en-US': 'Good', 'zh-HK': '良好', 'zh-CN': '良好' }, rgb: [0, 153, 0] },
  { code: 2, name: { 'en-US': 'Fair', 'zh-HK': '一般', 'zh-CN': '一般' }, rgb: [255, 204, 0] },
  { code: 3, name: { 'en-US': 'Poor', 'zh-HK': '欠佳', 'zh-CN': '欠佳' }, rgb: [255, 102, 0] },
  { code: 4, name: { 'en-US': 'Very Poor', 'zh-HK': '極差', 'zh-CN': '极差' }, rgb: [204, 0, 0] },
  { code: 1001, name: { 'en-US': 'Not graded in winter', 'zh-HK': '冬季不作評級', 'zh-CN': '冬季不作评级' }, rgb: [150, 150, 150] },
  { code: 1002, name: { 'en-US': 'Planned public beach', 'zh-HK': '計劃中的公眾泳灘', 'zh-CN': '计划中的公众泳滩' }, rgb: [102, 153, 204] },
  { code: 1003, name: { 'en-US': 'Not open for swimming', 'zh-HK': '不開放游泳', 'zh-CN': '不开放游泳' }, rgb: [96, 96, 96] },
  { code: 1004, name: { 'en-US': 'Closed', 'zh-HK': '關閉', 'zh-CN': '关闭' }, rgb: [64, 64, 64] },
];
export const BEACH_GRADE_CODES = [1, 2, 3, 4, 1001, 1002, 1003, 1004] as const;
export type BeachGradeCode = (typeof BEACH_GRADE_CODES)[number];

/** The grade entry of a code. */
export function beachGrade(code: BeachGradeCode): (typeof BEACH_GRADES)[number] {
  const grade = BEACH_GRADES.find((entry) => entry.code === code);
  if (!grade) throw new RangeError(`Unknown beach grade code ${code}`);
  return grade;
}

/**
 * A beach. `_value_0` is the grade code, `_value_1` its colour, `_value_2` / `_value_2_TC` / `_value_2_SC` its
 * name; `_publish_date` is EPD's publication time when the source gives one.
 */
export const beachPropertiesSchema = realtimeFeaturePropertiesSchema.extend({
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  _value_0: z.union(BEACH_GRADE_CODES.map((code) => z.literal(code))),
  _value_1: rgbTextSchema,
  _value_2: z.string(),
  _value_2_TC: z.string(),
  _value_2_SC: z.string(),
});
export const beachFeedSchema = stationFeedSchema(beachPropertiesSchema);
export type BeachFeed = z.infer<typeof beachFeedSchema>;

/** GET /mapviewer/api/static/beach */
export const beachEndpoint = defineEndpoint({
  id: 'getStaticBeach',
  method: 'GET',
  path: '/mapviewer/api/static/beach',
  tag: 'Static layers',
  summary: 'Water-quality grades of the EPD-monitored public beaches',
  description: "Without a connection to live sources the grades are the EPD snapshot shipped with the service; with one they are EPD's latest. `source` says which, and whether a failed fetch fell back to an earlier answer.",
  query: timestampOnlyQuerySchema,
  response: {
    contentType: 'application/geo+json',
    description: 'GeoJSON points, one per beach; `_value_0` is the SPEC grade code (1..4, 1001..1004)',
    schema: beachFeedSchema,
  },
});
