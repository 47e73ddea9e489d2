/**
 * The location search mode (SPEC §1 keyword search, §5 messages): places from `GET <apiBase>search/places`, at
 * least two characters, typed coordinates (WGS84 or HK 1980 Grid, ./coordinates.ts) checked against the SAR
 * boundary by `GET <apiBase>search/locate`, and on selection a flight there with a pin and, for a trail or a
 * district, its line or outline (`GET <apiBase>search/places/geometry`), kept until the next search or a clear.
 */
import {
  placeGeometryResponseSchema,
  placeLocateResponseSchema,
  placeSearchResponseSchema,
  PLACE_GEOMETRY_KINDS,
  PLACE_QUERY_MIN_LENGTH,
  type Place,
} from '../../core/contracts/places';
import type { Language, MessageId, PluginContext, SearchModeContribution, SearchResult } from '../../core/plugin/types';
import { parseCoordinates } from './coordinates';

export const TOO_SHORT_MESSAGE = 'locationSearch.validation.tooShort';
export const OUTSIDE_BOUNDARY_MESSAGE = 'locationSearch.outsideBoundary';
/** SPEC §5 'Input location falls outside Hong Kong.' */
export const OUTSIDE_HONG_KONG_MESSAGE = 'locationSearch.coordinates.outsideHongKong';
/** SPEC §5 'Input coordinates are not correct' */
export const MALFORMED_COORDINATES_MESSAGE = 'locationSearch.coordinates.malformed';
/** Camera height after selecting a place, metres. */
export const PLACE_FLIGHT_HEIGHT_METERS = 1500;
/** Highest camera when a district is fitted into view, metres. */
export const DISTRICT_MAX_FLIGHT_HEIGHT_METERS = 60_000;
/** Results asked for per search. */
export const RESULT_LIMIT = 10;
/** The temporary graphics layer of the pin and highlight. */
export const SEARCH_GRAPHICS_OWNER = 'location-search';
/** The pin: a hot pink dot with a white ring (no such colour on the base maps), pixels. */
export const PIN_COLOUR = '#ff0a78';
export const PIN_SIZE_PIXELS = 18;
/** The trail line or district outline of the chosen result: violet, also foreign to the base maps. */
export const HIGHLIGHT_COLOUR = '#8a2be2';
export const HIGHLIGHT_WIDTH_PIXELS = 5;

/** SPEC §5: fewer than 2 characters (after trimming) is refused with its message id. */
export function validatePlaceQuery(query: string): string | null {
  return query.trim().length < PLACE_QUERY_MIN_LENGTH ? TOO_SHORT_MESSAGE : null;
}

/**
 * The line under a result: its kind, with the district it lies in or the trail it belongs to, or with a note
 * that it lies beyond the project boundary (choosing it says so too, instead of flying there).
 */
export function placeSubtitle(i18n: Pick<PluginContext['i18n'], 'format'>, place: Place, language: Language): string {
  const kind = i18n.format(`locationSearch.kind.${place.kind}`);
  if (place.outsideHongKong) return i18n.format('locationSearch.result.beyondBoundary', { kind });
  const detail = place.detail?.[language] || place.detail?.['en-US'];
  return detail ? i18n.format('locationSearch.result.kindAndDetail', { kind, detail }) : kind;
}

/** Kinds whose whole shape is fitted into view on selection (a trail section is flown to at its start). */
const FITTED_KINDS = new Set(['district', 'trail']);
/** Room left around a fitted shape (the search box and tools lie over the map's edges). */
const FIT_MARGIN = 1.3;

/**
 * Where to look straight down from to see a lon/lat box whole: its centre and the camera height, metres. The
 * map's 60° field of view spans its longer side (Cesium), `aspect` is its width / height.
 */
export function viewToShow(positions: ReadonlyArray<readonly [number, number]>, aspect = 1.5): { longitude: number; latitude: number; heightMeters: number } {
  const lons = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  const longitude = (Math.min(...lons) + Math.max(...lons)) / 2;
  const latitude = (Math.min(...lats) + Math.max(...lats)) / 2;
  const metresPerDegree = 111_320;
  const width = (Math.max(...lons) - Math.min(...lons)) * metresPerDegree * Math.cos((latitude * Math.PI) / 180);
  const height = (Math.max(...lats) - Math.min(...lats)) * metresPerDegree;
  const longerSide = aspect >= 1 ? Math.max(width, height * aspect) : Math.max(width / aspect, height);
  const heightMeters = (FIT_MARGIN * longerSide) / (2 * Math.tan(Math.PI / 6));
  return { longitude, latitude, heightMeters: Math.min(DISTRICT_MAX_FLIGHT_HEIGHT_METERS, Math.max(PLACE_FLIGHT_HEIGHT_METERS, heightMeters)) };
}

const COORDINATE_ID = 'coordinates:';
/** The window's width / height, standing for the map's (the map fills the page below the header). */
const mapAspect = () => (typeof window === 'undefined' || window.innerHeight === 0 ? 1.5 : window.innerWidth / Math.max(1, window.innerHeight - 84));
const fixed = (value: number, digits: number) => value.toFixed(digits);

export function createLocationSearchMode(
  ctx: Pick<PluginContext, 'http' | 'i18n' | 'map' | 'notices' | 'analytics' | 'apiBase'>,
): SearchModeContribution {
  const api = (path: string, params: Record<string, string>) =>
    `${ctx.apiBase.replace(/\/?$/, '/')}${path}?${new URLSearchParams(params).toString()}`;
  /** Counts selections, so a shape that arrives after a newer selection or a clear is not drawn. */
  let selection = 0;
  const graphics = () => ctx.map.temporaryGraphics(SEARCH_GRAPHICS_OWNER);

  async function searchCoordinates(
    parsed: Exclude<ReturnType<typeof parseCoordinates>, { kind: 'none' | 'malformed' }>,
    language: Language,
    signal: AbortSignal,
  ): Promise<SearchResult[] | { message: MessageId }> {
    let longitude: number;
    let latitude: number;
    let title: string;
    if (parsed.kind === 'hk1980') {
      // proj4 is loaded only when someone types grid coordinates.
      const { fromHk1980 } = await import('../../core/contracts/hk1980');
      [longitude, latitude] = fromHk1980([parsed.easting, parsed.northing]);
      title = ctx.i18n.format('locationSearch.coordinates.hk1980Title', { easting: fixed(parsed.easting, 0), northing: fixed(parsed.northing, 0) });
    } else {
      ({ longitude, latitude } = parsed);
      title = ctx.i18n.format('locationSearch.coordinates.wgs84Title', { latitude: fixed(latitude, 5), longitude: fixed(longitude, 5) });
    }
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      return { message: OUTSIDE_HONG_KONG_MESSAGE };
    }
    const where = await ctx.http.json(api('search/locate', { longitude: String(longitude), latitude: String(latitude) }), placeLocateResponseSchema, { signal });
    if (where.outsideHongKong) return { message: OUTSIDE_HONG_KONG_MESSAGE };
    const kind = ctx.i18n.format(parsed.kind === 'hk1980' ? 'locationSearch.kind.hk1980' : 'locationSearch.kind.wgs84');
    const detail = where.district?.[language] || where.district?.['en-US'];
    return [
      {
        id: `${COORDINATE_ID}${longitude.toFixed(6)},${latitude.toFixed(6)}`,
        title,
        subtitle: detail ? ctx.i18n.format('locationSearch.result.kindAndDetail', { kind, detail }) : kind,
        longitude,
        latitude,
        outsideHongKong: false,
      },
    ];
  }

  const flyToResult = (result: SearchResult, heightMeters = PLACE_FLIGHT_HEIGHT_METERS) =>
    ctx.map.flyTo({ longitude: result.longitude, latitude: result.latitude, heightMeters });

  /** Draws the line of a chosen trail or the outline of a chosen district; a district is then fitted into view. */
  async function highlight(result: SearchResult, current: number): Promise<void> {
    const kind = result.id.slice(0, result.id.indexOf(':'));
    if (!(PLACE_GEOMETRY_KINDS as readonly string[]).includes(kind)) return;
    try {
      const shape = await ctx.http.json(api('search/places/geometry', { id: result.id }), placeGeometryResponseSchema);
      if (current !== selection) return;
      const layer = graphics();
      layer.addGroundPolylines([
        ...shape.lines.map((positions) => ({ positions, colour: HIGHLIGHT_COLOUR, widthPixels: HIGHLIGHT_WIDTH_PIXELS })),
        ...shape.outlines.map((positions) => ({ positions, colour: HIGHLIGHT_COLOUR, widthPixels: HIGHLIGHT_WIDTH_PIXELS, closed: true })),
      ]);
      if (FITTED_KINDS.has(kind)) {
        const positions = [...shape.lines.flat(), ...shape.outlines.flat()];
        if (positions.length > 0) ctx.map.flyTo(viewToShow(positions, mapAspect()));
        else flyToResult(result);
      }
    } catch (error) {
      // The pin and the flight stand without the highlight.
      console.warn('location search: no shape to highlight', result.id, error);
      if (FITTED_KINDS.has(kind) && current === selection) flyToResult(result);
    }
  }

  return {
    id: 'location-search',
    label: 'locationSearch.mode.label',
    order: 10,
    validate: validatePlaceQuery,
    async search(query, { language, signal }) {
      const parsed = parseCoordinates(query);
      if (parsed.kind === 'malformed') return { message: MALFORMED_COORDINATES_MESSAGE };
      if (parsed.kind !== 'none') return searchCoordinates(parsed, language, signal);
      const url = api('search/places', { q: query.trim(), lang: language, limit: String(RESULT_LIMIT) });
      const response = await ctx.http.json(url, placeSearchResponseSchema, { signal });
      return response.results.map((place) => ({
        id: place.id,
        title: place.name[language] || place.name['en-US'],
        subtitle: placeSubtitle(ctx.i18n, place, language),
        longitude: place.longitude,
        latitude: place.latitude,
        outsideHongKong: place.outsideHongKong,
      }));
    },
    onSelect(result) {
      ctx.analytics.emit({ name: 'search::select', id: result.id, source: 'location-search' });
      if (result.outsideHongKong) {
        ctx.notices.show({ id: 'location-search-outside', message: ctx.i18n.format(OUTSIDE_BOUNDARY_MESSAGE), severity: 'info' });
        return;
      }
      selection += 1;
      const layer = graphics();
      layer.clear();
      layer.addPoints([{ longitude: result.longitude, latitude: result.latitude, colour: PIN_COLOUR, sizePixels: PIN_SIZE_PIXELS }]);
      // A district or trail is flown to once its shape is known (fitted into view); anything else at once.
      if (!FITTED_KINDS.has(result.id.slice(0, result.id.indexOf(':')))) flyToResult(result);
      void highlight(result, selection);
    },
    clearSelection() {
      selection += 1;
      graphics().clear();
    },
  };
}
