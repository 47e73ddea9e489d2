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
import { createSlowFrameCounter, measureSlowFrames, SLOW_FRAME_MS, SLOW_FRAME_WINDOW_MS, SLOW_FRAMES_TO_NOTIFY } from './slowFrames';
import { decideStartRendering, softwareRendererName, type StartRendering } from '../../core/map/liteRendering';
import plugin, { slowFrameCountFromAddress } from './index';

describe('start rendering (core/map/liteRendering.ts): light only on request or on a software renderer', () => {
  it('starts a graphics card with full rendering, a software renderer light, and lets the address decide first', () => {
    const gpu = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)';
    const swiftShader = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
    expect(decideStartRendering('', gpu)).toEqual({ lite: false, reason: null });
    expect(decideStartRendering('', null)).toEqual({ lite: false, reason: null });
    expect(decideStartRendering('', swiftShader)).toEqual({ lite: true, reason: 'software-renderer', renderer: 'SwiftShader' });
    expect(decideStartRendering('', 'llvmpipe (LLVM 15.0.6, 256 bits)')).toMatchObject({ lite: true, renderer: 'llvmpipe' });
    expect(decideStartRendering('?lite=0', swiftShader)).toEqual({ lite: false, reason: 'address' });
    expect(decideStartRendering('?lite=1', gpu)).toEqual({ lite: true, reason: 'address' });
    expect(softwareRendererName('Microsoft Basic Render Driver')).toBe('Microsoft Basic Render Driver');
    expect(softwareRendererName('Apple M2')).toBeNull();
  });
});

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

  it('reports the frame rate at the median slow frame', () => {
    expect(measureSlowFrames([125, 400, 120])).toEqual({ framesPerSecond: 8, medianFrameMs: 125, slowFrames: 3 });
    expect(measureSlowFrames([100, 200])).toMatchObject({ framesPerSecond: 7, medianFrameMs: 150 });
    expect(measureSlowFrames([5000]).framesPerSecond).toBe(1);
    const onSlow = vi.fn();
    const counter = createSlowFrameCounter({ onSlow, count: 2 });
    counter.record(250);
    counter.record(250);
    expect(onSlow).toHaveBeenCalledWith({ framesPerSecond: 4, medianFrameMs: 250, slowFrames: 2 });
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

/** Lets the controller's whenReady() continuation run. */
async function flush() {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}

const BOTH: SlowClientConfig = { lightMode: true, countNotification: true };

/** The slow-client controller wired like the plugin does: the light-mode toggle's changes reach it. */
function setUp(options: { storage?: ReturnType<typeof memoryStorage>; startLite?: boolean; config?: SlowClientConfig; start?: StartRendering } = {}) {
  const store: AppStore = createAppStore();
  const storage = options.storage ?? memoryStorage();
  const map = fakeMap(options.startLite);
  const controller = createSlowClient(
    { map: map.map, store, storage, start: options.start, counter: { count: 3, thresholdMs: 100, windowMs: 60_000 } },
    options.config ?? BOTH,
  );
  store.subscribe((state, previous) => {
    const on = state.toggles[LIGHT_MODE_TOOL_ID] ?? false;
    if (on !== (previous.toggles[LIGHT_MODE_TOOL_ID] ?? false)) controller.lightModeChanged(on);
  });
  controller.start();
  return { store, storage, map, controller };
}

describe('slow-client light mode: when it comes on, and the notice that says why', () => {
  it('starts with full rendering and the warnings off (SPEC §4); measured slow frames switch light mode on and say what was measured', () => {
    const { store, map, controller, storage } = setUp();
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(map.map.isLite()).toBe(false);
    map.frames(10, 20);
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(map.liteCalls).toEqual([]);
    // Three slow frames of 120, 125 and 400 ms: the median 125 ms is 8 frames a second.
    map.frames(1, 120);
    map.frames(1, 400);
    map.frames(1, 125);
    expect(store.getState().slowClientWarnings).toBe(true);
    expect(map.liteCalls).toEqual([true]);
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(controller.reason()).toEqual({ kind: 'measured', framesPerSecond: 8 });
    // Not the user's choice: nothing remembered.
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBeUndefined();
  });

  it('"Turn off light mode" brings full rendering back, is remembered, and stops further automatic switches', () => {
    const { store, map, controller, storage } = setUp();
    map.frames(3, 150);
    controller.turnOff();
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(false);
    expect(map.liteCalls).toEqual([true, false]);
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBe('off');
    expect(storage.data[NOTICE_SILENCED_STORAGE_KEY]).toBe('1');
    map.frames(50, 300);
    expect(map.map.isLite()).toBe(false);

    const reloaded = setUp({ storage });
    reloaded.map.frames(50, 300);
    expect(reloaded.map.map.isLite()).toBe(false);
    expect(reloaded.store.getState().slowClientWarnings).toBe(false);
  });

  it('"Keep light mode", or opening a drawer, hides the notice and leaves light mode on', () => {
    const { store, map, controller } = setUp();
    map.frames(3, 150);
    controller.keep();
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(map.map.isLite()).toBe(true);

    const other = setUp();
    other.store.getState().addDrawer('layers');
    other.map.frames(3, 150);
    expect(other.store.getState().slowClientWarnings).toBe(true);
    other.store.getState().openDrawer('layers');
    expect(other.store.getState().slowClientWarnings).toBe(false);
    expect(other.map.map.isLite()).toBe(true);
  });

  it('a map that started light on a software renderer says so; one the user asked for (?lite=1) does not', async () => {
    const software = setUp({ startLite: true, start: { lite: true, reason: 'software-renderer', renderer: 'SwiftShader' } });
    await flush();
    expect(software.store.getState().slowClientWarnings).toBe(true);
    expect(software.controller.reason()).toEqual({ kind: 'software-renderer', renderer: 'SwiftShader' });
    expect(software.store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(software.storage.data[LIGHT_MODE_STORAGE_KEY]).toBeUndefined();

    const asked = setUp({ startLite: true, start: { lite: true, reason: 'address' } });
    await flush();
    expect(asked.store.getState().slowClientWarnings).toBe(false);
    expect(asked.store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    asked.map.frames(50, 300);
    expect(asked.store.getState().slowClientWarnings).toBe(false);
  });

  it('the user\'s choice wins: turned off earlier in the tab, a software renderer starts full; switched on, no notice', async () => {
    const off = setUp({ startLite: true, start: { lite: true, reason: 'software-renderer', renderer: 'SwiftShader' }, storage: memoryStorage({ [LIGHT_MODE_STORAGE_KEY]: 'off' }) });
    await flush();
    expect(off.map.map.isLite()).toBe(false);
    expect(off.store.getState().slowClientWarnings).toBe(false);

    const { store, map, storage } = setUp();
    store.getState().setToggle(LIGHT_MODE_TOOL_ID, true);
    expect(map.liteCalls).toEqual([true]);
    expect(storage.data[LIGHT_MODE_STORAGE_KEY]).toBe('on');
    expect(store.getState().slowClientWarnings).toBe(false);
    const reloaded = setUp({ storage });
    expect(reloaded.store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(reloaded.map.liteCalls).toEqual([true]);
  });

  it('without the count-based notification flag it never listens to frame times', () => {
    const { map, store } = setUp({ config: { lightMode: true, countNotification: false } });
    expect(map.listeners.size).toBe(0);
    map.frames(50, 300);
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(map.map.isLite()).toBe(false);
  });
});

describe('slow-client plugin', () => {
  it('registers the light-mode toggle and the notice slot as its config says', async () => {
    const store = createAppStore();
    const host = createPluginHost({ services: { store } });
    await host.activatePlugin(plugin, { lightMode: true, countNotification: true });
    expect(host.registries.tools.get(LIGHT_MODE_TOOL_ID)).toMatchObject({ kind: 'toggle', placement: 'tools', label: 'slowClient.lightMode' });
    expect(host.registries.slots.get('slow-client-notice')).toMatchObject({ slot: 'map.overlay' });

    // Without the switch, light mode can still come on by itself (software renderer, slow frames): the notice stays.
    const bare = createPluginHost({ services: { store: createAppStore() } });
    await bare.activatePlugin(plugin, { lightMode: false, countNotification: true });
    expect(bare.registries.tools.list()).toEqual([]);
    expect(bare.registries.slots.list().map((slot) => slot.id)).toEqual(['slow-client-notice']);
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
