/**
 * The tide gauge's state and actions: the station list, the chosen station and date, and that day's tide from the
 * data service (core/contracts/tides.ts). While the drawer is open the stations layer is shown and a click on the
 * map picks the nearest station. State lives in the store slice `plugins['tide-gauge']`.
 */
import { tideDaySchema, tideStationsSchema, type TideDay, type TideStationCode, type TideStationProperties } from '../../core/contracts/tides';
import type { Disposer, HttpClient, MapFacade } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';
import { distanceMeters, hongKongToday } from './curve';

export const TIDE_DRAWER = 'tidegauge';
export const TIDE_STATIONS_OVERLAY = 'tide-stations';
/** A map click farther than this from every station picks none, metres. */
export const PICK_RADIUS_METERS = 3000;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface TideStation extends TideStationProperties {
  longitude: number;
  latitude: number;
}

export interface TideGaugeState {
  stations: TideStation[];
  stationsStatus: LoadStatus;
  stationCode: TideStationCode | null;
  /** `YYYY-MM-DD`, Hong Kong. */
  date: string;
  day: TideDay | null;
  dayStatus: LoadStatus;
}

export const tideGaugeSlice = definePluginSlice<TideGaugeState>('tide-gauge', {
  stations: [],
  stationsStatus: 'idle',
  stationCode: null,
  date: '',
  day: null,
  dayStatus: 'idle',
});

export interface TideGaugeServices {
  store: AppStore;
  http: HttpClient;
  map: Pick<MapFacade, 'takePointer' | 'flyTo'>;
  apiBase: string;
  now?: () => number;
}

export interface TideGaugeController {
  readonly store: AppStore;
  state(): TideGaugeState;
  selectStation(code: TideStationCode, options?: { fly?: boolean }): void;
  setDate(date: string): void;
  /** The station nearest a map position, within {@link PICK_RADIUS_METERS}; null when none is that close. */
  nearestStation(position: { longitude: number; latitude: number }): TideStation | null;
  dispose(): void;
}

export function createTideGaugeController(services: TideGaugeServices): TideGaugeController {
  const { store, http, map } = services;
  const now = services.now ?? Date.now;
  const update = (recipe: (state: TideGaugeState) => void) => tideGaugeSlice.update(store, recipe);
  const state = () => tideGaugeSlice.select(store.getState());
  tideGaugeSlice.install(store);
  let dayRequest = 0;
  let releasePointer: Disposer | null = null;
  let shownByDrawer = false;

  async function loadStations() {
    if (state().stationsStatus === 'loading' || state().stationsStatus === 'ready') return;
    update((draft) => {
      draft.stationsStatus = 'loading';
    });
    try {
      const collection = await http.json(`${services.apiBase}tides/stations`, tideStationsSchema);
      update((draft) => {
        draft.stations = collection.features.map((feature) => ({ ...feature.properties, longitude: feature.geometry.coordinates[0], latitude: feature.geometry.coordinates[1] }));
        draft.stationsStatus = 'ready';
      });
    } catch {
      update((draft) => {
        draft.stationsStatus = 'unavailable';
      });
    }
  }

  async function loadDay() {
    const { stationCode, date } = state();
    if (!stationCode || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const request = ++dayRequest;
    update((draft) => {
      draft.dayStatus = 'loading';
    });
    try {
      const day = await http.json(`${services.apiBase}tides/${stationCode}?date=${encodeURIComponent(date)}`, tideDaySchema);
      if (request !== dayRequest) return;
      update((draft) => {
        draft.day = day;
        draft.dayStatus = 'ready';
      });
    } catch {
      if (request !== dayRequest) return;
      update((draft) => {
        draft.day = null;
        draft.dayStatus = 'unavailable';
      });
    }
  }

  const controller: TideGaugeController = {
    store,
    state,
    selectStation(code, options = {}) {
      update((draft) => {
        draft.stationCode = code;
      });
      const station = state().stations.find((candidate) => candidate.code === code);
      if (options.fly && station) map.flyTo({ longitude: station.longitude, latitude: station.latitude, heightMeters: 6000 });
      void loadDay();
    },
    setDate(date) {
      update((draft) => {
        draft.date = date;
      });
      void loadDay();
    },
    nearestStation(position) {
      let best: TideStation | null = null;
      let bestDistance = PICK_RADIUS_METERS;
      for (const station of state().stations) {
        const distance = distanceMeters(position, station);
        if (distance <= bestDistance) {
          best = station;
          bestDistance = distance;
        }
      }
      return best;
    },
    dispose() {
      unsubscribe();
      releasePointer?.();
    },
  };

  /** Opening the drawer shows the stations and lets a map click pick one; closing undoes exactly that. */
  function onDrawerShown(shown: boolean) {
    const app = store.getState();
    if (shown) {
      if (!state().date) {
        update((draft) => {
          draft.date = hongKongToday(now());
        });
      }
      void loadStations();
      if (app.overlays[TIDE_STATIONS_OVERLAY] && !app.overlays[TIDE_STATIONS_OVERLAY].shown) {
        app.setOverlayShown(TIDE_STATIONS_OVERLAY, true);
        shownByDrawer = true;
      }
      releasePointer ??= map.takePointer({
        id: TIDE_DRAWER,
        endOnEscape: false,
        onPick: (pick) => {
          const station = pick.position ? controller.nearestStation(pick.position) : null;
          if (station) controller.selectStation(station.code);
        },
      });
    } else {
      releasePointer?.();
      releasePointer = null;
      if (shownByDrawer) app.setOverlayShown(TIDE_STATIONS_OVERLAY, false);
      shownByDrawer = false;
    }
  }
  let drawerShown = store.getState().drawers[TIDE_DRAWER]?.shown ?? false;
  if (drawerShown) onDrawerShown(true);
  const unsubscribe = store.subscribe((next) => {
    const shown = next.drawers[TIDE_DRAWER]?.shown ?? false;
    if (shown === drawerShown) return;
    drawerShown = shown;
    onDrawerShown(shown);
  });
  return controller;
}
