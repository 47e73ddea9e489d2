/**
 * The map style drawer's state and what it does to the map (SPEC §1: styles default, regular, dark, grey,
 * ortho; brightness 1, contrast 1, hue 0, saturation 1 by default). The choice lives in the store slice
 * `plugins['map-style']`; every change goes to the map host through `ctx.map`.
 */
import { z } from 'zod';
import {
  clampAdjustment,
  DEFAULT_IMAGERY_ADJUSTMENTS,
  defaultBaseMap,
  type BaseMapStyle,
  type ImageryAdjustments,
} from '../../core/map/baseMaps';
import type { BaseMapManifest } from '../../core/manifests/schemas';
import type { HttpClient, I18nService, MapFacade, NoticeService } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';

export interface MapStyleState {
  /** Id of the base map in use (a manifests/basemaps id). */
  baseMapId: string;
  adjustments: ImageryAdjustments;
  /** Base maps with an `availabilityUrl`, by id: true/false once checked. */
  availability: Record<string, boolean>;
}

export const mapStyleSlice = definePluginSlice<MapStyleState>('map-style', {
  baseMapId: '',
  adjustments: { ...DEFAULT_IMAGERY_ADJUSTMENTS },
  availability: {},
});

/** The answer of a base map's `availabilityUrl` (e.g. /mapviewer/api/tiles/ortho.json); other fields are ignored. */
const availabilitySchema = z.object({ available: z.boolean() });

export interface MapStyleServices {
  map: Pick<MapFacade, 'setBaseMap' | 'setImageryAdjustments'>;
  store: AppStore;
  http: HttpClient;
  notices: NoticeService;
  i18n: Pick<I18nService, 'format' | 'language'>;
}

export interface MapStyleController {
  readonly store: AppStore;
  readonly baseMaps: readonly BaseMapManifest[];
  /** The base map that `reset` returns to. */
  readonly defaultBaseMap: BaseMapManifest | undefined;
  state(): MapStyleState;
  /**
   * Switches to the base map of `style`. One whose availability check says no (orthophoto tiles not installed)
   * is refused with a notice and the current style stays; resolves to whether the style is now in use.
   */
  selectStyle(style: BaseMapStyle): Promise<boolean>;
  setAdjustment(name: keyof ImageryAdjustments, value: number): void;
  /** Back to the default style and 1/1/0/1. */
  reset(): void;
  /** Asks each base map with an `availabilityUrl` whether it can be shown (once; the drawer calls it on open). */
  checkAvailability(): Promise<void>;
}

export function createMapStyleController(services: MapStyleServices, baseMaps: readonly BaseMapManifest[]): MapStyleController {
  const { store, map } = services;
  const fallback = defaultBaseMap(baseMaps);
  const state = () => mapStyleSlice.select(store.getState());
  const pendingChecks = new Map<string, Promise<boolean>>();
  mapStyleSlice.update(store, (slice) => {
    if (!baseMaps.some((baseMap) => baseMap.id === slice.baseMapId)) slice.baseMapId = fallback?.id ?? '';
  });

  const isAvailable = (baseMap: BaseMapManifest): Promise<boolean> => {
    const url = baseMap.availabilityUrl;
    if (!url) return Promise.resolve(true);
    const known = state().availability[baseMap.id];
    if (known !== undefined) return Promise.resolve(known);
    let check = pendingChecks.get(baseMap.id);
    if (!check) {
      check = services.http
        .json(url, availabilitySchema)
        .then((answer) => answer.available)
        .catch((error: unknown) => {
          console.warn(`map-style: availability of base map "${baseMap.id}" could not be checked`, error);
          return false;
        })
        .then((available) => {
          mapStyleSlice.update(store, (slice) => {
            slice.availability[baseMap.id] = available;
          });
          pendingChecks.delete(baseMap.id);
          return available;
        });
      pendingChecks.set(baseMap.id, check);
    }
    return check;
  };

  const switchTo = (baseMap: BaseMapManifest) => {
    if (state().baseMapId === baseMap.id) return;
    mapStyleSlice.update(store, (slice) => {
      slice.baseMapId = baseMap.id;
    });
    map.setBaseMap(baseMap);
  };

  const applyAdjustments = (adjustments: ImageryAdjustments) => {
    mapStyleSlice.update(store, (slice) => {
      slice.adjustments = { ...adjustments };
    });
    map.setImageryAdjustments(adjustments);
  };

  return {
    store,
    baseMaps,
    defaultBaseMap: fallback,
    state,
    async selectStyle(style) {
      const baseMap = baseMaps.find((candidate) => candidate.style === style);
      if (!baseMap) return false;
      if (!(await isAvailable(baseMap))) {
        services.notices.show({
          id: 'map-style-unavailable',
          message: services.i18n.format('mapStyle.unavailable', { name: baseMap.name[services.i18n.language()] }),
          severity: 'info',
        });
        return false;
      }
      switchTo(baseMap);
      return true;
    },
    setAdjustment(name, value) {
      applyAdjustments({ ...state().adjustments, [name]: clampAdjustment(name, value) });
    },
    reset() {
      if (fallback) switchTo(fallback);
      applyAdjustments(DEFAULT_IMAGERY_ADJUSTMENTS);
    },
    async checkAvailability() {
      await Promise.all(baseMaps.map(isAvailable));
    },
  };
}
