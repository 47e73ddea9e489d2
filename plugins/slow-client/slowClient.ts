/**
 * Slow-client light mode: the light-mode switch (a user's choice is remembered for the browser session), the
 * automatic switch to light mode when the map is measured to be slow, and the notice that says why light mode
 * was switched on and how to turn it off. The notice's visibility is the core store's `slowClientWarnings`
 * (SPEC §4: off initially); the switch is the toggle tool `light-mode` (`store.toggles['light-mode']`).
 *
 * When light mode comes on without the user choosing it there is always a notice with the reason:
 * - `software-renderer`: the map started light because the browser draws WebGL in software
 *   (core/map/liteRendering.ts `startRendering`);
 * - `measured`: the map started with full rendering, and SLOW_FRAMES_TO_NOTIFY slow frames within the window
 *   (slowFrames.ts) switched it to light mode; the notice names the frame rate measured.
 * A light mode the user chose (the switch, `?lite=1`, the remembered choice) brings no notice. "Turn off light
 * mode" is remembered as the user's choice, and no automatic switch happens again in this session.
 */
import type { StartRendering } from '../../core/map/liteRendering';
import type { MapFacade } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { createSlowFrameCounter, type SlowFrameCounterOptions } from './slowFrames';

export const LIGHT_MODE_TOOL_ID = 'light-mode';
/** sessionStorage: 'on' / 'off' once the user chose; a reload in the same tab keeps the choice. */
export const LIGHT_MODE_STORAGE_KEY = 'hkmap.light-mode';
/** sessionStorage: set when the user turned automatic light mode off; no more automatic switches in this tab. */
export const NOTICE_SILENCED_STORAGE_KEY = 'hkmap.slow-client-notice.silenced';

export interface SlowClientConfig {
  /** Variant flag slowClientLightMode: the light-mode switch and its memory. */
  lightMode: boolean;
  /** Variant flag slowClientCountNotification: count slow frames, switch to light mode and say so. */
  countNotification: boolean;
}

/** Why light mode was switched on without the user choosing it: what the notice says. */
export type LightModeReason = { kind: 'software-renderer'; renderer: string } | { kind: 'measured'; framesPerSecond: number };

/** The part of Storage used; sessionStorage in the app (may be missing or throw in private modes). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface SlowClientServices {
  map: Pick<MapFacade, 'whenReady' | 'setLite' | 'isLite' | 'onFrameTime'>;
  store: AppStore;
  storage: SessionStore | null;
  /** How the map started (core/map/liteRendering.ts `startRendering`); default: full rendering, no reason. */
  start?: StartRendering;
  /** Slow-frame counting rules (tests shorten them); default the constants of slowFrames.ts. */
  counter?: Omit<SlowFrameCounterOptions, 'onSlow'>;
}

export interface SlowClient {
  /** The store whose `slowClientWarnings` shows the notice. */
  readonly store: AppStore;
  /** Why light mode is on, for the notice; null when the user chose it or it is off. */
  reason(): LightModeReason | null;
  /**
   * Restores the remembered choice, says why a map that started light is light, and starts counting slow
   * frames. Call once the light-mode tool is registered, so its switch reaches the map.
   */
  start(): void;
  /** The notice's "Turn off light mode": full rendering, remembered, and no automatic switch again this session. */
  turnOff(): void;
  /** The notice's "Keep light mode": hides the notice. */
  keep(): void;
  /** Called with the light-mode tool's new state (its onToggle). */
  lightModeChanged(on: boolean): void;
  dispose(): void;
}

function read(storage: SessionStore | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: SessionStore | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice then lasts until the page is left, which is the next best thing.
  }
}

export function createSlowClient(services: SlowClientServices, config: SlowClientConfig): SlowClient {
  const { map, store, storage } = services;
  const startedAs = services.start ?? { lite: false, reason: null };
  let disposed = false;
  /** Set while the switch is moved by this controller (not a user choice, so not remembered). */
  let following = false;
  let silenced = read(storage, NOTICE_SILENCED_STORAGE_KEY) === '1';
  let reason: LightModeReason | null = null;
  const lightModeOn = () => store.getState().toggles[LIGHT_MODE_TOOL_ID] ?? false;

  /** Turns light mode on without the user choosing it, and says why. */
  const switchOnFor = (why: LightModeReason) => {
    reason = why;
    if (config.lightMode && !lightModeOn()) {
      following = true;
      try {
        store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
      } finally {
        following = false;
      }
    }
    if (!map.isLite()) map.setLite(true);
    store.getState().setSlowClientWarnings(true);
  };

  const counter = createSlowFrameCounter({
    ...services.counter,
    onSlow: (measurement) => {
      if (!disposed && !silenced && !map.isLite()) switchOnFor({ kind: 'measured', framesPerSecond: measurement.framesPerSecond });
    },
  });
  let stopCounting = () => {};
  let stopWatchingDrawers = () => {};

  const hideNotice = () => {
    if (store.getState().slowClientWarnings) store.getState().setSlowClientWarnings(false);
  };

  return {
    store,
    reason: () => reason,
    start() {
      // The notice says its piece once; when the user opens a drawer they have moved on, and it steps aside
      // (as "Keep light mode"), so it never stands in the way of the panels the map page stacks under it.
      stopWatchingDrawers = store.subscribe((state, previous) => {
        if (!state.slowClientWarnings || state.drawers === previous.drawers) return;
        const opened = Object.entries(state.drawers).some(([id, flags]) => flags.shown && !previous.drawers[id]?.shown);
        if (opened) hideNotice();
      });
      if (config.countNotification) {
        stopCounting = map.onFrameTime((frameMs) => {
          if (!silenced && !map.isLite()) counter.record(frameMs);
        });
      }
      const remembered = read(storage, LIGHT_MODE_STORAGE_KEY);
      if (config.lightMode && remembered === 'on' && !lightModeOn()) store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
      void map.whenReady().then(() => {
        if (disposed) return;
        // The user turned light mode off earlier in this tab: their choice wins over the software renderer.
        if (remembered === 'off' && startedAs.reason === 'software-renderer') {
          if (map.isLite()) map.setLite(false);
          return;
        }
        if (!map.isLite() || remembered === 'on') return;
        if (startedAs.reason === 'software-renderer' && startedAs.renderer) switchOnFor({ kind: 'software-renderer', renderer: startedAs.renderer });
        else if (config.lightMode && !lightModeOn()) {
          // Light from the address (?lite=1): the user's own request, so the switch shows it and nothing is said.
          following = true;
          try {
            store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
          } finally {
            following = false;
          }
        }
      });
    },
    turnOff() {
      silenced = true;
      write(storage, NOTICE_SILENCED_STORAGE_KEY, '1');
      reason = null;
      hideNotice();
      if (config.lightMode && lightModeOn()) store.getState().setToggle(LIGHT_MODE_TOOL_ID, false);
      else {
        map.setLite(false);
        write(storage, LIGHT_MODE_STORAGE_KEY, 'off');
      }
    },
    keep() {
      hideNotice();
    },
    lightModeChanged(on) {
      if (map.isLite() !== on) map.setLite(on);
      if (following) return;
      // A choice of the user's: remembered, and no notice is needed any more.
      write(storage, LIGHT_MODE_STORAGE_KEY, on ? 'on' : 'off');
      reason = null;
      hideNotice();
      if (!on) {
        silenced = true;
        write(storage, NOTICE_SILENCED_STORAGE_KEY, '1');
      }
    },
    dispose() {
      disposed = true;
      stopCounting();
      stopWatchingDrawers();
      hideNotice();
    },
  };
}
