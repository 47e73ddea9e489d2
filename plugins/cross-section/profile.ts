/**
 * The cross section's data: the profile of the one analysis engine (`GET /mapviewer/api/analysis/profile`, lane
 * "engine", server/analysis) — ground and roof heights sampled along the drawn line — fetched, checked and turned
 * into what the panel says when it cannot be had. Heights are metres above mean sea level (mPD, the DEM's datum),
 * distances metres along the line. No Cesium here.
 */
import {
  ANALYSIS_MAX_LINE_METRES,
  PROFILE_DEFAULT_SPACING_METRES,
  PROFILE_MAX_VERTICES,
  profileResponseSchema,
  type AnalysisBuildingName,
  type ProfileBuilding,
  type ProfileResponse,
  type ProfileSample,
} from '../../core/contracts/analysis';
import { errorBodySchema } from '../../core/contracts/errors';
import type { Language } from '../../core/plugin/types';
import { polylineLengths, type LonLat } from '../measurement/api';

/** The endpoint's path under the data service's base (`/mapviewer/api/`). */
export const PROFILE_PATH = 'analysis/profile';

export type Profile = ProfileResponse;
export type { ProfileSample, ProfileBuilding, AnalysisBuildingName };

/** Why there is no chart, as a message id of locales/<lang>/cross-section.json and its values. */
export interface ProfileProblem {
  id: string;
  values?: Record<string, string | number>;
}

export type ProfileOutcome = { profile: Profile } | { problem: ProfileProblem };

/** `line=LON,LAT;LON,LAT…` as the endpoint reads it (and the share link writes it): 6 decimals, about 10 cm. */
export function formatLine(points: ReadonlyArray<LonLat>): string {
  return points.map((point) => `${point.longitude.toFixed(6)},${point.latitude.toFixed(6)}`).join(';');
}

/** The `line` text read back; null when it is not two or more valid WGS84 positions. */
export function parseLine(text: string): LonLat[] | null {
  const parts = text.split(';');
  if (parts.length < 2) return null;
  const points: LonLat[] = [];
  for (const part of parts) {
    const numbers = part.split(',');
    if (numbers.length !== 2 || numbers.some((each) => each.trim() === '')) return null;
    const [longitude, latitude] = numbers.map(Number);
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    points.push({ longitude, latitude });
  }
  return points;
}

/** The request for `points`, under `apiBase` (e.g. `/mapviewer/api/`). */
export function profileUrl(apiBase: string, points: ReadonlyArray<LonLat>, spacingMetres = PROFILE_DEFAULT_SPACING_METRES): string {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  return `${base}${PROFILE_PATH}?line=${encodeURIComponent(formatLine(points))}&spacing=${spacingMetres}`;
}

/** The problem with a line before asking, by the endpoint's own limits: too few or too many points, too long. */
export function lineProblem(points: ReadonlyArray<LonLat>): ProfileProblem | null {
  if (points.length < 2) return { id: 'cross-section.problem.tooFewPoints' };
  if (points.length > PROFILE_MAX_VERTICES) return { id: 'cross-section.problem.tooManyPoints', values: { count: points.length, limit: PROFILE_MAX_VERTICES } };
  const length = polylineLengths(points).totalMeters;
  if (length > ANALYSIS_MAX_LINE_METRES) {
    return { id: 'cross-section.problem.tooLong', values: { length: (length / 1000).toFixed(1), limit: ANALYSIS_MAX_LINE_METRES / 1000 } };
  }
  if (length === 0) return { id: 'cross-section.problem.zeroLength' };
  return null;
}

export type FetchProfile = (url: string, init: { signal?: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

/**
 * Asks the engine for the profile. The endpoint's own 400 sentence (it names the parameter and the limit) is shown
 * as it is; other failures become the panel's messages. An abort is thrown on, for the caller to ignore.
 */
export async function loadProfile(fetchProfile: FetchProfile, url: string, signal?: AbortSignal): Promise<ProfileOutcome> {
  let response: Response;
  try {
    response = await fetchProfile(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    return { problem: { id: 'cross-section.problem.network' } };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    if (response.status === 400 && error.success) return { problem: { id: 'cross-section.problem.rejected', values: { message: error.data.message } } };
    // 404: a server without the analysis routes; 503: one without the terrain model installed.
    if (response.status === 404 || response.status === 503) return { problem: { id: 'cross-section.problem.unavailable' } };
    return { problem: { id: 'cross-section.problem.server', values: { status: response.status } } };
  }
  const parsed = profileResponseSchema.safeParse(body);
  if (!parsed.success) return { problem: { id: 'cross-section.problem.server', values: { status: response.status } } };
  if (!parsed.data.samples.some((sample) => sample.groundMetres !== null || sample.roofMetres !== null)) {
    return { problem: { id: 'cross-section.problem.noData' } };
  }
  return { profile: parsed.data };
}

/** A building's name in `language` (English, else Chinese, for en-US; Chinese, else English, for zh), or null. */
export function buildingName(name: AnalysisBuildingName | null | undefined, language: Language): string | null {
  if (!name) return null;
  const order = language === 'en-US' ? [name.en, name.zh] : [name.zh, name.en];
  return order.map((each) => each?.trim()).find((each): each is string => Boolean(each)) ?? null;
}
