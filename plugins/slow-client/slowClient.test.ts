import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginHost } from '../../core/plugin/host';
import type { MapFacade } from '../../core/plugin/types';
import { createAppStore, type AppStore } from '../../core/store/appStore';
import { parseVariant } from '../../core/variants/variants';
import {
  createSlowClient,
  LIGHT_MODE_STORAGE_KEY,
  LIGHT_MODE_TOOL_ID,
  NOTICE_SILENCED_STORAGE_KEY,
  type SessionStore,
  type SlowClientConfig,
} from './slowClient';
import { createSlowFrameCounter, SLOW_FRAME_MS, SLOW_FRAME_WINDOW_MS, SLOW_FRAMES_TO_NOTIFY } from './slowFrames';
import plugin, { slowFrameCountFromAddress } from './index';

describe('slow-frame counter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once when the threshold count of slow frames falls within the window', () => {
    const onSlow = vi.fn();
    const counter = createSlowFrameCounter({ onSlow, now: () => Date.now() });
    for (let i = 0; i < SLOW_FRAMES_TO_NOTIFY - 1; i++) {
      counter.record(SLOW_FRAME_MS + 20);
      counter.record(SLOW_FRAME_MS - 1); // a fast frame between them counts for nothing
      vi.advanceTimersByTime(1000);
    }
    expect(counter.slowFrames()).toBe(SLOW_FRAMES_TO_NOTIFY - 1);
    expect(onSlow).not.toHaveBeenCalled();
    counter.record(SLOW_FRAME_MS);
    expect(onSlow).toHaveBeenCalledTimes(1);
    for (let i = 0; i < SLOW_FRAMES_TO_NOTIFY * 2; i++) counter.record(500);
    expect(onSlow).toHaveBeenCalledTimes(1);
    expect(counter.fired()).toBe(true);
  });

  it('forgets slow frames older than the window', () => {
    const onSlow = vi.fn();
    const counter = createSlowFrameCounter({ onSlow, now: () => Date.now() });
    // Just too far apart: the window never holds the threshold count at once.
    const spacing = SLOW_FRAME_WINDOW_MS / (SLOW_FRAMES_TO_NOTIFY - 1) + 1;
    for (let i = 0; i < SLOW_FRAMES_TO_NOTIFY * 3; i++) {
      counter.record(SLOW_FRAME_MS * 3);
      vi.advanceTimersByTime(spacing);
    }
    expect(onSlow).not.toHaveBeenCalled();
    expect(counter.slowFrames()).toBeLessThan(SLOW_FRAMES_TO_NOTIFY);
    vi.advanceTimersByTime(SLOW_FRAME_WINDOW_MS);
    expect(counter.slowFrames()).toBe(0);
  });

  it('ignores frame times that are not numbers', () => {
    const onSlow = vi.fn();
    const counter = createSlowFrameCounter({ onSlow, count: 1 });
    counter.record(Number.NaN);
    expect(onSlow).not.toHaveBeenCalled();
  });
});

function memoryStorage(initial: Record<string, string> = {}): SessionStore & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

function fakeMap(startLite = false) {
  const listeners = new Set<(ms: number) => void>();
  const liteCalls: boolean[] = [];
  let lite = startLite;
  const map: Pick<MapFacade, 'whenReady' | 'setLite' | 'isLite' | 'onFrameTime'> = {
    whenReady: () => Promise.resolve(),
    setLite: (on) => {
      lite = on;
      liteCalls.push(on);
    },
    isLite: () => lite,
    onFrameTime: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { map, liteCalls, frames: (count: number, ms: number) => Array.from({ length: count }).forEach(() => listeners.forEach((l) => l(ms))), listeners };
}

const BOTH: SlowClientConfig = { lightMode: true, countNotification: true };

/** The slow-client controller wired like the plugin does: the light-mode toggle's changes reach it. */
function setUp(options: { storage?: ReturnType<typeof memoryStorage>; startLite?: boolean; config?: SlowClientConfig } = {}) {
  const store: AppStore = createAppStore();
  const storage = options.storage ?? memoryStorage();
  const map = fakeMap(options.startLite);
  const controller = createSlowClient({ map: map.map, store, storage, counter: { count: 3, thresholdMs: 100, windowMs: 60_000 } }, options.config ?? BOTH);
  store.subscribe((state, previous) => {
    const on = state.toggles[LIGHT_MODE_TOOL_ID] ?? false;
    if (on !== (previous.toggles[LIGHT_MODE_TOOL_ID] ?? false)) controller.lightModeChanged(on);
  });
  controller.start();
  return { store, storage, map, controller };
}

describe('slow-client notice and light mode', () => {
  it('starts with the warnings off (SPEC §4) and shows the notice once after enough slow frames', () => {
    const { store, map } = setUp();
    expect(store.getState().slowClientWarnings).toBe(false);
    map.frames(10, 20);
    expect(store.getState().slowClientWarnings).toBe(false);
    map.frames(3, 150);
    expect(store.getState().slowClientWarnings).toBe(true);
  });

  it('"Not now" hides the notice and silences it for the session', () => {
    const { store, map, controller, storage } = setUp();
    map.frames(3, 150);
    controller.notNow();
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(storage.data[NOTICE_SILENCED_STORAGE_KEY]).toBe('1');
    map.frames(50, 300);
    expect(store.getState().slowClientWarnings).toBe(false);

    const reloaded = setUp({ storage });
    reloaded.map.frames(50, 300);
    expect(reloaded.store.getState().slowClientWarnings).toBe(false);
  });

  it('"Switch to light mode" turns the switch and the map light and remembers it; a reload keeps it', async () => {
    const { store, map, controller, storage } = setUp();
    map.frames(3, 150);
    controller.switchToLightMode();
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(map.liteCalls).toEqual([true]);
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBe('on');

    const reloaded = setUp({ storage });
    expect(reloaded.store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(reloaded.map.liteCalls).toEqual([true]);

    reloaded.store.getState().setToggle(LIGHT_MODE_TOOL_ID, false);
    expect(reloaded.map.liteCalls).toEqual([true, false]);
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBe('off');
  });

  it('counts nothing while the map is light, and shows a map that started light as switched on without remembering it', async () => {
    const { store, map, storage } = setUp({ startLite: true });
    map.frames(50, 300);
    expect(store.getState().slowClientWarnings).toBe(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBeUndefined();
  });

  it('without the count-based notification flag it never listens to frame times', () => {
    const { map, store } = setUp({ config: { lightMode: true, countNotification: false } });
    expect(map.listeners.size).toBe(0);
    map.frames(50, 300);
    expect(store.getState().slowClientWarnings).toBe(false);
  });
});

describe('slow-client plugin', () => {
  it('registers the light-mode toggle and the notice slot as its config says', async () => {
    const store = createAppStore();
    const host = createPluginHost({ services: { store } });
    await host.activatePlugin(plugin, { lightMode: true, countNotification: true });
    expect(host.registries.tools.get(LIGHT_MODE_TOOL_ID)).toMatchObject({ kind: 'toggle', placement: 'tools', label: 'slowClient.lightMode' });
    expect(host.registries.slots.get('slow-client-notice')).toMatchObject({ slot: 'map.overlay' });

    const bare = createPluginHost({ services: { store: createAppStore() } });
    await bare.activatePlugin(plugin, { lightMode: false, countNotification: false });
    expect(bare.registries.tools.list()).toEqual([]);
    expect(bare.registries.slots.list()).toEqual([]);
  });

  it('lets a browser test lower the slow-frame count through the address, never raise it', () => {
    expect(slowFrameCountFromAddress('?lite=0&slowFrameCount=3')).toBe(3);
    expect(slowFrameCountFromAddress('?slowFrameCount=500')).toBeUndefined();
    expect(slowFrameCountFromAddress('?slowFrameCount=0')).toBeUndefined();
    expect(slowFrameCountFromAddress('?slowFrameCount=2.5')).toBeUndefined();
    expect(slowFrameCountFromAddress('')).toBeUndefined();
  });

  it('is configured in every variant exactly as its flags slowClientLightMode and slowClientCountNotification say', () => {
    const folder = resolve(import.meta.dirname, '../../variants');
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const variant = parseVariant(JSON.parse(readFileSync(join(folder, name), 'utf8')));
      const lightMode = variant.flags.slowClientLightMode === true;
      const countNotification = variant.flags.slowClientCountNotification === true;
      const entry = variant.plugins.find((candidate) => candidate.id === 'slow-client');
      if (!lightMode && !countNotification) expect(entry, name).toBeUndefined();
      else expect(entry?.config, name).toEqual({ lightMode, countNotification });
    }
  });
});
