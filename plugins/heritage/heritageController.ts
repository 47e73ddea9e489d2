/**
 * The heritage drawer's state: the monuments (loaded when the drawer first opens), the district filter, the chosen
 * monument and the close-up dialog. Moves the camera and switches the layers through the plugin context.
 */
import { monumentCollectionSchema } from '../../core/contracts/heritage';
import { isTouchDevice } from '../../core/map/views';
import type { Disposer, PluginContext } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { CLOSE_UP, OVERVIEW, SMALL_SCREEN_MAX_WIDTH_PX, type Monument } from './monuments';

import { MONUMENTS_OVERLAY } from './overlayId';

export { MONUMENTS_OVERLAY };
/** The 3D buildings overlay, switched on for the close-up. */
export const BUILDINGS_OVERLAY = 'buildings';

export interface HeritageState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  monuments: readonly Monument[];
  /** English district name, or '' for all. */
  district: string;
  selectedId: string | null;
  /** The monument whose close-up dialog is open. */
  dialogFor: string | null;
}

export interface DeviceCheck {
  /** SPEC §5/§8: phones, tablets and small screens get the desktop-only message instead of the close-up. */
  phoneOrSmallScreen(): boolean;
}

export const browserDevice: DeviceCheck = {
  phoneOrSmallScreen: () =>
    isTouchDevice() || (typeof matchMedia === 'function' && matchMedia(`(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`).matches),
};

export type HeritageContext = Pick<PluginContext, 'http' | 'map' | 'store' | 'overlays' | 'analytics' | 'notices' | 'i18n' | 'apiBase'>;

export interface HeritageController {
  getState(): HeritageState;
  subscribe(listener: () => void): Disposer;
  load(): Promise<void>;
  setDistrict(district: string): void;
  select(id: string): void;
  /** "View up close in 3D": on a phone the desktop-only notice, else the loading dialog. */
  requestCloseUp(id: string): void;
  /** The dialog's Proceed: buildings on and the close-up flight. */
  proceed(): void;
  cancel(): void;
}

export function createHeritageController(ctx: HeritageContext, device: DeviceCheck = browserDevice): HeritageController {
  const store = createStateStore<HeritageState>({ status: 'idle', monuments: [], district: '', selectedId: null, dialogFor: null });
  const set = store.set;
  const find = (id: string | null) => store.getState().monuments.find((monument) => monument.id === id);
  const show = (overlayId: string) => {
    if (ctx.overlays.get(overlayId)) ctx.store.getState().setOverlayShown(overlayId, true);
  };
  let loading: Promise<void> | null = null;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load() {
      if (store.getState().status === 'ready') return Promise.resolve();
      loading ??= (async () => {
        set({ status: 'loading' });
        try {
          const collection = await ctx.http.json(`${ctx.apiBase}static/heritage`, monumentCollectionSchema);
          const monuments = collection.features.map((feature) => ({
            id: feature.id,
            longitude: feature.geometry.coordinates[0],
            latitude: feature.geometry.coordinates[1],
            properties: feature.properties,
          }));
          set({ status: 'ready', monuments });
        } catch (error) {
          console.warn('heritage: the monuments could not be loaded', error);
          set({ status: 'failed' });
        } finally {
          loading = null;
        }
      })();
      return loading;
    },
    setDistrict: (district) => set({ district }),
    select(id) {
      const monument = find(id);
      if (!monument) return;
      set({ selectedId: id });
      // The monument's map popup opens too (once the layer has drawn it), so the list points at the place on the map.
      if (ctx.overlays.get(MONUMENTS_OVERLAY)) ctx.store.getState().openOverlayFeature(MONUMENTS_OVERLAY, 'amo_number', monument.properties.amo_number);
      const { durationSeconds, ...offset } = OVERVIEW;
      ctx.map.lookAt({ longitude: monument.longitude, latitude: monument.latitude }, offset, { durationSeconds });
      ctx.analytics.emit({ name: 'heritage-monument::on', id });
    },
    requestCloseUp(id) {
      if (!find(id)) return;
      if (device.phoneOrSmallScreen()) {
        ctx.notices.show({ id: 'heritage-desktop-only', message: () => ctx.i18n.format('heritage.closeUp.desktopOnly'), severity: 'warning' });
        return;
      }
      set({ dialogFor: id });
    },
    proceed() {
      const monument = find(store.getState().dialogFor);
      set({ dialogFor: null });
      if (!monument) return;
      show(BUILDINGS_OVERLAY);
      const { durationSeconds, ...offset } = CLOSE_UP;
      ctx.map.lookAt({ longitude: monument.longitude, latitude: monument.latitude }, offset, { durationSeconds });
      ctx.analytics.emit({ name: 'heritage-closeup::on', id: monument.id });
    },
    cancel: () => set({ dialogFor: null }),
  };
}
