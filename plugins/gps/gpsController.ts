/**
 * Runs the GPS state machine (./gpsMachine.ts) against the world: the store's GPS mode (SPEC §4, core state
 * `gps`), the browser's Geolocation API, the portal's Hong Kong check (`GET <apiBase>search/locate`, the same
 * SAR boundary the location search uses for typed coordinates), the map (marker, accuracy circle, camera) and the
 * notices.
 */
import { placeLocateResponseSchema } from '../../core/contracts/places';
import type { AnalyticsEmitter, Disposer, HttpClient, I18nService, MapFacade, NoticeService } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { accuracyRing, followedView, needsBoundaryCheck } from './gpsGeometry';
import { GPS_OFF, GPS_TOOL, gpsTransition, type GpsEffect, type GpsEvent, type GpsFailure, type GpsFix, type GpsMachineState } from './gpsMachine';

/** The marker: a blue dot (the colour maps use for "you are here"), pixels. */
export const POSITION_COLOUR = '#1a73e8';
export const POSITION_SIZE_PIXELS = 14;
export const ACCURACY_FILL = 'rgba(26, 115, 232, 0.18)';
export const ACCURACY_OUTLINE = 'rgba(26, 115, 232, 0.8)';
/** The camera's distance from the position when it is first shown, metres, looking down at 45°. */
export const CENTRE_RANGE_METERS = 1200;
export const CENTRE_PITCH_DEGREES = -45;
/** Geolocation options: the best position the device has, none older than 5 s, an answer within 20 s. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 };
const NOTICE_ID = 'gps-message';

export interface GpsControllerOptions {
  map: MapFacade;
  store: AppStore;
  http: HttpClient;
  i18n: I18nService;
  notices: NoticeService;
  analytics: AnalyticsEmitter;
  apiBase: string;
  /** `navigator.geolocation`; undefined where the browser has none. */
  geolocation: Geolocation | undefined;
}

export interface GpsController {
  getState(): GpsMachineState;
  subscribe(listener: () => void): Disposer;
  dispose(): void;
}

function failureOf(error: GeolocationPositionError): GpsFailure {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

export function createGpsController(options: GpsControllerOptions): GpsController {
  const { map, store, http, i18n, notices, analytics, geolocation } = options;
  const graphics = map.temporaryGraphics(GPS_TOOL);
  const listeners = new Set<() => void>();
  let state: GpsMachineState = GPS_OFF;
  let watchId: number | null = null;
  let hideNotice: Disposer | null = null;
  /** The last position the Hong Kong check answered for (and that it was inside). */
  let lastChecked: { longitude: number; latitude: number } | null = null;
  /** Counts positions, so an answer of the Hong Kong check for an older one is dropped. */
  let fixSequence = 0;
  let checking: AbortController | null = null;

  const locateUrl = (fix: GpsFix) =>
    `${options.apiBase.replace(/\/?$/, '/')}search/locate?${new URLSearchParams({ longitude: String(fix.longitude), latitude: String(fix.latitude) }).toString()}`;

  const onPosition = async (position: GeolocationPosition) => {
    const fix: GpsFix = {
      longitude: position.coords.longitude,
      latitude: position.coords.latitude,
      accuracyMeters: position.coords.accuracy,
      timestamp: position.timestamp,
    };
    const sequence = ++fixSequence;
    if (!needsBoundaryCheck(lastChecked, fix)) {
      dispatch({ type: 'fix', fix, insideHongKong: true });
      return;
    }
    checking?.abort();
    const controller = new AbortController();
    checking = controller;
    let insideHongKong: boolean | null;
    try {
      const where = await http.json(locateUrl(fix), placeLocateResponseSchema, { signal: controller.signal });
      insideHongKong = !where.outsideHongKong;
      if (insideHongKong) lastChecked = { longitude: fix.longitude, latitude: fix.latitude };
    } catch (error) {
      if (controller.signal.aborted) return;
      // The boundary service is down: the device's position is still real, so it is shown unchecked.
      console.warn('gps: the Hong Kong check failed; showing the position unchecked', error);
      insideHongKong = null;
    }
    if (sequence !== fixSequence) return;
    dispatch({ type: 'fix', fix, insideHongKong });
  };

  const run = (effect: GpsEffect) => {
    switch (effect.type) {
      case 'watch':
        hideNotice?.();
        hideNotice = null;
        if (!geolocation) {
          dispatch({ type: 'failure', reason: 'unsupported' });
          return;
        }
        watchId = geolocation.watchPosition(
          (position) => void onPosition(position),
          (error) => dispatch({ type: 'failure', reason: failureOf(error) }),
          GEOLOCATION_OPTIONS,
        );
        return;
      case 'unwatch':
        if (watchId !== null) geolocation?.clearWatch(watchId);
        watchId = null;
        checking?.abort();
        checking = null;
        fixSequence += 1;
        lastChecked = null;
        return;
      case 'draw':
        graphics.clear();
        graphics.addGroundPolygons([
          { positions: accuracyRing(effect.fix.longitude, effect.fix.latitude, effect.fix.accuracyMeters), fillColour: ACCURACY_FILL, outlineColour: ACCURACY_OUTLINE },
        ]);
        graphics.addPoints([{ longitude: effect.fix.longitude, latitude: effect.fix.latitude, colour: POSITION_COLOUR, sizePixels: POSITION_SIZE_PIXELS }]);
        map.requestRender();
        return;
      case 'clear':
        graphics.clear();
        map.requestRender();
        return;
      case 'camera': {
        const camera = map.cameraState();
        if (effect.how === 'follow' && camera && effect.previous) {
          map.setView(followedView(camera, effect.previous, effect.fix), { durationSeconds: 0.5 });
        } else {
          map.lookAt(
            { longitude: effect.fix.longitude, latitude: effect.fix.latitude },
            { rangeMeters: CENTRE_RANGE_METERS, headingDegrees: camera?.headingDegrees ?? 0, pitchDegrees: CENTRE_PITCH_DEGREES },
            { durationSeconds: 1.5 },
          );
        }
        return;
      }
      case 'message':
        hideNotice?.();
        hideNotice = notices.show({ id: NOTICE_ID, message: () => i18n.format(effect.message), severity: 'warning' });
        return;
      case 'switch-off':
        if (store.getState().gps !== 0) store.getState().setGps(0);
        return;
    }
  };

  function dispatch(event: GpsEvent) {
    const before = state;
    const transition = gpsTransition(state, event);
    state = transition.state;
    // Nested like the modes: GPS on before tracking on, tracking off before GPS off.
    if (before.mode === 0 && state.mode !== 0) analytics.emit({ name: `${GPS_TOOL}::on`, id: GPS_TOOL });
    if (before.mode !== 2 && state.mode === 2) analytics.emit({ name: `${GPS_TOOL}-tracking::on`, id: `${GPS_TOOL}-tracking` });
    if (before.mode === 2 && state.mode !== 2) analytics.emit({ name: `${GPS_TOOL}-tracking::off`, id: `${GPS_TOOL}-tracking` });
    if (before.mode !== 0 && state.mode === 0) analytics.emit({ name: `${GPS_TOOL}::off`, id: GPS_TOOL });
    for (const effect of transition.effects) run(effect);
    if (state !== before) for (const listener of [...listeners]) listener();
  }

  dispatch({ type: 'mode', mode: store.getState().gps });
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.gps !== previous.gps) dispatch({ type: 'mode', mode: next.gps });
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      dispatch({ type: 'mode', mode: 0 });
      if (store.getState().gps !== 0) store.getState().setGps(0);
      hideNotice?.();
      listeners.clear();
    },
  };
}
