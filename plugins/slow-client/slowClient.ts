/**
 * Slow-client light mode: the light-mode switch (remembered for the browser session) and the notice that
 * offers it when the map renders slowly. The notice's visibility is the core store's `slowClientWarnings`
 * (SPEC §4: off initially); the switch is the toggle tool `light-mode` (`store.toggles['light-mode']`).
 */
import type { MapFacade } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { createSlowFrameCounter, type SlowFrameCounterOptions } from './slowFrames';

export const LIGHT_MODE_TOOL_ID = 'light-mode';
/** sessionStorage: 'on' / 'off' once the user chose; a reload in the same tab keeps the choice. */
export const LIGHT_MODE_STORAGE_KEY = 'hkmap.light-mode';
/** sessionStorage: set by "Not now"; no more slow-client notices in this tab. */
export const NOTICE_SILENCED_STORAGE_KEY = 'hkmap.slow-client-notice.silenced';

export interface SlowClientConfig {
  /** Variant flag slowClientLightMode: the light-mode switch and its memory. */
  lightMode: boolean;
  /** Variant flag slowClientCountNotification: count slow frames and offer light mode. */
  countNotification: boolean;
}

/** The part of Storage used; sessionStorage in the app (may be missing or throw in private modes). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface SlowClientServices {
  map: Pick<MapFacade, 'whenReady' | 'setLite' | 'isLite' | 'onFrameTime'>;
  store: AppStore;
  storage: SessionStore | null;
  /** Slow-frame counting rules (tests shorten them); default the constants of slowFrames.ts. */
  counter?: Omit<SlowFrameCounterOptions, 'onSlow'>;
}

export interface SlowClient {
  /** The store whose `slowClientWarnings` shows the notice. */
  readonly store: AppStore;
  /**
   * Restores the remembered light mode and starts counting slow frames. Call once the light-mode tool is
   * registered, so its switch reaches the map.
   */
  start(): void;
  /** The notice's "Switch to light mode". */
  switchToLightMode(): void;
  /** The notice's "Not now": hides it and stops the notices for this session. */
  notNow(): void;
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
  let disposed = false;
  /** Set while the switch is being brought in line with the map (not a user choice, so not remembered). */
  let following = false;
  let silenced = read(storage, NOTICE_SILENCED_STORAGE_KEY) === '1';
  const lightModeOn = () => store.getState().toggles[LIGHT_MODE_TOOL_ID] ?? false;

  const counter = createSlowFrameCounter({
    ...services.counter,
    onSlow: () => {
      if (!silenced && !map.isLite()) store.getState().setSlowClientWarnings(true);
    },
  });
  let stopCounting = () => {};

  return {
    store,
    start() {
      if (config.countNotification) {
        stopCounting = map.onFrameTime((frameMs) => {
          if (!silenced && !map.isLite()) counter.record(frameMs);
        });
      }
      if (!config.lightMode) return;
      if (read(storage, LIGHT_MODE_STORAGE_KEY) === 'on' && !lightModeOn()) store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
      // The map may start light without a choice (?lite=1, automated browsers): show the switch as it is.
      void map.whenReady().then(() => {
        if (disposed || !map.isLite() || lightModeOn()) return;
        following = true;
        try {
          store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
        } finally {
          following = false;
        }
      });
    },
    switchToLightMode() {
      store.getState().setSlowClientWarnings(false);
      if (config.lightMode) store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
      else map.setLite(true);
    },
    notNow() {
      silenced = true;
      write(storage, NOTICE_SILENCED_STORAGE_KEY, '1');
      store.getState().setSlowClientWarnings(false);
    },
    lightModeChanged(on) {
      map.setLite(on);
      if (!following) write(storage, LIGHT_MODE_STORAGE_KEY, on ? 'on' : 'off');
      if (on) store.getState().setSlowClientWarnings(false);
    },
    dispose() {
      disposed = true;
      stopCounting();
      if (store.getState().slowClientWarnings) store.getState().setSlowClientWarnings(false);
    },
  };
}
