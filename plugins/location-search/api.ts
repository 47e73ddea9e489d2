/**
 * What other plugins may use of the location search: its place search (places by name, typed WGS84 or HK 1980
 * Grid coordinates checked against the SAR boundary, the SPEC §5 messages), so another keyword-search mode (e.g.
 * first-person view's) finds places the same way and only does something else with the chosen one.
 */
import type { PluginContext, SearchModeContribution } from '../../core/plugin/types';
import { createLocationSearchMode } from './searchMode';

export type PlaceSearch = Pick<SearchModeContribution, 'validate' | 'search'>;

/** The location search's `validate` and `search`, without its pin, highlight and flight on selection. */
export function createPlaceSearch(ctx: Pick<PluginContext, 'http' | 'i18n' | 'map' | 'notices' | 'analytics' | 'apiBase'>): PlaceSearch {
  const mode = createLocationSearchMode(ctx);
  return { validate: mode.validate, search: mode.search };
}
