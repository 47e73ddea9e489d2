import { z } from 'zod';
import { panoramaIndexSchema } from '../../core/contracts/panoramas';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { mapFreeArea } from '../../core/ui/mapFreeArea';
import { setStreetscapeRuntime } from './context';
import { createStreetscapeController, STREETSCAPE_DRAWER, STREETSCAPE_TOOL } from './controller';

/** Share-link parameter: the open panorama's id, e.g. `pano=kwun-tong-rendered/hoi-yuen-road-01`. */
export const PANORAMA_PARAM = 'pano';
const UNAVAILABLE_NOTICE = 'streetscape-unavailable';

/** Two animation frames: React has rendered the panel and the browser has laid it out. */
const afterLayout = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'undefined') resolve();
    else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });

/**
 * Streetscape 360 (SPEC §1, §4, §8; issue 18): the tool shows the panorama points along the covered streets, a
 * click on the map opens the nearest panorama in a viewer beside the map (Photo Sphere Viewer, lazily loaded with
 * its CSS, components/PanoramaViewer.tsx), with the position and view cone on the map and the measuring panel
 * (plugins/streetscape/measure) under it. No Cesium here.
 */
export default definePlugin({
  id: 'streetscape',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    let hideNotice: Disposer = () => {};
    const controller = createStreetscapeController({
      map: ctx.map,
      analytics: ctx.analytics,
      loadIndex: () => ctx.http.json(`${ctx.apiBase}panoramas?timestamp=${Date.now()}`, panoramaIndexSchema),
      notifyUnavailable() {
        hideNotice();
        hideNotice = ctx.notices.show({ id: UNAVAILABLE_NOTICE, message: () => ctx.i18n.format('streetscape.unavailable'), severity: 'warning' });
      },
      showPanel: () => ctx.store.getState().openDrawer(STREETSCAPE_DRAWER),
      switchOff: () => ctx.store.getState().closeDrawer(STREETSCAPE_DRAWER),
      freeArea: async () => {
        await afterLayout();
        return mapFreeArea(ctx.map.container());
      },
    });
    setStreetscapeRuntime({ controller, ctx });

    ctx.drawers.register({
      id: STREETSCAPE_DRAWER,
      title: 'streetscape.title',
      icon: '◎',
      order: 62,
      fullHeight: true,
      // The panorama sits beside the map, half its width, so both stay in view.
      wide: true,
      component: () => import('./components/StreetscapePanel'),
    });
    // The tool and the drawer are one switch: the tool button opens the drawer, closing the drawer ends the tool,
    // and core reports `streetscape::on|off` for it.
    ctx.tools.register({
      id: STREETSCAPE_TOOL,
      label: 'streetscape.tool',
      icon: '◎',
      placement: 'tools',
      order: 27,
      kind: 'toggle',
      switchKey: `drawer:${STREETSCAPE_DRAWER}`,
      onToggle: (on) => {
        if (!on) hideNotice();
        controller.setActive(on);
      },
    });
    ctx.urlState.register({
      id: 'streetscape-panorama',
      param: PANORAMA_PARAM,
      schema: z.string().min(1).max(200),
      apply: (id) => {
        ctx.store.getState().openDrawer(STREETSCAPE_DRAWER);
        void controller.open(String(id), 'link');
      },
      read: () => controller.state().open?.id,
    });
    return () => {
      hideNotice();
      controller.dispose();
      setStreetscapeRuntime(null);
    };
  },
});
