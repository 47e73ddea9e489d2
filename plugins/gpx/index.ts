import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { setGpxController } from './context';
import { createGpxController, GPX_TOOL } from './gpxController';

/**
 * GPX import (SPEC §1; full and development variants): the tool's button opens a .gpx file, or one is dropped on
 * the map; its tracks, routes and waypoints are drawn, the camera fits them, and a panel gives length, ascent,
 * descent and the elevation profile. A bad or oversized file is refused with a message naming what is wrong.
 */
export default definePlugin({
  id: 'gpx',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createGpxController({ map: ctx.map, i18n: ctx.i18n, notices: ctx.notices, analytics: ctx.analytics });
    setGpxController(controller);
    ctx.tools.register({
      id: GPX_TOOL,
      label: 'gpx.tool',
      icon: '⇪',
      placement: 'tools',
      order: 45,
      kind: 'action',
      run: () => controller.choose(),
    });
    ctx.slots.register({
      id: 'gpx-panel',
      slot: 'map.top-left',
      order: 45,
      component: () => import('./components/GpxPanel'),
    });
    let stopDrops: Disposer | null = null;
    let disposed = false;
    void ctx.map.whenReady().then(() => {
      const container = ctx.map.container();
      if (container && !disposed) stopDrops = controller.acceptDrops(container);
    });
    return () => {
      disposed = true;
      stopDrops?.();
      controller.dispose();
      setGpxController(null);
    };
  },
});
