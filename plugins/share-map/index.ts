import { TERRAIN_MANIFESTS } from '../../core/map/terrains';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { mapStyleApi } from '../map-style/api';
import { shareMapConfigSchema, type ShareMapConfig } from './config';
import { setShareMap } from './context';
import { lookAtPlace } from './lookAt';
import { createShareController } from './shareController';
import { createShareState } from './shareState';

/** The tool's id; its switch is the core mode `share` of SPEC §4 (off at start). */
export const SHARE_MAP_TOOL = 'share-map';

/**
 * Share map and look-at (SPEC §1; flags shareMap, shareWithUrl, fullShareOptions, lookAt): the map's state in the
 * address — camera, layers, terrain, textured mode, map style and adjustments, language, open function — a "Share
 * map" panel with the link, its copy and a QR code, and links that point the camera at a place. Its parameters are
 * contributions to the `urlState` registry, which the app applies from the address on arrival (core/plugin/urlState.ts).
 */
export default definePlugin<ShareMapConfig>({
  id: 'share-map',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: shareMapConfigSchema,
  activate(ctx) {
    const report = (message: string, error?: unknown) => console.warn(`share-map: ${message}`, ...(error === undefined ? [] : [error]));
    const state = createShareState({
      map: ctx.map,
      store: ctx.store,
      overlays: ctx.overlays,
      drawers: ctx.drawers,
      terrains: TERRAIN_MANIFESTS,
      mapStyle: mapStyleApi,
      lookAt: ctx.config.lookAt
        ? (target) => void lookAtPlace({ map: ctx.map, http: ctx.http, notices: ctx.notices, i18n: ctx.i18n, apiBase: ctx.apiBase, report }, target)
        : undefined,
    });
    const disposers = state.contributions.map((contribution) => ctx.urlState.register(contribution));

    const controller = createShareController({
      map: ctx.map,
      store: ctx.store,
      urlState: ctx.urlState,
      shownLayers: state.shownLayers,
      pageAddress: () => `${window.location.origin}${window.location.pathname}`,
      report,
    });
    if (ctx.config.withUrl) disposers.push(controller.keepAddressLive(window.history, window.location));
    setShareMap({ controller, config: ctx.config, store: ctx.store });
    ctx.tools.register({
      id: SHARE_MAP_TOOL,
      label: 'shareMap.tool',
      icon: '⤴',
      placement: 'tools',
      order: 70,
      kind: 'toggle',
      switchKey: 'mode:share',
    });
    ctx.slots.register({
      id: 'share-map-panel',
      slot: 'map.top-left',
      order: 40,
      component: () => import('./components/SharePanel'),
    });
    return () => {
      for (const dispose of disposers.reverse()) dispose();
      state.dispose();
      controller.dispose();
      setShareMap(null);
    };
  },
});
