/**
 * Pure helpers of the walking route drawer: the request's address, the message an answer or a failure gives
 * (SPEC §8 wording where SPEC has one), the figures shown (distance, minutes) and what the map draws (the route's
 * box, the access legs cut into dashes).
 */
import { WALK_MAX_ACCESS_METRES, type WalkingRouteResponse } from '../../core/contracts/walking';
import { HttpError } from '../../core/http/httpClient';
import type { MessageId } from '../../core/plugin/types';

export type Position = readonly [longitude: number, latitude: number];

/** Which end of the walk: the origin or the destination. */
export type RouteEnd = 'from' | 'to';

/** A message of the drawer, by id (locales/<lang>/walking-route.json); `end` names the field it is about. */
export interface WalkMessage {
  id: MessageId;
  values?: Record<string, string | number>;
  severity: 'info' | 'warning' | 'error';
  end?: RouteEnd;
}

/**
 * Decimals sent for a coordinate: 6 decimals of a degree is about 0.1 m, finer than any pick on the map, and keeps
 * the address (and a bookmark's) short.
 */
const COORDINATE_DECIMALS = 6;

const coordinate = (value: number) => String(Number(value.toFixed(COORDINATE_DECIMALS)));

/** `GET <apiBase>routing/walk?from=LON,LAT&to=LON,LAT&lang=` (core/contracts/walking.ts). */
export function walkUrl(apiBase: string, from: Position, to: Position, language: string): string {
  const query = new URLSearchParams({
    from: `${coordinate(from[0])},${coordinate(from[1])}`,
    to: `${coordinate(to[0])},${coordinate(to[1])}`,
    lang: language,
  });
  return `${apiBase.replace(/\/?$/, '/')}routing/walk?${query.toString()}`;
}

/** SPEC §8 'Location of the search result falls beyond the project boundary.' */
export const OUTSIDE_BOUNDARY_MESSAGE = 'walkingRoute.message.outsideBoundary';

/** The message of an answer without a route; null for a found route. */
export function answerMessage(answer: WalkingRouteResponse): WalkMessage | null {
  if (answer.found) return null;
  switch (answer.reason) {
    case 'outside-boundary':
      return { id: OUTSIDE_BOUNDARY_MESSAGE, severity: 'warning', end: answer.which };
    case 'no-path-near':
      return { id: 'walkingRoute.message.noPathNear', values: { metres: WALK_MAX_ACCESS_METRES }, severity: 'warning', end: answer.which };
    case 'unreachable':
      return { id: 'walkingRoute.message.unreachable', severity: 'warning' };
  }
}

/**
 * The message of a failed request: a 400 means the request was wrong (a bug on our side or a stale bookmark's
 * coordinates the server refuses), anything else (5xx, no answer, an answer of the wrong shape) that the service
 * is not working now.
 */
export function failureMessage(error: unknown): WalkMessage {
  if (error instanceof HttpError && error.status === 400) return { id: 'walkingRoute.message.badRequest', severity: 'error' };
  return { id: 'walkingRoute.message.unavailable', severity: 'error' };
}

/** Distance shown: metres under a kilometre (to 10 m), else kilometres to 0.1 km. */
export function distanceText(lengthMetres: number): { unit: 'm' | 'km'; value: number } {
  if (lengthMetres < 995) return { unit: 'm', value: Math.max(10, Math.round(lengthMetres / 10) * 10) };
  return { unit: 'km', value: Math.round(lengthMetres / 100) / 10 };
}

/** Walking time shown, whole minutes, at least 1. */
export function walkingMinutes(walkingSeconds: number): number {
  return Math.max(1, Math.round(walkingSeconds / 60));
}

/**
 * The streets passed, in order, for the list under the figures: stretches of the same name that follow each other
 * are joined, unnamed stretches become one "unnamed path" entry between named ones.
 */
export function streetsPassed<N>(streets: ReadonlyArray<{ name: N | null; lengthMetres: number }>, key: (name: N) => string): Array<{ name: N | null; lengthMetres: number }> {
  const joined: Array<{ name: N | null; lengthMetres: number }> = [];
  for (const street of streets) {
    const last = joined.at(-1);
    const sameAsLast = last && (last.name === null ? street.name === null : street.name !== null && key(last.name) === key(street.name));
    if (last && sameAsLast) last.lengthMetres += street.lengthMetres;
    else joined.push({ name: street.name, lengthMetres: street.lengthMetres });
  }
  return joined;
}
