/**
 * Pure helpers of the A&E drawer: joining the waiting-time feed with the driving answer, the estimated arrival,
 * the list order, and the dashed drawing of access legs. No DOM, no map.
 */
import type { AeFeed } from '../../core/contracts/health-care';
import type { AeDrivingResponse } from '../../core/contracts/driving';
import type { Language } from '../../core/plugin/types';

/** One row of the drawer's list: a hospital, its waiting time and (once an origin is chosen) its drive. */
export interface HospitalRow {
  key: string;
  name: Record<Language, string>;
  /** Median wait of triage IV/V (semi-urgent and non-urgent) patients, minutes; null when the feed gives none. */
  waitMinutes: number | null;
  /** The department manages several resuscitation cases now. */
  resuscitationInProgress: boolean;
  drivingMetres: number | null;
  drivingSeconds: number | null;
  /** Estimated arrival, ms since the epoch: when the route was computed plus the driving time; null when not routed. */
  arrivalAt: number | null;
  reach: 'reached' | 'unreachable' | 'not-routed';
}

export type SortOrder = 'arrival' | 'wait';
export const SORT_ORDERS: readonly SortOrder[] = ['arrival', 'wait'];

/**
 * The list: every hospital of the feed (or of the driving answer when the feed has not arrived), with the driving
 * figures of `driving` (computed at `routedAt`, ms) where there are some.
 */
export function hospitalRows(feed: AeFeed | null, driving: AeDrivingResponse | null, routedAt: number | null): HospitalRow[] {
  const byKey = new Map<string, HospitalRow>();
  for (const feature of feed?.features ?? []) {
    const p = feature.properties;
    byKey.set(p.key, {
      key: p.key,
      name: { 'en-US': p.key_EN, 'zh-HK': p.key_TC, 'zh-CN': p.key_SC },
      waitMinutes: p.triage45MedianMinutes,
      resuscitationInProgress: p.resuscitationInProgress,
      drivingMetres: null,
      drivingSeconds: null,
      arrivalAt: null,
      reach: 'not-routed',
    });
  }
  for (const hospital of driving?.hospitals ?? []) {
    const row = byKey.get(hospital.key) ?? {
      key: hospital.key,
      name: hospital.name,
      waitMinutes: null,
      resuscitationInProgress: false,
      drivingMetres: null,
      drivingSeconds: null,
      arrivalAt: null,
      reach: 'not-routed' as const,
    };
    row.reach = hospital.reach;
    row.drivingMetres = hospital.drivingMetres;
    row.drivingSeconds = hospital.drivingSeconds;
    row.arrivalAt = hospital.drivingSeconds === null || routedAt === null ? null : routedAt + hospital.drivingSeconds * 1000;
    byKey.set(hospital.key, row);
  }
  return [...byKey.values()];
}

/**
 * Sorted copy: by estimated arrival (soonest first), or by waiting time (shortest first); rows without the figure
 * go last, ties by English name.
 */
export function sortRows(rows: readonly HospitalRow[], order: SortOrder): HospitalRow[] {
  const figure = (row: HospitalRow) => (order === 'arrival' ? row.arrivalAt : row.waitMinutes) ?? Infinity;
  return [...rows].sort((a, b) => figure(a) - figure(b) || a.name['en-US'].localeCompare(b.name['en-US']));
}

/** Whole minutes of a drive, at least 1 (a drive of a few seconds still reads "1 min"). */
export function drivingMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/** Kilometres with one decimal below 10 km, whole above. */
export function drivingKilometres(metres: number): string {
  const km = metres / 1000;
  return km < 10 ? km.toFixed(1) : String(Math.round(km));
}
