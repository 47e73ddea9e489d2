import { z } from 'zod';
import { createBaseMapAvailabilityCheck } from '../../core/map/baseMapAvailability';
import { loadBaseMaps } from '../../core/map/baseMaps';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { mapStyleApi } from '../map-style/api';
import { setSplitLayersContext } from './context';
import { createSplitController } from './controller';
import { decodeSplitState, encodeSplitState, initialSplitState } from './splitState';

/** Share-link parameter: `split=0.4,-,dark,buildings.l` (splitState.ts). */
export const SPLIT_PARAM = 'split';

const baseMaps = loadBaseMaps(import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' })).baseMaps;
/** Overlay modes Cesium can split: imagery layers and 3D Tiles tilesets. */
const SPLITTABLE_MODES = new Set(['WMTS', '3DTILES']);

/**
 * Split layers (SPEC §1, §4; issue 16 point 5; flag splitLayers): a tools-bar toggle — the core mode `splitLayers`,
 * exclusive with multi view, suspended by themed functions — that splits the map by a draggable, keyboard-operable
 * divider, each side with its own map style and its own imagery and 3D Tiles layers (core `ctx.map.setLayerSplit`,
 * Cesium's native split). No Cesium here.
 */
export default definePlugin({
  id: 'split-layers',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const baseMapIds = baseMaps.map((entry) => entry.id);
    // Styles whose tiles the server does not have (e.g. no orthophoto installed) are offered disabled, never drawn.
    const unavailable = new Set<string>();
    const controller = createSplitController(ctx.map, baseMaps, initialSplitState(baseMapIds), (id) => !unavailable.has(id));
    const checkAvailability = createBaseMapAvailabilityCheck(ctx.http, baseMaps, (baseMap) => {
      unavailable.add(baseMap.id);
      controller.refresh();
    });
    setSplitLayersContext({
      controller,
      baseMaps,
      splittableOverlays: () => {
        const shown = store.getState().overlays;
        return ctx.overlays
          .list()
          .map((item) => item.manifest)
          .filter((manifest) => SPLITTABLE_MODES.has(manifest.mode) && shown[manifest.id]?.shown);
      },
      ownStyleName: (language) => {
        const style = mapStyleApi()?.current().style;
        return baseMaps.find((entry) => entry.style === style)?.name[language];
      },
      end: () => store.getState().setMode('splitLayers', false),
      baseMapAvailable: (id) => !unavailable.has(id),
      mapArea: () => ctx.map.container()?.parentElement ?? null,
    });

    ctx.tools.register({
      id: 'split-layers',
      label: 'split-layers.tool',
      icon: '◫',
      placement: 'tools',
      order: 26,
      kind: 'toggle',
      switchKey: 'mode:splitLayers',
    });
    ctx.slots.register({ id: 'split-layers-panel', slot: 'map.top-left', order: 33, component: () => import('./components/SplitLayersPanel') });
    // The divider and the side labels lie over the map itself (a portal into the map's area), not in a panel box.
    ctx.slots.register({ id: 'split-layers-divider', slot: 'map.overlay', order: 90, component: () => import('./components/SplitDivider') });
    ctx.urlState.register({
      id: 'split-layers-state',
      param: SPLIT_PARAM,
      // Checked here (a bad value is reported, naming the part that is wrong, and ignored by core).
      schema: z.string().superRefine((text, issue) => {
        try {
          decodeSplitState(text, baseMapIds);
        } catch (error) {
          issue.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        }
      }),
      apply(text) {
        controller.set(decodeSplitState(String(text), baseMapIds));
        // Once the map is there, so the divider has a map to lie on.
        void ctx.map.whenReady().then(() => store.getState().setMode('splitLayers', true));
      },
      read: () => (store.getState().splitLayers ? encodeSplitState(controller.state()) : undefined),
    });

    const follow = (on: boolean) => {
      if (on) checkAvailability();
      controller.setOn(on);
    };
    follow(store.getState().splitLayers);
    const stopFollowing = store.subscribe((state, previous) => {
      if (state.splitLayers !== previous.splitLayers) follow(state.splitLayers);
    });
    return () => {
      stopFollowing();
      controller.dispose();
      setSplitLayersContext(null);
    };
  },
});
