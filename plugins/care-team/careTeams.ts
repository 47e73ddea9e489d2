/**
 * The care team feature's state and actions (SPEC §1 care teams, flag careTeam / map.careteam.enabled): the
 * feature's messages from `GET <apiBase>domain/gm` merged into the translations (SPEC §7), the teams from
 * `GET <apiBase>careteams` (generated samples, one per sub-district, core/contracts/careTeams.ts), the district the
 * drawer lists and the team chosen, which the map flies to with a pin and the care-team layer on.
 */
import { localeMessageBundlesSchema } from '../../core/contracts/domain';
import { careTeamCollectionSchema, type CareTeamFeature } from '../../core/contracts/careTeams';
import type { Disposer, Language, PluginContext } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';

/** The care-team layer (manifests/overlays/care-teams.json), registered by this plugin. */
export const CARE_TEAM_OVERLAY = 'care-teams';
/** The drawer (SPEC §2 function drawer `careteam`, living group); analytics `careteam::on|off`. */
export const CARE_TEAM_DRAWER = 'careteam';
/** The temporary graphics of the chosen team's pin. */
export const CARE_TEAM_GRAPHICS = 'care-team';
/** Camera height over a chosen team, metres. */
export const TEAM_FLIGHT_HEIGHT_METERS = 1500;
/** The pin: the layer's colour in a white ring, larger than the layer's points, pixels. */
export const PIN_COLOUR = '#c2185b';
export const PIN_SIZE_PIXELS = 18;

export type CareTeam = CareTeamFeature;

export interface CareTeamState {
  /** `failed`: the messages or the teams could not be loaded (SPEC §8 'temporarily not available'). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  teams: readonly CareTeam[];
  /** HAD district letter the drawer lists, '' for none chosen. */
  district: string;
  selectedId: string | null;
}

export interface CareTeamController {
  getState(): CareTeamState;
  subscribe(listener: () => void): Disposer;
  /** Loads the messages and the teams once (again after a failure). */
  load(): Promise<void>;
  setDistrict(code: string): void;
  /** Flies to the team, pins it and shows the care-team layer. */
  select(id: string): void;
  clearSelection(): void;
  /** Formats a message through the plugin's i18n service, which holds the merged `domain/gm` messages. */
  format(id: string, values?: Record<string, string | number>): string;
  dispose(): void;
}

type Ctx = Pick<PluginContext, 'http' | 'i18n' | 'map' | 'store' | 'analytics' | 'apiBase' | 'overlays'>;

/** The URL of a data-service path under `apiBase`. */
export function apiUrl(apiBase: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  return `${apiBase.replace(/\/?$/, '/')}${path}?${query}`;
}

/** A team's text field in `language` (`<field>_EN`, `_TC`, `_SC`). */
export function teamText(team: CareTeam, field: 'key' | 'organisation' | 'facilities' | 'district' | 'subDistrict' | 'note', language: Language): string {
  const suffix = language === 'zh-HK' ? 'TC' : language === 'zh-CN' ? 'SC' : 'EN';
  return team.properties[`${field}_${suffix}`];
}

/** The districts that have teams, in letter order, with their names in `language` and how many teams each has. */
export function districtsOf(teams: readonly CareTeam[], language: Language): Array<{ code: string; name: string; count: number }> {
  const byCode = new Map<string, { code: string; name: string; count: number }>();
  for (const team of teams) {
    const code = team.properties.districtCode;
    const entry = byCode.get(code) ?? { code, name: teamText(team, 'district', language), count: 0 };
    entry.count += 1;
    byCode.set(code, entry);
  }
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

export function createCareTeamController(ctx: Ctx): CareTeamController {
  const store = createStateStore<CareTeamState>({ status: 'idle', teams: [], district: '', selectedId: null });
  let removeMessages: Disposer | null = null;
  let removePin: Disposer | null = null;
  let loading: Promise<void> | null = null;
  const set = store.set;

  const load = (): Promise<void> => {
    if (store.getState().status === 'ready') return Promise.resolve();
    loading ??= (async () => {
      set({ status: 'loading' });
      try {
        const [messages, teams] = await Promise.all([
          ctx.http.json(apiUrl(ctx.apiBase, 'domain/gm'), localeMessageBundlesSchema),
          ctx.http.json(apiUrl(ctx.apiBase, 'careteams'), careTeamCollectionSchema),
        ]);
        removeMessages?.();
        removeMessages = ctx.i18n.addMessages?.(messages) ?? null;
        set({ status: 'ready', teams: teams.features });
      } catch (error) {
        console.warn('care-team: loading the messages or the teams failed', error);
        set({ status: 'failed' });
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  const clearSelection = () => {
    removePin?.();
    removePin = null;
    if (store.getState().selectedId !== null) set({ selectedId: null });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load,
    setDistrict(code) {
      const { district, teams, selectedId } = store.getState();
      if (code !== district) set({ district: code, selectedId: teams.find((team) => team.id === selectedId)?.properties.districtCode === code ? selectedId : null });
    },
    select(id) {
      const team = store.getState().teams.find((candidate) => candidate.id === id);
      if (!team) return;
      const [longitude, latitude] = team.geometry.coordinates as [number, number];
      removePin?.();
      removePin = ctx.map.temporaryGraphics(CARE_TEAM_GRAPHICS).addPoints([{ longitude, latitude, heightMeters: 20, colour: PIN_COLOUR, sizePixels: PIN_SIZE_PIXELS }]);
      ctx.map.flyTo({ longitude, latitude, heightMeters: TEAM_FLIGHT_HEIGHT_METERS });
      if (ctx.overlays.get(CARE_TEAM_OVERLAY)) ctx.store.getState().setOverlayShown(CARE_TEAM_OVERLAY, true);
      ctx.analytics.emit({ name: 'careteam::select', id });
      set({ selectedId: id, district: team.properties.districtCode });
    },
    clearSelection,
    format: (id, values) => ctx.i18n.format(id, values),
    dispose() {
      clearSelection();
      removeMessages?.();
      removeMessages = null;
      store.dropListeners();
    },
  };
}
