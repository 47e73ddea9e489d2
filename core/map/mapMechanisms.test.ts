// @vitest-environment jsdom
/**
 * The deferred facade's forwarding of the issue-14 mechanisms (camera, frames, camera control, clock, heights,
 * capture) and the key routing of core/map/pointerInput.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CameraChange, CameraState, FrameInfo, MapFacade, SceneClock } from '../plugin/types';
import { createDeferredMapFacade } from './deferredFacade';
import { createNoopMapFacade } from './noopFacade';
import { keyIsForMap } from './pointerInput';
import { createDeferredSceneClock } from './sceneClock';

/** A live map that records registrations made on it and what it was asked. */
function recordingMap() {
  const calls: string[] = [];
  const cameraListeners = new Set<(state: CameraState, change: CameraChange) => void>();
  const frameListeners = new Set<(frame: FrameInfo) => void>();
  let holds = 0;
  const clock: SceneClock = createDeferredSceneClock();
  const map: MapFacade = createNoopMapFacade({
    setView: (view, options) => void calls.push(`view:${view.longitude},${view.latitude},${view.heightMeters}:${options?.durationSeconds ?? 0}`),
    lookAt: (target, offset) => void calls.push(`look:${target.longitude},${target.latitude}:${offset.rangeMeters}`),
    flyToBounds: (bounds) => void calls.push(`bounds:${bounds.west},${bounds.south},${bounds.east},${bounds.north}`),
    onCameraChanged: (listener) => (cameraListeners.add(listener), () => void cameraListeners.delete(listener)),
    onFrame: (listener) => (frameListeners.add(listener), () => void frameListeners.delete(listener)),
    takeCameraControl: () => {
      holds += 1;
      let released = false;
      return () => {
        if (!released) holds -= 1;
        released = true;
      };
    },
    sampleHeights: async (positions) => positions.map(([longitude]) => longitude - 100),
    clock: () => clock,
    container: () => document.body,
  });
  return { map, calls, cameraListeners, frameListeners, holds: () => holds, clock };
}

describe('deferred facade: camera, frames, clock, heights, capture', () => {
  it('checks camera calls at once, before the map exists, and replays only the latest on attach', async () => {
    const facade = createDeferredMapFacade();
    expect(() => facade.setView({ longitude: 114, latitude: 120, heightMeters: 10 })).toThrow(/latitude/);
    expect(() => facade.flyToBounds({ west: 115, south: 22, east: 114, north: 23 })).toThrow(/west/);
    expect(() => facade.lookAt({ longitude: 114, latitude: 22 }, { rangeMeters: -5 })).toThrow(/rangeMeters/);
    expect(() => facade.setView({ longitude: 114, latitude: 22, heightMeters: 10 }, { durationSeconds: Number.NaN })).toThrow(/durationSeconds/);
    facade.lookAt({ longitude: 114.1, latitude: 22.2 }, { rangeMeters: 300 });
    facade.setView({ longitude: 114.17, latitude: 22.3, heightMeters: 900 }, { durationSeconds: 2 });
    const live = recordingMap();
    facade.attach(live.map);
    await facade.whenReady();
    expect(live.calls).toEqual(['view:114.17,22.3,900:2']);
    facade.flyToBounds({ west: 114, south: 22.1, east: 114.4, north: 22.5 });
    facade.lookAt({ longitude: 114.1, latitude: 22.2 }, { rangeMeters: 300 });
    expect(live.calls.slice(1)).toEqual(['bounds:114,22.1,114.4,22.5', 'look:114.1,22.2:300']);
  });

  it('keeps camera listeners, frame listeners and camera holds across attach, detach and a remount', async () => {
    const facade = createDeferredMapFacade();
    const heard = vi.fn();
    const stopCamera = facade.onCameraChanged(heard);
    const stopFrames = facade.onFrame(() => {});
    const release = facade.takeCameraControl();
    const first = recordingMap();
    const detach = facade.attach(first.map);
    await facade.whenReady();
    expect([first.cameraListeners.size, first.frameListeners.size, first.holds()]).toEqual([1, 1, 1]);
    const state: CameraState = { longitude: 114, latitude: 22, heightMeters: 5, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 };
    for (const listener of first.cameraListeners) listener(state, { moveEnded: true });
    expect(heard).toHaveBeenCalledWith(state, { moveEnded: true });
    detach();
    expect([first.cameraListeners.size, first.frameListeners.size, first.holds()]).toEqual([0, 0, 0]);
    const second = recordingMap();
    facade.attach(second.map);
    await facade.whenReady();
    expect([second.cameraListeners.size, second.frameListeners.size, second.holds()]).toEqual([1, 1, 1]);
    stopCamera();
    stopFrames();
    release();
    release();
    expect([second.cameraListeners.size, second.frameListeners.size, second.holds()]).toEqual([0, 0, 0]);
  });

  it('hands out one clock, which keeps a time set before the map and gives it to the map attached', async () => {
    const facade = createDeferredMapFacade();
    const clock = facade.clock();
    expect(facade.clock()).toBe(clock);
    clock.setTime(new Date('2026-06-21T12:00:00Z'));
    const live = recordingMap();
    facade.attach(live.map);
    await facade.whenReady();
    expect(live.clock.now().toISOString()).toBe('2026-06-21T12:00:00.000Z');
  });

  it('samples heights on the map once it exists, and captures nothing before it does', async () => {
    const facade = createDeferredMapFacade();
    expect(facade.captureStream(30)).toBeNull();
    expect(facade.container()).toBeNull();
    await expect(facade.captureImage()).rejects.toThrow(/does not exist yet/);
    const heights = facade.sampleHeights([[114.5, 22.3]]);
    facade.attach(recordingMap().map);
    await expect(heights).resolves.toEqual([14.5]);
    expect(facade.container()).toBe(document.body);
  });

  it('the no-op facade knows no height and has no canvas', async () => {
    const map = createNoopMapFacade();
    await expect(map.sampleHeights([[114, 22]])).resolves.toEqual([null]);
    expect(map.captureStream(30)).toBeNull();
    await expect(map.captureImage()).rejects.toThrow(/no map/);
  });
});

describe('keys for the map', () => {
  it('takes keys aimed at the page body or the map, never at fields, buttons, links or dialogs', () => {
    document.body.innerHTML = `
      <input id="search" />
      <button id="tool">Measure</button>
      <div id="map" tabindex="-1"><canvas id="canvas"></canvas><a id="credit" href="#">Credits</a></div>
      <div role="dialog"><div id="inDialog" tabindex="0"></div></div>`;
    const map = document.getElementById('map')!;
    const byId = (id: string) => document.getElementById(id);
    expect(keyIsForMap(document.body, map)).toBe(true);
    expect(keyIsForMap(map, map)).toBe(true);
    expect(keyIsForMap(byId('canvas'), map)).toBe(true);
    expect(keyIsForMap(byId('search'), map)).toBe(false);
    expect(keyIsForMap(byId('tool'), map)).toBe(false);
    expect(keyIsForMap(byId('credit'), map)).toBe(false);
    expect(keyIsForMap(byId('inDialog'), map)).toBe(false);
  });
});
