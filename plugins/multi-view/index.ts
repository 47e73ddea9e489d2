import { createBaseMapAvailabilityCheck } from '../../core/map/baseMapAvailability';
import { loadBaseMaps } from '../../core/map/baseMaps';
import { DEFAULT_TERRAIN, TERRAIN_MANIFESTS } from '../../core/map/terrains';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Language } from '../../core/plugin/types';
import { decodeChoices, defaultChoices, encodeChoices, type KnownIds, type MultiViewChoices } from './choices';
import { setMultiViewController } from './context';
import { createMultiViewController, type ViewSpec } from './controller';
import { setMultiViewPanel } from './panelState';
import { z } from 'zod';

/** The tool's id; the owner of the multi views it opens (api.ts callers name their own). */
export const MULTI_VIEW_TOOL = 'multi-view';
/** Share-link parameter: `mv=3,dark.adaptive.1,ortho.ellipsoid.0` (choices.ts). */
export const MULTI_VIEW_PARAM = 'mv';

const baseMaps = loadBaseMaps(import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' })).baseMaps;

/**
 * Multi view (SPEC §1, §4; issue 16 point 6; flag multiView): a tools-bar toggle — the core mode `multiView`,
 * exclusive with split layers, suspended by themed functions — that shows two to four synchronised views of the same
 * place: the main map as it is, and companion views each with its own map style, terrain and buildings (panel). A
 * camera move in any view is mirrored to the others (core/map/companionViews.ts). Other plugins open multi views
 * through api.ts. The companion viewers are built by core with the Cesium the map loaded; no Cesium here.
 */
export default definePlugin({
  id: 'multi-view',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const controller = createMultiViewController({ map: ctx.map, store, overlays: ctx.overlays, overlayHandlers: ctx.overlayHandlers, apiBase: ctx.apiBase });
    setMultiViewController(controller);
    const defaultTerrainId = TERRAIN_MANIFESTS.find((terrain) => terrain.id === DEFAULT_TERRAIN.id)?.id ?? TERRAIN_MANIFESTS[0]?.id ?? '';
    const known: KnownIds = { baseMapIds: baseMaps.map((entry) => entry.id), terrainIds: TERRAIN_MANIFESTS.map((terrain) => terrain.id), defaultTerrainId };
    let choices: MultiViewChoices = defaultChoices(known);
    let problem: string | null = null;

    // Styles whose tiles the server does not have (e.g. no orthophoto installed) are offered disabled; a view given
    // one (by a link) shows the default style instead, and its title says which.
    const unavailable = new Set<string>();
    const checkAvailability = createBaseMapAvailabilityCheck(ctx.http, baseMaps, (baseMap) => {
      unavailable.add(baseMap.id);
      if (controller.owner() === MULTI_VIEW_TOOL && choices.companions.slice(0, choices.count - 1).some((view) => view.baseMapId === baseMap.id)) openToolViews();
      panel.changed();
    });
    const fallbackBaseMapId = (baseMaps.find((entry) => entry.default) ?? baseMaps[0])?.id ?? '';
    const shownBaseMapId = (id: string) => (unavailable.has(id) ? fallbackBaseMapId : id);
    const language = (): Language => ctx.i18n.language();
    const styleName = (id: string) => baseMaps.find((entry) => entry.id === id)?.name[language()] ?? id;
    /** The tool's views: the main map, then the companions chosen, titled in the page language. */
    const toolViews = (): ViewSpec[] => [
      { main: true, title: ctx.i18n.format('multi-view.view.main') },
      ...choices.companions.slice(0, choices.count - 1).map((choice, index) => ({
        title: ctx.i18n.format(choice.buildings ? 'multi-view.view.titleWithBuildings' : 'multi-view.view.title', {
          number: index + 2,
          style: styleName(shownBaseMapId(choice.baseMapId)),
        }),
        baseMapId: shownBaseMapId(choice.baseMapId),
        terrainId: choice.terrainId,
        buildings: choice.buildings,
      })),
    ];

    let opening = 0;
    const openToolViews = () => {
      const request = ++opening;
      problem = null;
      panel.changed();
      controller.open(toolViews(), MULTI_VIEW_TOOL).catch((error: unknown) => {
        if (request !== opening) return;
        problem = error instanceof Error ? error.message : String(error);
        console.error('multi view failed', error);
        ctx.notices.show({ id: 'multi-view-failed', message: () => ctx.i18n.format('multi-view.failed', { reason: problem ?? '' }), severity: 'error' });
        panel.changed();
      });
    };

    const panel = setMultiViewPanel({
      choices: () => choices,
      knownBaseMaps: () => baseMaps.map((entry) => ({ id: entry.id, name: entry.name[language()], available: !unavailable.has(entry.id) })),
      knownTerrains: () => TERRAIN_MANIFESTS.map((terrain) => ({ id: terrain.id, name: terrain.name[language()] })),
      problem: () => problem,
      isToolOpen: () => controller.owner() === MULTI_VIEW_TOOL,
      choose(next) {
        choices = next;
        if (controller.owner() === MULTI_VIEW_TOOL) openToolViews();
        panel.changed();
      },
      exit: () => store.getState().setMode('multiView', false),
    });

    ctx.tools.register({
      id: MULTI_VIEW_TOOL,
      label: 'multi-view.tool',
      icon: '⊞',
      placement: 'tools',
      order: 27,
      kind: 'toggle',
      switchKey: 'mode:multiView',
    });
    ctx.slots.register({
      id: 'multi-view-panel',
      slot: 'map.top-left',
      order: 34,
      component: () => import('./components/MultiViewPanel'),
    });
    ctx.urlState.register({
      id: 'multi-view-state',
      param: MULTI_VIEW_PARAM,
      // Checked here (a bad value is reported and ignored by core), applied once the map is there.
      schema: z.string().superRefine((text, issue) => {
        try {
          decodeChoices(text, known, choices);
        } catch (error) {
          issue.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        }
      }),
      apply(text) {
        choices = decodeChoices(String(text), known, choices);
        void ctx.map.whenReady().then(() => store.getState().setMode('multiView', true));
      },
      read: () => (store.getState().multiView && controller.owner() === MULTI_VIEW_TOOL ? encodeChoices(choices) : undefined),
    });

    // The mode is the switch: on (the tool, a link) opens the tool's views unless another plugin's are open; off
    // (the tool, split layers, a themed function) closes whichever is open.
    const follow = (on: boolean) => {
      if (on) checkAvailability();
      if (!on) {
        opening += 1;
        controller.close();
        return;
      }
      if (controller.owner() === null) void ctx.map.whenReady().then(() => store.getState().multiView && controller.owner() === null && openToolViews());
    };
    if (store.getState().multiView) follow(true);
    const stopFollowing = store.subscribe((state, previous) => {
      if (state.multiView !== previous.multiView) follow(state.multiView);
    });
    const stopPanel = controller.subscribe(() => panel.changed());
    // Titles are in the page language: the tool's views are drawn again after a switch.
    const stopRelabelling = ctx.i18n.onChange?.(() => {
      if (controller.owner() === MULTI_VIEW_TOOL) openToolViews();
    });
    return () => {
      stopFollowing();
      stopPanel();
      stopRelabelling?.();
      controller.dispose();
      setMultiViewController(null);
      setMultiViewPanel(null);
    };
  },
});
