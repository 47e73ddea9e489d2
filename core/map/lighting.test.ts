import { describe, expect, it } from 'vitest';
import { sunDirectionEarthFixed } from '../contracts/sun';
import type { EarthFixedDirection } from '../plugin/types';
import { createDeferredMapLighting, createMapLighting, type LightingBackend } from './lighting';
import { createDeferredSceneClock } from './sceneClock';

function fakeBackend(supported = true) {
  const calls: Array<['light', EarthFixedDirection | null] | ['shadows', boolean]> = [];
  const backend: LightingBackend = {
    shadowsSupported: () => supported,
    setLight: (towardSun) => void calls.push(['light', towardSun]),
    setShadows: (on) => void calls.push(['shadows', on]),
  };
  return { backend, calls };
}

const nineAm = new Date('2026-12-21T09:00:00+08:00');
const threePm = new Date('2026-12-21T15:00:00+08:00');

describe('createMapLighting', () => {
  it("lights the scene from our sun at the clock's time and follows the clock as it moves", () => {
    const { backend, calls } = fakeBackend();
    const clock = createDeferredSceneClock();
    clock.setTime(nineAm);
    const lighting = createMapLighting(backend, clock);
    lighting.setSun('clock');
    expect(calls.at(-1)).toEqual(['light', sunDirectionEarthFixed(nineAm)]);
    clock.setTime(threePm);
    expect(calls.at(-1)).toEqual(['light', sunDirectionEarthFixed(threePm)]);
    // A fixed direction stops following the clock.
    lighting.setSun({ x: 0, y: 0, z: 2 });
    expect(calls.at(-1)).toEqual(['light', { x: 0, y: 0, z: 1 }]);
    const count = calls.length;
    clock.setTime(nineAm);
    expect(calls).toHaveLength(count);
  });

  it('rejects a direction that is zero or not a number, naming what it got', () => {
    const lighting = createMapLighting(fakeBackend().backend, createDeferredSceneClock());
    expect(() => lighting.setSun({ x: 0, y: 0, z: 0 })).toThrow(RangeError);
    expect(() => lighting.setSun({ x: Number.NaN, y: 1, z: 0 })).toThrow(/setSun/);
  });

  it('turns shadows on only where the map can draw them and reports what it did', () => {
    const supported = fakeBackend(true);
    const lighting = createMapLighting(supported.backend, createDeferredSceneClock());
    expect(lighting.setShadows(true)).toBe(true);
    expect(lighting.setShadows(true)).toBe(true);
    expect(lighting.setShadows(false)).toBe(false);
    expect(supported.calls).toEqual([
      ['shadows', true],
      ['shadows', false],
    ]);

    const unsupported = fakeBackend(false);
    const without = createMapLighting(unsupported.backend, createDeferredSceneClock());
    expect(without.shadowsSupported()).toBe(false);
    expect(without.setShadows(true)).toBe(false);
    expect(without.shadowsOn()).toBe(false);
    expect(unsupported.calls).toEqual([]);
  });

  it('gives the scene back as it was when disposed: shadows off, the engine’s light, no more clock following', () => {
    const { backend, calls } = fakeBackend();
    const clock = createDeferredSceneClock();
    const lighting = createMapLighting(backend, clock);
    lighting.setSun('clock');
    lighting.setShadows(true);
    lighting.dispose();
    expect(calls.slice(-2)).toEqual([
      ['shadows', false],
      ['light', null],
    ]);
    const count = calls.length;
    clock.setTime(threePm);
    expect(calls).toHaveLength(count);
  });
});

describe('createDeferredMapLighting', () => {
  it('leaves a map attached as it is when nothing was asked for', () => {
    const { backend, calls } = fakeBackend();
    createDeferredMapLighting().attach(createMapLighting(backend, createDeferredSceneClock()));
    expect(calls).toEqual([]);
  });

  it('keeps the sun and shadows asked for before a map exists and hands them to each map attached', () => {
    const deferred = createDeferredMapLighting();
    expect(deferred.shadowsSupported()).toBeNull();
    deferred.setSun('clock');
    expect(deferred.setShadows(true)).toBe(false);

    const first = fakeBackend();
    const clock = createDeferredSceneClock();
    clock.setTime(nineAm);
    const live = createMapLighting(first.backend, clock);
    deferred.attach(live);
    expect(deferred.shadowsOn()).toBe(true);
    expect(deferred.shadowsSupported()).toBe(true);
    expect(first.calls).toContainEqual(['light', sunDirectionEarthFixed(nineAm)]);
    expect(first.calls).toContainEqual(['shadows', true]);

    // Detached (the map page unmounts) and a new map attached: it gets the same settings.
    deferred.attach(null);
    live.dispose();
    const second = fakeBackend();
    deferred.attach(createMapLighting(second.backend, clock));
    expect(second.calls).toContainEqual(['shadows', true]);
    deferred.setShadows(false);
    expect(second.calls.at(-1)).toEqual(['shadows', false]);
  });
});
