/**
 * The cycling (auxiliary) facilities' state and actions (SPEC §1, flag auxiliary): the cycle parking and cycle track
 * layers from `GET <apiBase>static/cycling/{parking,tracks}` (core/contracts/cycling.ts: an installed Transport
 * Department file, else sample parking by MTR station exits and no tracks), which layer is shown, and the cycle
 * park chosen, which the map flies to.
 */
import { cyclingCollectionSchema, type CyclingCollection, type CyclingFeature, type CyclingLayer } from '../../core/contracts/cycling';
import type { Disposer, Language, PluginContext } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';

/** The drawer (SPEC §2 function drawer `auxiliary`, living group); analytics `auxiliary::on|off`. */
export const AUXILIARY_DRAWER = 'auxiliary';
/** The layers (manifests/overlays/cycling-*.json), registered by this plugin, by the data-service layer they draw. */
export const CYCLING_OVERLAYS: Readonly<Record<CyclingLayer, string>> = { parking: 'cycling-parking', tracks: 'cycling-tracks' };
/** Camera height over a chosen cycle park, metres. */
export const PARK_FLIGHT_HEIGHT_METERS = 800;

export interface CyclingState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  layers: Partial<Record<CyclingLayer, CyclingCollection>>;
  selectedId: string | null;
}

export interface CyclingController {
  getState(): CyclingState;
  subscribe(listener: () => void): Disposer;
  load(): Promise<void>;
  /** Shows or hides a layer (through the store, so the layer list and analytics follow). */
  showLayer(layer: CyclingLayer, shown: boolean): void;
  /** Flies to a cycle park and shows the parking layer. */
  select(id: string): void;
}

type Ctx = Pick<PluginContext, 'http' | 'map' | 'store' | 'analytics' | 'apiBase' | 'overlays'>;

/** A feature's name in `language`. */
export function facilityName(feature: CyclingFeature, language: Language): string {
  return language === 'zh-HK' ? feature.properties.key_TC : language === 'zh-CN' ? feature.properties.key_SC : feature.properties.key_EN;
}

/** Total length of a track layer's lines, kilometres (a spherical Earth; enough for a summary line). */
export function trackLengthKm(collection: CyclingCollection): number {
  const radiusKm = 6371.0088;
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  let total = 0;
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.type === 'MultiLineString' ? geometry.coordinates : [];
    for (const line of lines) {
      for (let index = 1; index < line.length; index += 1) {
        const [lon1, lat1] = line[index - 1];
        const [lon2, lat2] = line[index];
        const a = Math.sin(toRadians(lat2 - lat1) / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(toRadians(lon2 - lon1) / 2) ** 2;
        total += 2 * radiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
      }
    }
  }
  return total;
}

export function createCyclingController(ctx: Ctx): CyclingController {
  const store = createStateStore<CyclingState>({ status: 'idle', layers: {}, selectedId: null });
  let loading: Promise<void> | null = null;
  const set = store.set;
  const url = (layer: CyclingLayer) => `${ctx.apiBase.replace(/\/?$/, '/')}static/cycling/${layer}?timestamp=${Date.now()}`;
  const showLayer = (layer: CyclingLayer, shown: boolean) => {
    if (ctx.overlays.get(CYCLING_OVERLAYS[layer])) ctx.store.getState().setOverlayShown(CYCLING_OVERLAYS[layer], shown);
  };
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load() {
      if (store.getState().status === 'ready') return Promise.resolve();
      loading ??= (async () => {
        set({ status: 'loading' });
        try {
          const [parking, tracks] = await Promise.all([ctx.http.json(url('parking'), cyclingCollectionSchema), ctx.http.json(url('tracks'), cyclingCollectionSchema)]);
          set({ status: 'ready', layers: { parking, tracks } });
        } catch (error) {
          console.warn('auxiliary: loading the cycling layers failed', error);
          set({ status: 'failed' });
        } finally {
          loading = null;
        }
      })();
      return loading;
    },
    showLayer,
    select(id) {
      const park = store.getState().layers.parking?.features.find((feature) => feature.id === id);
      if (!park || park.geometry.type !== 'Point') return;
      const [longitude, latitude] = park.geometry.coordinates;
      ctx.map.flyTo({ longitude, latitude, heightMeters: PARK_FLIGHT_HEIGHT_METERS });
      showLayer('parking', true);
      ctx.analytics.emit({ name: 'auxiliary::select', id });
      set({ selectedId: id });
    },
  };
}
