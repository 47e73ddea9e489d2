import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setTours } from './context';
import { tourAddress } from './tourAddress';
import { loadTours } from './tourLoader';
import { createTourPlayer } from './tourPlayer';

/** The tool's id; its switch is the core mode `tours` of SPEC §4 (off at start). */
export const TOURS_TOOL = 'tours';

/**
 * Guided tours (SPEC §1, §4; flag tours): a Guided tours button opens the tour player — the list of tours
 * (manifests/tours, loaded on first use), then next, back, stop and the progress through the stops. Closing the
 * player ends the tour.
 */
export default definePlugin({
  id: 'tours',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const report = (message: string, error?: unknown) => console.warn(`tours: ${message}`, ...(error === undefined ? [] : [error]));
    const player = createTourPlayer({ map: ctx.map, store: ctx.store, overlays: ctx.overlays, analytics: ctx.analytics, load: () => loadTours(), report });
    setTours({ player, store: ctx.store });
    ctx.tools.register({
      id: TOURS_TOOL,
      label: 'tours.tool',
      icon: '⚑',
      placement: 'tools',
      order: 75,
      kind: 'toggle',
      switchKey: 'mode:tours',
      onToggle: (on) => {
        if (on) void player.load();
        else player.stop();
      },
    });
    ctx.urlState.register(tourAddress(player, ctx.store, report));
    ctx.slots.register({
      id: 'tours-panel',
      slot: 'map.top-left',
      order: 45,
      component: () => import('./components/ToursPanel'),
    });
    return () => {
      player.dispose();
      setTours(null);
    };
  },
});
