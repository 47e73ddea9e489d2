import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import type { GpsMode } from '../../core/store/appStore';
import { setGpsController } from './context';
import { createGpsController } from './gpsController';
import { GPS_BUTTON_LABELS, GPS_TOOL } from './gpsMachine';

/** The button's symbol in each mode: off, locating, tracking (glyphs the common system fonts carry, e.g. DejaVu Sans). */
const GPS_ICONS: Readonly<Record<GpsMode, string>> = { 0: '⊕', 1: '◉', 2: '➤' };

/**
 * GPS location (SPEC §1, §4; variant flag `gps`: full and development variants). One button cycles the core
 * store's GPS mode 0 → 1 → 2 → 0, labelled with what the next press does; while on, the device's position is
 * drawn with its accuracy circle, the camera is brought to it, and in mode 2 it follows every new position.
 */
export default definePlugin({
  id: 'gps',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createGpsController({
      map: ctx.map,
      store: ctx.store,
      http: ctx.http,
      i18n: ctx.i18n,
      notices: ctx.notices,
      analytics: ctx.analytics,
      apiBase: ctx.apiBase,
      geolocation: typeof navigator === 'undefined' ? undefined : navigator.geolocation,
    });
    setGpsController(controller);

    // A tool's label is fixed when it is registered, and SPEC §4 names the button after its next step, so the
    // button is registered again (same id, same place) with each mode's label.
    let unregister: Disposer | null = null;
    let shownMode: GpsMode | null = null;
    const showButton = (mode: GpsMode) => {
      if (mode === shownMode) return;
      shownMode = mode;
      unregister?.();
      unregister = ctx.tools.register({
        id: GPS_TOOL,
        label: GPS_BUTTON_LABELS[mode],
        icon: GPS_ICONS[mode],
        placement: 'tools',
        order: 40,
        kind: 'action',
        run: () => ctx.store.getState().cycleGps(),
      });
    };
    showButton(ctx.store.getState().gps);
    const unsubscribe = ctx.store.subscribe((state) => showButton(state.gps));

    ctx.slots.register({
      id: 'gps-status',
      slot: 'map.top-left',
      order: 40,
      component: () => import('./components/GpsStatus'),
    });
    return () => {
      unsubscribe();
      controller.dispose();
      setGpsController(null);
    };
  },
});
