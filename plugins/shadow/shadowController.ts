/**
 * The shadow view's state and effects, without React or Cesium: on/off lights the map with our sun at the scene
 * clock's time and turns shadows on (`ctx.map.lighting()`), the date and time set the scene clock, and the clock —
 * moved by the panel, a share link or the one time player playing the day — drives what the panel shows.
 */
import type { Disposer, MapFacade } from '../../core/plugin/types';
import type { TimePlayerHandle, TimePlayerRequest } from '../time-player/api';
import { fromInstant, sunReport, toInstant, type HongKongTime, type SunReport } from './shadowTime';

/** What the panel says about shadows: drawn, the map cannot draw them (no WebGL depth texture), or no map yet. */
export type ShadowSupport = 'drawn' | 'unsupported' | 'waiting-for-map';

export interface ShadowState {
  on: boolean;
  time: HongKongTime;
  sun: SunReport;
  support: ShadowSupport;
  /** The time player holds the clock for this day (playing or paused on its bar). */
  playingDay: boolean;
}

export interface ShadowController {
  getState(): ShadowState;
  subscribe(listener: () => void): Disposer;
  setOn(on: boolean): void;
  /** Moves the scene clock to a Hong Kong date and time (the time player follows if it holds the clock). */
  setTime(time: HongKongTime): void;
  /** Opens the one time player on sunrise–sunset of the shown day; false where there is no time player or no sunrise. */
  playDay(): boolean;
  canPlayDay(): boolean;
  dispose(): void;
}

export interface ShadowControllerOptions {
  map: Pick<MapFacade, 'lighting' | 'clock' | 'whenReady'>;
  /** plugins/time-player/api.ts's, injected so tests can record the request. */
  openTimePlayer(request: TimePlayerRequest): TimePlayerHandle;
  timePlayerAvailable(): boolean;
}

/** Playing a day: 10 scene minutes per real second (one of the bar's choices), a summer day (13.5 h) in 81 s. */
export const DAY_PLAY_MULTIPLIER = 600;

export function createShadowController(options: ShadowControllerOptions): ShadowController {
  const { map } = options;
  const lighting = map.lighting();
  const clock = map.clock();
  const listeners = new Set<() => void>();
  const initialTime = fromInstant(clock.now());
  let state: ShadowState = { on: false, time: initialTime, sun: sunReport(initialTime), support: 'waiting-for-map', playingDay: false };
  let stopTicks: Disposer | null = null;
  let player: TimePlayerHandle | null = null;
  let disposed = false;

  const update = (patch: Partial<ShadowState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const support = (): ShadowSupport => {
    const supported = lighting.shadowsSupported();
    if (supported === null) return 'waiting-for-map';
    return supported && lighting.shadowsOn() ? 'drawn' : 'unsupported';
  };
  const showTime = (time: HongKongTime) => {
    if (time.date === state.time.date && time.minutes === state.time.minutes) return;
    update({ time, sun: sunReport(time) });
  };
  const closePlayer = () => {
    const handle = player;
    player = null;
    handle?.close();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setOn(on) {
      if (on === state.on || disposed) return;
      if (on) {
        lighting.setSun('clock');
        lighting.setShadows(true);
        stopTicks = clock.onTick((now) => showTime(fromInstant(now)));
        clock.setTime(toInstant(state.time));
        update({ on: true, support: support() });
        // Before the map exists support is unknown; the deferred lighting turns shadows on when it attaches.
        void map.whenReady().then(() => {
          if (state.on && !disposed) update({ support: support() });
        });
        return;
      }
      closePlayer();
      stopTicks?.();
      stopTicks = null;
      lighting.setShadows(false);
      lighting.setSun(null);
      update({ on: false, playingDay: false });
    },
    setTime(time) {
      clock.setTime(toInstant(time));
      // The clock may have clamped it into the time player's span: show where it is.
      showTime(fromInstant(clock.now()));
    },
    canPlayDay: () => options.timePlayerAvailable() && state.sun.sunrise !== null && state.sun.sunset !== null,
    playDay() {
      const { sunrise, sunset } = state.sun;
      if (!options.timePlayerAvailable() || !sunrise || !sunset) return false;
      const now = toInstant(state.time);
      const handle = options.openTimePlayer({
        start: sunrise,
        end: sunset,
        current: now >= sunrise && now <= sunset ? now : sunrise,
        multiplier: DAY_PLAY_MULTIPLIER,
        label: 'shadow.timePlayer.label',
      });
      player = handle;
      handle.onClose(() => {
        if (player === handle) player = null;
        update({ playingDay: false });
      });
      update({ playingDay: handle.isOpen() });
      return handle.isOpen();
    },
    dispose() {
      if (state.on) this.setOn(false);
      disposed = true;
      listeners.clear();
    },
  };
}
