import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { mapFreeArea } from '../../core/ui/mapFreeArea';
import { createAeController, DRAWER_ID } from './aeController';
import { setAeController } from './context';

/**
 * Accident and emergency (SPEC §1, §3, §4, §8; issue 15 point 3; variant flag `accidentEmergency`): the drawer
 * `aande` in the living function group lists the A&E hospitals with their waiting times and, from an origin taken
 * from GPS, a map pin or the screen centre, the driving distance, time and estimated arrival to each; the chosen
 * one's route is drawn on the map. The AED and ambulance depot layers are overlay manifests (manifests/overlays/
 * aed.json, ambulance-depots.json), not code.
 */
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
      freeArea: () => mapFreeArea(ctx.map.container()),
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
