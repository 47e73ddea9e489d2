/**
 * The keyword search's "care team search" mode (SPEC §1: location search, care team search, first-person view):
 * teams whose name, organisation, district or sub-district contains the text (`GET <apiBase>careteams?q=`), each
 * result saying it is a sample record; choosing one opens the care-team drawer on it and flies there.
 */
import { CARE_TEAM_QUERY_MAX_LENGTH, CARE_TEAM_QUERY_MIN_LENGTH, careTeamCollectionSchema } from '../../core/contracts/careTeams';
import type { PluginContext, SearchModeContribution } from '../../core/plugin/types';
import { apiUrl, CARE_TEAM_DRAWER, teamText, type CareTeamController } from './careTeams';

/** The mode id the store's `keywordSearchMode` names (core/store/appStore.ts `KeywordSearchMode`). */
export const CARE_TEAM_SEARCH_MODE = 'care-team-search';
export const TOO_SHORT_MESSAGE = 'careTeam.ui.search.tooShort';
/** Results shown per search. */
export const RESULT_LIMIT = 10;

export function createCareTeamSearchMode(
  ctx: Pick<PluginContext, 'http' | 'i18n' | 'store' | 'analytics' | 'apiBase'>,
  controller: CareTeamController,
): SearchModeContribution {
  return {
    id: CARE_TEAM_SEARCH_MODE,
    label: 'careTeam.ui.search.mode',
    order: 20,
    validate: (query) => (query.trim().length < CARE_TEAM_QUERY_MIN_LENGTH ? TOO_SHORT_MESSAGE : null),
    async search(query, { language, signal }) {
      const text = query.trim().slice(0, CARE_TEAM_QUERY_MAX_LENGTH);
      const found = await ctx.http.json(apiUrl(ctx.apiBase, 'careteams', { q: text }), careTeamCollectionSchema, { signal });
      return found.features.slice(0, RESULT_LIMIT).map((team) => {
        const [longitude, latitude] = team.geometry.coordinates as [number, number];
        const where = ctx.i18n.format('careTeam.ui.search.where', { subDistrict: teamText(team, 'subDistrict', language), district: teamText(team, 'district', language) });
        return {
          id: team.id,
          title: teamText(team, 'key', language),
          subtitle: team.properties.sample ? ctx.i18n.format('careTeam.ui.search.sampleResult', { where }) : where,
          longitude,
          latitude,
        };
      });
    },
    onSelect(result) {
      ctx.analytics.emit({ name: 'search::select', id: result.id, source: CARE_TEAM_SEARCH_MODE });
      ctx.store.getState().openDrawer(CARE_TEAM_DRAWER);
      void controller.load().then(() => controller.select(result.id));
    },
    clearSelection: () => controller.clearSelection(),
  };
}
