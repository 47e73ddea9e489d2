import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { createAeController, DRAWER_ID } from './aeController';
import { setAeController } from './context';

/**
 * Accident and emergency (SPEC §1, §3, §4, §8; issue 15 point 3; variant flag `accidentEmergency`): the drawer
 * `aande` in the living function group lists the A&E hospitals with their waiting times and, from an origin taken
 * from GPS, a map pin or the screen centre, the driving distance, time and estimated arrival to each; the chosen
 * one's route is drawn on the map. The AED and ambulance depot layers are overlay manifests (manifests/overlays/
 * aed.json, ambulance-depots.json), not code.
 */
/**
 * How much of the map the open drawer covers, as the share of the map's width from its left edge or of its height
 * from its top, whichever leaves the larger free part: beside the map on a desktop, over its top on a phone.
 */
function drawerCover(mapElement: HTMLElement | null): { left: number; top: number } {
  const panel = typeof document === 'undefined' ? null : document.querySelector(`[data-drawer-panel="${DRAWER_ID}"]`);
  if (!mapElement || !panel) return { left: 0, top: 0 };
  const map = mapElement.getBoundingClientRect();
  const drawer = panel.getBoundingClientRect();
  if (map.width === 0 || map.height === 0) return { left: 0, top: 0 };
  const left = Math.max(0, drawer.right - map.left) / map.width;
  const top = Math.max(0, drawer.bottom - map.top) / map.height;
  return left <= top ? { left, top: 0 } : { left: 0, top };
}

export default definePlugin({
  id: 'accident-emergency',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createAeController({
      store: ctx.store,
      http: ctx.http,
      map: ctx.map,
      i18n: ctx.i18n,
      analytics: ctx.analytics,
      apiBase: ctx.apiBase,
      geolocation: typeof navigator === 'undefined' ? undefined : navigator.geolocation,
      coveredShare: () => drawerCover(ctx.map.container()),
    });
    setAeController(controller);
    ctx.drawers.register({
      id: DRAWER_ID,
      title: 'accidentEmergency.drawer.title',
      icon: '✚',
      order: 60,
      functionGroup: 'living',
      component: () => import('./components/AeDrawer'),
    });
    return () => {
      controller.dispose();
      setAeController(null);
    };
  },
});
