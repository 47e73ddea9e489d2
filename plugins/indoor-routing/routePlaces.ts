/**
 * Pure helpers of the station routing drawer: the origin / destination list (grouped exits, platforms,
 * facilities; filtered by what is typed), the `from` / `to` parameters of GET routing/indoor, the figures shown
 * (metres, minutes) and where the floor changes lie along a route's path.
 */
import type { IndoorPlace, IndoorRouteFound } from '../../core/contracts/indoorRouting';
import type { Language } from '../../core/plugin/types';

/** An origin or a destination: a place of GET indoor/places, or a point picked on a floor of the open map. */
export type RouteEndpoint = { kind: 'place'; placeId: string } | { kind: 'point'; longitude: number; latitude: number; floorId: string };

export type Which = 'from' | 'to';

/** The list's groups, in the order shown. */
export const PLACE_GROUPS = ['exit', 'platform', 'facility'] as const;
export type PlaceGroup = (typeof PLACE_GROUPS)[number];

/** Decimal places of a picked point's longitude and latitude in the request: 1e-7° is about 1 cm, finer than any pick. */
const POINT_DECIMALS = 7;

/** The `from` / `to` parameter: a place id, or `lon,lat@floorId` for a picked point. */
export function endpointParam(endpoint: RouteEndpoint): string {
  if (endpoint.kind === 'place') return endpoint.placeId;
  return `${endpoint.longitude.toFixed(POINT_DECIMALS)},${endpoint.latitude.toFixed(POINT_DECIMALS)}@${endpoint.floorId}`;
}

/** The query string of GET routing/indoor. */
export function routeQuery(params: { venueId: string; from: RouteEndpoint; to: RouteEndpoint; stepFree: boolean; language: Language }): string {
  return new URLSearchParams({
    venue: params.venueId,
    from: endpointParam(params.from),
    to: endpointParam(params.to),
    stepFree: String(params.stepFree),
    lang: params.language,
  }).toString();
}

/** Lower-case, without accents or spaces, so "exit a" finds "Exit A" and "EXITA". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f\s]/g, '').toLowerCase();
}

/**
 * The places grouped for the list, each group in the service's order (exits by letter, platforms and facilities
 * top floor first), keeping only those whose name in the page language or in English contains `filter` (spaces
 * and case ignored). Empty groups are left out.
 */
export function groupPlaces(places: readonly IndoorPlace[], filter: string, language: Language): Array<{ group: PlaceGroup; places: IndoorPlace[] }> {
  const wanted = folded(filter);
  const matches = (place: IndoorPlace) => wanted === '' || folded(place.name[language]).includes(wanted) || folded(place.name['en-US']).includes(wanted);
  return PLACE_GROUPS.map((group) => ({ group, places: places.filter((place) => place.kind === group && matches(place)) })).filter(
    (entry) => entry.places.length > 0,
  );
}

/** Whole metres, at least 1 for a route that has any length. */
export function roundedMetres(metres: number): number {
  return metres > 0 ? Math.max(1, Math.round(metres)) : 0;
}

/** Whole minutes of walking, at least 1: "0 min" would read as no walk at all. */
export function walkingMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/** A rise or fall between two path positions at least this big, metres, is a change of floor (stairs, escalator, lift). */
const FLOOR_CHANGE_METRES = 1.5;

/** Where the route changes floor: the path position it arrives at, and the step that does it. */
export interface FloorChange {
  position: readonly [longitude: number, latitude: number, heightMetres: number];
  via: 'stairs' | 'escalator' | 'lift';
  /** The floor it arrives on: the next step's floor, else the last floor passed. */
  toFloorId: string;
}

/**
 * The floor changes of a route, for their labels on the map: each run of path positions that rises or falls (a
 * ride of several floors is one run) is paired with the route's next stairs / escalator / lift step.
 */
export function floorChanges(route: Pick<IndoorRouteFound, 'path' | 'steps' | 'floors'>): FloorChange[] {
  const verticalSteps = route.steps
    .map((step, index) => ({ step, index }))
    .filter((entry): entry is { step: typeof entry.step & { via: FloorChange['via'] }; index: number } =>
      entry.step.via === 'stairs' || entry.step.via === 'escalator' || entry.step.via === 'lift',
    );
  const runEnds: number[] = [];
  for (let i = 1; i < route.path.length; i += 1) {
    const changes = Math.abs(route.path[i][2] - route.path[i - 1][2]) >= FLOOR_CHANGE_METRES;
    if (!changes) continue;
    const continuesRun = runEnds.length > 0 && runEnds[runEnds.length - 1] === i - 1;
    if (continuesRun) runEnds[runEnds.length - 1] = i;
    else runEnds.push(i);
  }
  return runEnds.slice(0, verticalSteps.length).map((end, k) => {
    const { step, index } = verticalSteps[k];
    const next = route.steps[index + 1];
    return { position: route.path[end], via: step.via, toFloorId: next?.floorId ?? route.floors[route.floors.length - 1] };
  });
}
