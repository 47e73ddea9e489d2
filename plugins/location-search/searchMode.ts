/**
 * The location search mode (SPEC §1 keyword search): places from `GET <apiBase>search/places`, at least two
 * characters (SPEC §5), a flight to the chosen place, and the "beyond the project boundary" message for a
 * result outside Hong Kong.
 */
import { placeSearchResponseSchema, PLACE_QUERY_MIN_LENGTH, type Place } from '../../core/contracts/places';
import type { Language, PluginContext, SearchModeContribution, SearchResult } from '../../core/plugin/types';

export const TOO_SHORT_MESSAGE = 'locationSearch.validation.tooShort';
export const OUTSIDE_BOUNDARY_MESSAGE = 'locationSearch.outsideBoundary';
/** Camera height after selecting a place, metres. */
export const PLACE_FLIGHT_HEIGHT_METERS = 1500;
/** Results asked for per search. */
export const RESULT_LIMIT = 10;

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

export function createLocationSearchMode(
  ctx: Pick<PluginContext, 'http' | 'i18n' | 'map' | 'notices' | 'analytics' | 'apiBase'>,
): SearchModeContribution {
  return {
    id: 'location-search',
    label: 'locationSearch.mode.label',
    order: 10,
    validate: validatePlaceQuery,
    async search(query, { language, signal }): Promise<SearchResult[]> {
      const params = new URLSearchParams({ q: query.trim(), lang: language, limit: String(RESULT_LIMIT) });
      const url = `${ctx.apiBase.replace(/\/?$/, '/')}search/places?${params.toString()}`;
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
      ctx.map.flyTo({ longitude: result.longitude, latitude: result.latitude, heightMeters: PLACE_FLIGHT_HEIGHT_METERS });
    },
  };
}
