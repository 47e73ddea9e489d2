import { z } from 'zod';
import { AE_INTERVAL_CLIENT_S, aeWaitBand, type AeFeed, type LocalisedText } from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataJson } from './files';
import { mulberry32, randomInteger } from './seededRandom';
import { labelledValueProperties, placedStationFeatures, type Station } from './weather';

export const AE_FILES = {
  /** The 18 public hospitals with an A&E department: English and Traditional Chinese names, positions. */
  hospitals: 'health/ha_ae_hospitals.geojson',
  /** Simplified Chinese names (our conversion), keyed by the English name. */
  names: 'names/ha_hospital_names.json',
} as const;

/**
 * The Hospital Authority's A&E waiting-time format (`aedwtdata2-en.json`, DATA.GOV.HK "Accident and Emergency
 * Waiting Time by Hospital"): `{ waitTime: [{ hospName, t1wt, manageT1case, t2wt, manageT2case, t3p50, t3p95,
 * t45p50, t45p95 }], updateTime: "20/1/2026 4:30AM" }`, with texts like "28 minutes" and "3.5 hours". t1wt / t2wt
 * read "Managing multiple resuscitation cases" (and manageT1case / manageT2case "N/A") while the department is
 * resuscitating several patients. Only the fields we read are checked; others are ignored. The offline sample is
 * written in this format too, so it goes through the same reader as the live feed.
 */
export const haWaitTimeDocumentSchema = z.object({
  waitTime: z
    .array(
      z.object({
        hospName: z.string().min(1),
        t1wt: z.string().optional(),
        manageT1case: z.string().optional(),
        t2wt: z.string().optional(),
        manageT2case: z.string().optional(),
        t3p50: z.string(),
        t3p95: z.string(),
        t45p50: z.string(),
        t45p95: z.string(),
      }),
    )
    .min(1),
  updateTime: z.string(),
});
export type HaWaitTimeDocument = z.infer<typeof haWaitTimeDocumentSchema>;

export interface HospitalWaitTimes {
  /** The hospital's English name, as HA writes it. */
  hospital: string;
  triage3MedianMinutes: number | null;
  triage3P95Minutes: number | null;
  triage45MedianMinutes: number | null;
  triage45P95Minutes: number | null;
  resuscitationInProgress: boolean;
}

export interface HaWaitTimes {
  /** HA's update time, ISO 8601 with offset. */
  updatedAt: string;
  hospitals: HospitalWaitTimes[];
}

/** "28 minutes", "0 minute", "3.5 hours", "1 hour" → minutes; null for any other text. */
export function haDurationMinutes(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(minutes?|hours?)$/i.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2].toLowerCase().startsWith('hour') ? 60 : 1);
}

/** HA's "20/1/2026 4:30AM" or "27/07/2025 10:45 AM" (day first, Hong Kong time) → ISO 8601. */
export function haTimeToIso(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(text.trim());
  if (!m) throw new Error(`Unknown HA update time "${text.slice(0, 40)}"`);
  const [, day, month, year, hour12, minute, meridiem] = m;
  const hour = (Number(hour12) % 12) + (meridiem.toUpperCase() === 'P' ? 12 : 0);
  const two = (n: number | string) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${minute}:00+08:00`;
}

const RESUSCITATION = /resuscitation/i;

/** Reads HA's document (already JSON-parsed); throws when it is not in HA's format. */
export function parseHaWaitTimes(document: unknown): HaWaitTimes {
  const parsed = haWaitTimeDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Not an HA A&E waiting-time document (${issue.path.join('.') || 'document'}: ${issue.message})`);
  }
  return {
    updatedAt: haTimeToIso(parsed.data.updateTime),
    hospitals: parsed.data.waitTime.map((entry) => ({
      hospital: entry.hospName.trim(),
      triage3MedianMinutes: haDurationMinutes(entry.t3p50),
      triage3P95Minutes: haDurationMinutes(entry.t3p95),
      triage45MedianMinutes: haDurationMinutes(entry.t45p50),
      triage45P95Minutes: haDurationMinutes(entry.t45p95),
      resuscitationInProgress:
        RESUSCITATION.test(entry.t1wt ?? '') || RESUSCITATION.test(entry.t2wt ?? '') || entry.manageT1case === 'N/A' || entry.manageT2case === 'N/A',
    })),
  };
}

interface HospitalFile {
  features: Array<{ geometry: { type: 'Point'; coordinates: [number, number] }; properties: { name_en: string; name_zh: string } }>;
}

/** The hospitals keyed by the English name HA's waiting-time feed uses. */
export function loadAeHospitals(dataDir: string): Map<string, Station> {
  const simplified = readDataJson<{ names: Record<string, { 'zh-CN': string }> }>(dataDir, AE_FILES.names).names;
  const hospitals = new Map<string, Station>();
  for (const feature of readDataJson<HospitalFile>(dataDir, AE_FILES.hospitals).features) {
    const { name_en, name_zh } = feature.properties;
    hospitals.set(name_en, {
      name: { 'en-US': name_en, 'zh-HK': name_zh, 'zh-CN': simplified[name_en]?.['zh-CN'] ?? name_zh },
      position: [feature.geometry.coordinates[0], feature.geometry.coordinates[1]],
    });
  }
  return hospitals;
}

/** A waiting time as text in each language: "45 minutes", "3.5 hours" (hours from 60 minutes on). */
export function waitText(minutes: number): LocalisedText {
  if (minutes < 60) {
    return { 'en-US': `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`, 'zh-HK': `${minutes} 分鐘`, 'zh-CN': `${minutes} 分钟` };
  }
  const hours = Math.round((minutes / 60) * 10) / 10;
  return { 'en-US': `${hours} ${hours === 1 ? 'hour' : 'hours'}`, 'zh-HK': `${hours} 小時`, 'zh-CN': `${hours} 小时` };
}

/** The A&E feed: one point per hospital in the answer that can be placed, sorted by key. */
export function buildAeFeed(waitTimes: HaWaitTimes, hospitals: ReadonlyMap<string, Station>, sample: boolean): FeedData<AeFeed> {
  const features = placedStationFeatures(waitTimes.hospitals, hospitals, (entry) => entry.hospital, (entry) => {
    const median = entry.triage45MedianMinutes;
    return {
      ...(median === null ? {} : labelledValueProperties(median, aeWaitBand(median).rgb, waitText(median))),
      _publish_date: waitTimes.updatedAt,
      triage3MedianMinutes: entry.triage3MedianMinutes,
      triage3P95Minutes: entry.triage3P95Minutes,
      triage45MedianMinutes: entry.triage45MedianMinutes,
      triage45P95Minutes: entry.triage45P95Minutes,
      resuscitationInProgress: entry.resuscitationInProgress,
      sample,
    };
  });
  return { type: 'FeatureCollection', intervalClient: AE_INTERVAL_CLIENT_S, sample, features };
}

/** Seed of the A&E sample ("A&E!" in ASCII). */
export const AE_SAMPLE_SEED = 0x41264521;
/** The update time the sample claims, in HA's own format; fixed, so the sample is the same on every start. */
export const AE_SAMPLE_UPDATE_TIME = '28/8/2026 6:45PM';

function haHours(hours: number): string {
  return `${hours} ${hours === 1 || hours === 0 ? 'hour' : 'hours'}`;
}

function haMinutes(minutes: number): string {
  return `${minutes} ${minutes <= 1 ? 'minute' : 'minutes'}`;
}

/**
 * A sample waiting-time document in HA's own format, so the offline feed goes through the same reader as the live
 * one. No real waiting times are in our data, so each hospital (in name order) gets seeded figures in HA's ranges
 * and steps: triage III median 8..45 minutes and 95th percentile 10..60 minutes above it; triage IV/V median
 * 0.5..4.5 hours and 95th percentile 0.5..3 hours above it, both in HA's half-hour steps.
 */
export function sampleHaWaitTimeDocument(hospitalNames: readonly string[]): HaWaitTimeDocument {
  const random = mulberry32(AE_SAMPLE_SEED);
  const waitTime = [...hospitalNames].sort().map((hospName) => {
    const t3p50 = randomInteger(random, 8, 45);
    const t3p95 = t3p50 + randomInteger(random, 10, 60);
    const t45p50 = randomInteger(random, 1, 9) / 2;
    const t45p95 = t45p50 + randomInteger(random, 1, 6) / 2;
    return {
      hospName,
      t1wt: '0 minute',
      manageT1case: random() < 0.15 ? 'Y' : 'N',
      t2wt: 'less than 15 minutes',
      manageT2case: random() < 0.3 ? 'Y' : 'N',
      t3p50: haMinutes(t3p50),
      t3p95: haMinutes(t3p95),
      t45p50: haHours(t45p50),
      t45p95: haHours(t45p95),
    };
  });
  return { waitTime, updateTime: AE_SAMPLE_UPDATE_TIME };
}

/** The offline A&E feed: the real hospitals with sample waiting times, marked sample. */
export function loadAeFeed(dataDir: string): FeedData<AeFeed> {
  const hospitals = loadAeHospitals(dataDir);
  return buildAeFeed(parseHaWaitTimes(sampleHaWaitTimeDocument([...hospitals.keys()])), hospitals, true);
}
