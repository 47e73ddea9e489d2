/**
 * The indoor venues, read from the three indoor feeds (SPEC §7 static/indoormtrpt, static/indoor,
 * static/indoorwall): metro stations (their points in indoormtrpt) and buildings (`BLDG-…`, only in the floor
 * feeds), each with its floors top to bottom, and the pure rules the viewer follows — which floor opens first, how
 * a floor is drawn (current opaque, others faint or hidden), floor paging (SPEC §9: 5 per page), what a click picks.
 *
 * The feeds are read loosely on purpose: a venue type the viewer does not know yet (the building lane adds its
 * venues in the same shape) still opens; a feature without a venue id, floor id or numeric heights is skipped.
 */
import type { Language } from '../../core/plugin/types';
import type { IndoorFloor, IndoorVenueType } from './state';

export type LonLat = readonly [longitude: number, latitude: number];
type Names = Record<Language, string>;

/** SPEC §9: floors shown per page of the floor selector. */
export const FLOORS_PER_PAGE = 5;

/** SPEC §9 indoor visibility, metres from the camera (the overlay manifest repeats them; a test keeps them equal). */
export const INDOOR_VISIBILITY = {
  polygonsMinimumMeters: 7000,
  polygonsMaximumMeters: 105000,
  areaLabelsMaximumMeters: 1000,
  stationLabelsMaximumMeters: 3800,
  wallsMaximumMeters: 7000,
} as const;

/** SPEC §9: indoor station clusters: 25 px, at least 5 stations. */
export const INDOOR_STATION_CLUSTER = { pixelRange: 25, minimumClusterSize: 5 } as const;

export interface IndoorArea {
  key: string;
  floorId: string;
  /** Outer ring then holes, [lon, lat]. */
  rings: LonLat[][];
  baseHeightMeters: number;
  topHeightMeters: number;
  /** `concourse`, `platform`, a room kind …; null when the feed gives none. */
  space: string | null;
  /** Every property of the feature, for identify. */
  properties: Record<string, unknown>;
}

export interface IndoorWall {
  key: string;
  floorId: string;
  line: LonLat[];
  baseHeightMeters: number;
  topHeightMeters: number;
}

export interface IndoorVenue {
  venueId: string;
  venueType: IndoorVenueType;
  name: Names;
  /** Where the venue's station point is (stations) or the middle of its floors (buildings). */
  position: LonLat;
  /** Top to bottom. */
  floors: IndoorFloor[];
  areas: IndoorArea[];
  walls: IndoorWall[];
  sample: boolean;
}

export interface IndoorFeeds {
  stations: unknown;
  polygons: unknown;
  walls: unknown;
}

type Feature = { geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> | null; id?: unknown };

function features(collection: unknown): Feature[] {
  const list = (collection as { features?: unknown } | null)?.features;
  return Array.isArray(list) ? (list as Feature[]) : [];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function position(value: unknown): LonLat | null {
  if (!Array.isArray(value) || value.length < 2) return null;
  const [lon, lat] = value;
  return finite(lon) !== null && finite(lat) !== null ? [lon as number, lat as number] : null;
}

function positions(value: unknown): LonLat[] | null {
  if (!Array.isArray(value)) return null;
  const list = value.map(position);
  return list.every((entry) => entry !== null) ? (list as LonLat[]) : null;
}

function names(properties: Record<string, unknown>, english: string, traditional: string, simplified: string): Names | null {
  const en = text(properties[english]);
  const tc = text(properties[traditional]) ?? en;
  const sc = text(properties[simplified]) ?? tc;
  return en && tc && sc ? { 'en-US': en, 'zh-HK': tc, 'zh-CN': sc } : null;
}

/** Metro station venues are `MTR-…`; everything else in the floor feeds is a building venue. */
export function venueTypeOf(venueId: string, declared?: unknown): IndoorVenueType {
  if (declared === 'metro-station' || declared === 'building') return declared;
  return venueId.startsWith('MTR-') ? 'metro-station' : 'building';
}

/** Builds every venue from the three feeds: stations first (by id), then buildings (by id). */
export function readIndoorVenues(feeds: IndoorFeeds): IndoorVenue[] {
  const venues = new Map<string, IndoorVenue>();
  const floorsByVenue = new Map<string, Map<string, IndoorFloor & { topMeters: number }>>();

  for (const feature of features(feeds.stations)) {
    const properties = feature.properties ?? {};
    const venueId = text(properties.Venue_ID);
    const point = feature.geometry?.type === 'Point' ? position(feature.geometry.coordinates) : null;
    const name = names(properties, 'Venue_Eng_name', 'Venue_Chi_name', 'Venue_SC_name');
    if (!venueId || !point || !name) continue;
    venues.set(venueId, { venueId, venueType: venueTypeOf(venueId, properties.venueType), name, position: point, floors: [], areas: [], walls: [], sample: properties.sample === true });
  }

  const floorOf = (venueId: string, properties: Record<string, unknown>, topMeters: number) => {
    const floorId = text(properties.floorId);
    const level = finite(properties.floorLevel);
    if (!floorId || level === null) return null;
    const floors = floorsByVenue.get(venueId) ?? new Map();
    floorsByVenue.set(venueId, floors);
    const known = floors.get(floorId);
    if (known) known.topMeters = Math.max(known.topMeters, topMeters);
    else floors.set(floorId, { floorId, floorLevel: level, name: names(properties, 'floorName_EN', 'floorName_TC', 'floorName_SC') ?? { 'en-US': floorId, 'zh-HK': floorId, 'zh-CN': floorId }, topMeters });
    return floorId;
  };

  for (const feature of features(feeds.polygons)) {
    const properties = feature.properties ?? {};
    const venueId = text(properties.Venue_ID);
    const base = finite(properties._base_height);
    const top = finite(properties._height);
    const rings = feature.geometry?.type === 'Polygon' && Array.isArray(feature.geometry.coordinates) ? (feature.geometry.coordinates as unknown[]).map(positions) : null;
    if (!venueId || base === null || top === null || !rings || rings.length === 0 || rings.some((ring) => !ring || ring.length < 4)) continue;
    const floorId = floorOf(venueId, properties, top);
    if (!floorId) continue;
    let venue = venues.get(venueId);
    if (!venue) {
      const name = names(properties, 'Venue_Eng_name', 'Venue_Chi_name', 'Venue_SC_name') ?? { 'en-US': venueId, 'zh-HK': venueId, 'zh-CN': venueId };
      venue = { venueId, venueType: venueTypeOf(venueId, properties.venueType), name, position: (rings[0] as LonLat[])[0], floors: [], areas: [], walls: [], sample: properties.sample === true };
      venues.set(venueId, venue);
    }
    if (properties.sample === true) venue.sample = true;
    venue.areas.push({ key: text(properties.key) ?? String(feature.id ?? `${floorId}-${venue.areas.length}`), floorId, rings: rings as LonLat[][], baseHeightMeters: base, topHeightMeters: top, space: text(properties.space), properties: { ...properties } });
  }

  for (const feature of features(feeds.walls)) {
    const properties = feature.properties ?? {};
    const venueId = text(properties.Venue_ID);
    const venue = venueId ? venues.get(venueId) : undefined;
    const base = finite(properties._base_height);
    const top = finite(properties._height);
    const line = feature.geometry?.type === 'LineString' ? positions(feature.geometry.coordinates) : null;
    if (!venue || base === null || top === null || !line || line.length < 2) continue;
    const floorId = floorOf(venue.venueId, properties, top);
    if (floorId) venue.walls.push({ key: text(properties.key) ?? `${floorId}-wall-${venue.walls.length}`, floorId, line, baseHeightMeters: base, topHeightMeters: top });
  }

  for (const venue of venues.values()) {
    const floors = [...(floorsByVenue.get(venue.venueId)?.values() ?? [])];
    venue.floors = orderFloors(floors).map(({ floorId, floorLevel, name }) => ({ floorId, floorLevel, name }));
    if (venue.venueType === 'building' && venue.areas.length > 0) venue.position = centreOf(venue.areas.flatMap((area) => area.rings[0]));
  }
  const order = (venue: IndoorVenue) => (venue.venueType === 'metro-station' ? 0 : 1);
  return [...venues.values()].sort((a, b) => order(a) - order(b) || a.venueId.localeCompare(b.venueId));
}

/** Top to bottom: higher level first; the same level by the higher top. */
export function orderFloors<F extends { floorLevel: number; topMeters?: number }>(floors: readonly F[]): F[] {
  return [...floors].sort((a, b) => b.floorLevel - a.floorLevel || (b.topMeters ?? 0) - (a.topMeters ?? 0));
}

/** The floor an opened map starts on: street level (level 0) when the venue has one, else its top floor. */
export function firstFloorId(floors: readonly IndoorFloor[]): string | null {
  return (floors.find((floor) => floor.floorLevel === 0) ?? floors[0])?.floorId ?? null;
}

/** How a floor is drawn: the current one opaque, the others faint or not at all (the user's choice). */
export function floorOpacity(floorId: string, currentFloorId: string, otherFloors: 'faint' | 'hidden'): number {
  if (floorId === currentFloorId) return 0.9;
  return otherFloors === 'faint' ? 0.18 : 0;
}

export interface FloorPage {
  /** 0-based. */
  page: number;
  pageCount: number;
  floors: IndoorFloor[];
  /** 1-based positions of the page's first and last floor in the whole list. */
  first: number;
  last: number;
}

/** Page `page` (clamped) of the floors, {@link FLOORS_PER_PAGE} per page. */
export function floorPage(floors: readonly IndoorFloor[], page: number): FloorPage {
  const pageCount = Math.max(1, Math.ceil(floors.length / FLOORS_PER_PAGE));
  const clamped = Math.min(Math.max(0, Math.trunc(page)), pageCount - 1);
  const start = clamped * FLOORS_PER_PAGE;
  const slice = floors.slice(start, start + FLOORS_PER_PAGE);
  return { page: clamped, pageCount, floors: slice, first: slice.length ? start + 1 : 0, last: start + slice.length };
}

/** The page that shows `floorId` (0 when it is not in the list). */
export function pageOfFloor(floors: readonly IndoorFloor[], floorId: string): number {
  const index = floors.findIndex((floor) => floor.floorId === floorId);
  return index < 0 ? 0 : Math.floor(index / FLOORS_PER_PAGE);
}

/** Ray casting in degrees (the rooms are small; the holes are excluded). */
export function insideRings(point: LonLat, rings: readonly (readonly LonLat[])[]): boolean {
  const inRing = (ring: readonly LonLat[]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  return rings.length > 0 && inRing(rings[0]) && !rings.slice(1).some(inRing);
}

/** The area of the current floor under `point` (the smallest when areas overlap, e.g. a paid area in a concourse). */
export function areaAt(venue: IndoorVenue, floorId: string, point: LonLat): IndoorArea | null {
  const hits = venue.areas.filter((area) => area.floorId === floorId && insideRings(point, area.rings));
  const size = (area: IndoorArea) => {
    const [west, south, east, north] = boxOf(area.rings[0]);
    return (east - west) * (north - south);
  };
  return hits.sort((a, b) => size(a) - size(b))[0] ?? null;
}

/** West, south, east, north of positions, degrees. */
export function boxOf(points: readonly LonLat[]): [number, number, number, number] {
  const lons = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

function centreOf(points: readonly LonLat[]): LonLat {
  const [west, south, east, north] = boxOf(points);
  return [(west + east) / 2, (south + north) / 2];
}

/** The venue's box (its floors, walls and point) widened by `marginMeters` on every side, degrees. */
export function venueBounds(venue: IndoorVenue, marginMeters: number): { west: number; south: number; east: number; north: number } {
  const points = [venue.position, ...venue.areas.flatMap((area) => area.rings[0]), ...venue.walls.flatMap((wall) => wall.line)];
  const [west, south, east, north] = boxOf(points);
  const dLat = marginMeters / 111_320;
  const dLon = marginMeters / (111_320 * Math.cos((((south + north) / 2) * Math.PI) / 180));
  return { west: west - dLon, south: south - dLat, east: east + dLon, north: north + dLat };
}

/** Metres between two places (equirectangular: fine at a station's size). */
export function metresBetween(a: LonLat, b: LonLat): number {
  const latitude = (((a[1] + b[1]) / 2) * Math.PI) / 180;
  return Math.hypot((b[0] - a[0]) * 111_320 * Math.cos(latitude), (b[1] - a[1]) * 111_320);
}

/**
 * The venue a click on the overview picks: the station point nearest the click within `toleranceMeters` (about
 * 25 screen pixels at that distance), else a venue whose floor outline contains the click (a highlighted polygon).
 */
export function venueAt(venues: readonly IndoorVenue[], point: LonLat, toleranceMeters: number): IndoorVenue | null {
  let nearest: IndoorVenue | null = null;
  let nearestMetres = toleranceMeters;
  for (const venue of venues) {
    if (venue.venueType !== 'metro-station') continue;
    const metres = metresBetween(venue.position, point);
    if (metres <= nearestMetres) {
      nearest = venue;
      nearestMetres = metres;
    }
  }
  return nearest ?? venues.find((venue) => venue.areas.some((area) => insideRings(point, area.rings))) ?? null;
}

/**
 * Where the line of sight through a picked point meets a floor: the pick gives the surface the click hit (the
 * see-through ground above a station, a building's roof), the user aims at the floor drawn below or inside it.
 * Local flat-earth frame around the camera (fine over a venue's few hundred metres). Null when the line does not
 * reach the floor (it runs level, or the floor lies behind the camera).
 */
export function pointOnFloor(
  camera: { longitude: number; latitude: number; heightMeters: number },
  picked: { longitude: number; latitude: number; heightMeters: number },
  floorHeightMeters: number,
): LonLat | null {
  const dz = picked.heightMeters - camera.heightMeters;
  if (Math.abs(dz) < 1e-6) return null;
  const t = (floorHeightMeters - camera.heightMeters) / dz;
  if (t <= 0) return null;
  return [camera.longitude + t * (picked.longitude - camera.longitude), camera.latitude + t * (picked.latitude - camera.latitude)];
}
