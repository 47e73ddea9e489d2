/**
 * The keyword search's "first-person view" mode (SPEC §1: location search, care team search, first-person view):
 * places are found exactly as the location search finds them (its api.ts), and choosing one stands there in
 * first-person view instead of flying over it.
 */
import type { PluginContext, SearchModeContribution, SearchResult } from '../../core/plugin/types';
import { createPlaceSearch } from '../location-search/api';

/** The mode id the store's `keywordSearchMode` names (core/store/appStore.ts `KeywordSearchMode`). */
export const FIRST_PERSON_SEARCH_MODE = 'first-person-view';

export function createFirstPersonSearchMode(
  ctx: Pick<PluginContext, 'http' | 'i18n' | 'map' | 'notices' | 'analytics' | 'apiBase'>,
  enter: (result: SearchResult) => void,
): SearchModeContribution {
  const places = createPlaceSearch(ctx);
  return {
    id: FIRST_PERSON_SEARCH_MODE,
    label: 'firstPerson.search.mode',
    order: 30,
    validate: places.validate,
    search: places.search,
    onSelect(result) {
      ctx.analytics.emit({ name: 'search::select', id: result.id, source: FIRST_PERSON_SEARCH_MODE });
      // The search box says so for a place beyond the boundary before calling this; nothing to stand on there.
      if (result.outsideHongKong) return;
      enter(result);
    },
  };
}
