/**
 * The A&E drawer's state and what it does (issue 15 point 3; SPEC §1, §3, §4, §8): the waiting times of the 18
 * A&E departments from GET /mapviewer/api/realtime/ae, refreshed every `intervalClient` seconds while the drawer
 * is open (SPEC §4 real-time panel states); an origin from GPS, a map pin or the screen centre; the driving
 * distance, time and estimated arrival to every hospital from GET /mapviewer/api/routing/ae; and the chosen
 * hospital's route drawn on the ground (road part solid, access legs dashed and labelled), the camera fitted to it.
 *
 * State lives in the store slice `plugins['accident-emergency']`; timers, the pointer mode and the drawing are
 * held here and released by `close()` (the drawer closing) and `dispose()`.
 */
import { aeDrivingResponseSchema, type AeDrivingResponse } from '../../core/contracts/driving';
import { AE_INTERVAL_CLIENT_S, aeFeedSchema, type AeFeed } from '../../core/contracts/health-care';
import type { AnalyticsEmitter, HttpClient, I18nService, MapFacade, MessageId } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';
import { createPointerHold } from '../../core/ui/pointerHold';
import { dashedLeg, linesBounds } from '../../core/ui/routeGeometry';
import { fitIntoFreeArea, type MapFreeArea } from '../../core/ui/mapFreeArea';
import { drivingKilometres, type SortOrder } from './aeList';

export const PLUGIN_ID = 'accident-emergency';
/** The drawer id SPEC §2 names. */
export const DRAWER_ID = 'aande';
/** The pointer mode that waits for the map pin. */
export const PIN_MODE_ID = 'accident-emergency-pin';

/** Where the origin came from (SPEC §4 "Emergency room origin: GPS, map pin or screen centre"). */
export type OriginSource = 'gps' | 'pin' | 'centre';

/** A message of the drawer, by id (locales/<lang>/accident-emergency.json) and its values. */
export interface AeMessage {
  id: MessageId;
  values?: Record<string, string | number>;
  severity: 'info' | 'warning' | 'error';
}

export interface AeState {
  feed: {
    /** SPEC §4: idle before the first fetch; updating ('Data is being updated now'); ready; unavailable (data error). */
    phase: 'idle' | 'updating' | 'ready' | 'unavailable';
    data: AeFeed | null;
    /** When the last good answer arrived, ms since the epoch. */
    lastDataAt: number | null;
    /** When the next refresh is due, ms since the epoch (countdown); null while none is planned. */
    nextRefreshAt: number | null;
  };
  origin: { source: OriginSource; longitude: number; latitude: number } | null;
  /** The origin being chosen now: locating (GPS), waiting for a click (pin) or picking the centre. */
  choosing: OriginSource | null;
  routing: boolean;
  driving: AeDrivingResponse | null;
  /** When `driving` was computed, ms: the estimated arrivals count from it. */
  routedAt: number | null;
  /** The hospital whose route is drawn. */
  selected: string | null;
  sort: SortOrder;
  message: AeMessage | null;
}

export const aeSlice = definePluginSlice<AeState>(PLUGIN_ID, {
  feed: { phase: 'idle', data: null, lastDataAt: null, nextRefreshAt: null },
  origin: null,
  choosing: null,
  routing: false,
  driving: null,
  routedAt: null,
  selected: null,
  sort: 'arrival',
  message: null,
});

/** After a failed fetch the feed is asked again this soon, ms (the panel shows the data-error state meanwhile). */
export const FEED_RETRY_MS = 60_000;

/** A straight access leg is drawn as a dash about every so many metres (ground lines have no dash style). */
const ACCESS_LEG_METRES_PER_DASH = 15;
/** Room left around the route when the camera fits it into the map's free part, as a share of its size on every side. */
const ROUTE_PADDING_RATIO = 0.3;
/** Route colours: the driven road (solid), the access legs (dashed), the origin and the hospital. */
export const ROUTE_COLOURS = { road: '#c0152f', accessLeg: '#1f4e9e', origin: '#1f4e9e', hospital: '#c0152f' } as const;

export interface AeServices {
  store: AppStore;
  http: HttpClient;
  map: Pick<MapFacade, 'takePointer' | 'pick' | 'temporaryGraphics' | 'flyToBounds'>;
  i18n: Pick<I18nService, 'format' | 'language'>;
  analytics: AnalyticsEmitter;
  apiBase: string;
  /** navigator.geolocation; undefined where the browser has none. */
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  /**
   * The part of the map nothing covers and the map's aspect (core/ui/mapFreeArea.ts); the route is fitted into that
   * part. Default: the whole map, 3:2.
   */
  freeArea?: () => MapFreeArea;
  /** Clock and timers (tests pass fakes). */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface AeController {
  readonly store: AppStore;
  state(): AeState;
  /** The drawer opened: fetch the waiting times now and keep them fresh. */
  open(): void;
  /** The drawer closed: stop refreshing, give the pointer back, remove the route. */
  close(): void;
  useGps(): void;
  /** Waits for a click on the map (Escape cancels). */
  pickOnMap(): void;
  useScreenCentre(): Promise<void>;
  /** Draws the route to `key` and fits the camera to it. */
  select(key: string): Promise<void>;
  setSort(order: SortOrder): void;
  dismissMessage(): void;
  dispose(): void;
}

const STATUS_MESSAGES: Record<Exclude<AeDrivingResponse['status'], 'ok'>, MessageId> = {
  'origin-in-water': 'accidentEmergency.message.water',
  'no-road-near-origin': 'accidentEmergency.message.noRoad',
  'no-facility-within-range': 'accidentEmergency.message.noFacility',
};

export function createAeController(services: AeServices): AeController {
  const { store, http, map, i18n, analytics, apiBase } = services;
  const now = services.now ?? (() => Date.now());
  const setTimer = services.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = services.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const graphics = map.temporaryGraphics(PLUGIN_ID, { requiresThreeD: true });
  aeSlice.install(store);

  let open = false;
  let refreshTimer: unknown = null;
  const pointer = createPointerHold(map);
  /** Bumped by every origin or selection change: answers of older requests are dropped. */
  let routeRequest = 0;
  let feedRequest = 0;

  const update = (recipe: (state: AeState) => void) => aeSlice.update(store, recipe);
  const state = () => aeSlice.select(store.getState());
  const show = (message: AeMessage | null) => update((s) => void (s.message = message));

  const planRefresh = (ms: number) => {
    if (refreshTimer !== null) clearTimer(refreshTimer);
    refreshTimer = setTimer(() => void refreshFeed(), ms);
    update((s) => void (s.feed.nextRefreshAt = now() + ms));
  };

  async function refreshFeed(): Promise<void> {
    refreshTimer = null;
    if (!open) return;
    const request = ++feedRequest;
    update((s) => {
      s.feed.phase = 'updating';
      s.feed.nextRefreshAt = null;
    });
    try {
      const data = await http.json(`${apiBase}realtime/ae?timestamp=${now()}`, aeFeedSchema);
      if (!open || request !== feedRequest) return;
      update((s) => {
        s.feed = { phase: 'ready', data, lastDataAt: now(), nextRefreshAt: null };
      });
      planRefresh((data.intervalClient ?? AE_INTERVAL_CLIENT_S) * 1000);
    } catch {
      if (!open || request !== feedRequest) return;
      // SPEC §8 data-error state; the list keeps the last good figures, marked by the panel's error line.
      update((s) => void (s.feed.phase = 'unavailable'));
      planRefresh(FEED_RETRY_MS);
    }
  }

  function drawRoute(driving: AeDrivingResponse): void {
    graphics.clear();
    const route = driving.route;
    if (!route) return;
    const hospital = driving.hospitals.find((h) => h.key === route.hospital);
    graphics.addGroundPolylines([{ positions: route.road.coordinates, colour: ROUTE_COLOURS.road, widthPixels: 5 }]);
    // Access legs: straight lines where the road data has no road. Dashed (short ground lines) and labelled, never hidden.
    graphics.addGroundPolylines(
      route.accessLegs.flatMap((leg) =>
        dashedLeg(leg.line.coordinates[0], leg.line.coordinates[1], leg.lengthMetres, ACCESS_LEG_METRES_PER_DASH).map((positions) => ({ positions, colour: ROUTE_COLOURS.accessLeg, widthPixels: 4 })),
      ),
    );
    graphics.addLabels(
      route.accessLegs
        .filter((leg) => leg.lengthMetres >= 1)
        .map((leg) => {
          const [from, to] = leg.line.coordinates;
          return {
            longitude: (from[0] + to[0]) / 2,
            latitude: (from[1] + to[1]) / 2,
            text: i18n.format('accidentEmergency.map.accessLeg', { metres: Math.round(leg.lengthMetres) }),
            // Below the leg, so the hospital's name above its point never covers it.
            offsetPixels: { x: 0, y: 18 },
          };
        }),
    );
    const [originLon, originLat] = route.accessLegs[0].line.coordinates[0];
    graphics.addPoints([{ longitude: originLon, latitude: originLat, colour: ROUTE_COLOURS.origin, sizePixels: 12 }]);
    if (hospital) {
      graphics.addPoints([{ longitude: hospital.position[0], latitude: hospital.position[1], colour: ROUTE_COLOURS.hospital, sizePixels: 14 }]);
      graphics.addLabels([{ longitude: hospital.position[0], latitude: hospital.position[1], text: hospital.name[i18n.language()], offsetPixels: { x: 0, y: -18 } }]);
    }
    const box = linesBounds([route.road.coordinates, ...route.accessLegs.map((leg) => leg.line.coordinates)]);
    const freeArea = services.freeArea?.() ?? { free: null, aspect: 1.5 };
    map.flyToBounds(fitIntoFreeArea(box, freeArea, ROUTE_PADDING_RATIO), { durationSeconds: 1, paddingRatio: 0 });
  }

  async function route(hospital?: string): Promise<void> {
    const origin = state().origin;
    if (!origin) return;
    const request = ++routeRequest;
    update((s) => void (s.routing = true));
    const query = new URLSearchParams({ lon: String(origin.longitude), lat: String(origin.latitude) });
    if (hospital) query.set('hospital', hospital);
    try {
      const driving = await http.json(`${apiBase}routing/ae?${query}`, aeDrivingResponseSchema);
      if (request !== routeRequest) return;
      const messageId = driving.status === 'ok' ? null : STATUS_MESSAGES[driving.status];
      update((s) => {
        s.routing = false;
        s.driving = driving;
        s.routedAt = now();
        s.selected = driving.route?.hospital ?? null;
        s.message = messageId ? { id: messageId, values: { km: drivingKilometres(driving.facilityRangeMetres) }, severity: 'warning' } : null;
      });
      drawRoute(driving);
      if (driving.route) analytics.emit({ name: `${DRAWER_ID}::route`, id: driving.route.hospital, param: origin.source });
    } catch {
      if (request !== routeRequest) return;
      update((s) => {
        s.routing = false;
        s.message = { id: 'accidentEmergency.message.routeError', severity: 'error' };
      });
    }
  }

  function setOrigin(source: OriginSource, longitude: number, latitude: number): Promise<void> {
    update((s) => {
      s.origin = { source, longitude, latitude };
      s.choosing = null;
      s.driving = null;
      s.selected = null;
      s.message = null;
    });
    graphics.clear();
    analytics.emit({ name: `${DRAWER_ID}::origin`, id: DRAWER_ID, param: source });
    return route();
  }

  const stopPicking = pointer.release;

  return {
    store,
    state,
    open() {
      if (open) return;
      open = true;
      void refreshFeed();
    },
    close() {
      open = false;
      feedRequest += 1;
      routeRequest += 1;
      if (refreshTimer !== null) clearTimer(refreshTimer);
      refreshTimer = null;
      stopPicking();
      graphics.clear();
      update((s) => {
        s.feed.nextRefreshAt = null;
        s.feed.phase = s.feed.phase === 'updating' ? (s.feed.data ? 'ready' : 'idle') : s.feed.phase;
        s.choosing = null;
        s.routing = false;
      });
    },
    useGps() {
      stopPicking();
      const locationMessage: AeMessage = { id: 'accidentEmergency.message.location', severity: 'error' };
      if (!services.geolocation) {
        update((s) => {
          s.choosing = null;
          s.message = locationMessage;
        });
        return;
      }
      update((s) => {
        s.choosing = 'gps';
        s.message = null;
      });
      services.geolocation.getCurrentPosition(
        (position) => void setOrigin('gps', position.coords.longitude, position.coords.latitude),
        () =>
          update((s) => {
            s.choosing = null;
            s.message = locationMessage;
          }),
        { enableHighAccuracy: true, timeout: 20_000, maximumAge: 5000 },
      );
    },
    pickOnMap() {
      stopPicking();
      update((s) => {
        s.choosing = 'pin';
        s.message = null;
      });
      pointer.take({
        id: PIN_MODE_ID,
        cursor: 'crosshair',
        // The pin goes where the user clicks, even onto a station label or a reading: no popup opens meanwhile.
        ownsClicks: true,
        onPick(result) {
          if (!result.position) return;
          stopPicking();
          void setOrigin('pin', result.position.longitude, result.position.latitude);
        },
        onEnd() {
          update((s) => {
            s.choosing = null;
            s.message = null;
          });
        },
      });
    },
    async useScreenCentre() {
      stopPicking();
      update((s) => {
        s.choosing = 'centre';
        s.message = null;
      });
      const picked = await map.pick('centre');
      if (!picked?.position) {
        // SPEC §8: no route from the sky (the screen centre is not on the ground).
        update((s) => {
          s.choosing = null;
          s.message = { id: 'accidentEmergency.message.sky', severity: 'warning' };
        });
        return;
      }
      await setOrigin('centre', picked.position.longitude, picked.position.latitude);
    },
    async select(key) {
      if (state().selected === key && state().driving?.route?.hospital === key) {
        const driving = state().driving;
        if (driving) drawRoute(driving);
        return;
      }
      await route(key);
    },
    setSort(order) {
      update((s) => void (s.sort = order));
    },
    dismissMessage() {
      show(null);
    },
    dispose() {
      this.close();
      graphics.clear();
    },
  };
}
