import { describe, expect, it, vi } from 'vitest';
import { createDeferredSceneClock, createSceneClock, type ClockBackend } from './sceneClock';
import { createRenderDemand } from './renderDemand';

/** Cesium's clock in miniature: `tick(ms)` advances the time by ms × multiplier while animating. */
function fakeBackend(start = '2026-11-26T06:00:00Z') {
  let time = new Date(start).getTime();
  let multiplier = 1;
  let animating = true;
  const ticks = new Set<() => void>();
  const backend: ClockBackend = {
    time: () => new Date(time),
    setTime: (next) => void (time = next.getTime()),
    setMultiplier: (value) => void (multiplier = value),
    setAnimating: (on) => void (animating = on),
    onTick: (listener) => (ticks.add(listener), () => void ticks.delete(listener)),
  };
  const tick = (milliseconds: number) => {
    if (animating) time += milliseconds * multiplier;
    for (const listener of ticks) listener();
  };
  return { backend, tick, animating: () => animating, listeners: () => ticks.size };
}

describe('scene clock', () => {
  it('starts paused, plays at the multiplier with continuous rendering, and tells listeners only when the time moves', () => {
    const { backend, tick, animating } = fakeBackend();
    const modes: boolean[] = [];
    const clock = createSceneClock(backend, createRenderDemand((on) => modes.push(on)).claim);
    expect(animating()).toBe(false);
    const heard: string[] = [];
    clock.onTick((time) => heard.push(time.toISOString()));
    tick(1000);
    expect(heard).toEqual([]);
    clock.setMultiplier(60);
    clock.play();
    clock.play();
    expect(clock.isPlaying()).toBe(true);
    expect(modes).toEqual([true]);
    tick(1000);
    expect(heard).toEqual(['2026-11-26T06:01:00.000Z']);
    clock.pause();
    expect(modes).toEqual([true, false]);
    tick(1000);
    clock.setTime(new Date('2026-12-25T12:00:00Z'));
    expect(heard).toEqual(['2026-11-26T06:01:00.000Z', '2026-12-25T12:00:00.000Z']);
    expect(clock.now().toISOString()).toBe('2026-12-25T12:00:00.000Z');
  });

  it('refuses an invalid time or multiplier, naming it', () => {
    const clock = createSceneClock(fakeBackend().backend, createRenderDemand(() => {}).claim);
    expect(() => clock.setTime(new Date('not a date'))).toThrow(/valid Date/);
    expect(() => clock.setMultiplier(Number.POSITIVE_INFINITY)).toThrow(/multiplier must be a finite number/);
  });

  it('keeps what was asked before the map exists and hands it over; follows the map after, and carries it to a remounted map', () => {
    const deferred = createDeferredSceneClock();
    const heard: string[] = [];
    const stop = deferred.onTick((time) => heard.push(time.toISOString()));
    deferred.setTime(new Date('2026-06-21T04:00:00Z'));
    deferred.setMultiplier(3600);
    deferred.play();
    expect(deferred.isPlaying()).toBe(true);
    expect(heard).toEqual(['2026-06-21T04:00:00.000Z']);

    const first = fakeBackend();
    deferred.attach(createSceneClock(first.backend, createRenderDemand(() => {}).claim));
    expect(deferred.now().toISOString()).toBe('2026-06-21T04:00:00.000Z');
    first.tick(1000);
    expect(heard.at(-1)).toBe('2026-06-21T05:00:00.000Z');
    deferred.pause();
    deferred.attach(null);
    expect(first.listeners()).toBe(1);

    const second = fakeBackend('2030-01-01T00:00:00Z');
    deferred.attach(createSceneClock(second.backend, createRenderDemand(() => {}).claim));
    expect(deferred.now().toISOString()).toBe('2026-06-21T05:00:00.000Z');
    expect(deferred.isPlaying()).toBe(false);
    stop();
    expect(second.listeners()).toBe(1);
  });

  it('touches a map it is attached to only for what was asked', () => {
    const deferred = createDeferredSceneClock();
    const live = { now: vi.fn(), setTime: vi.fn(), setMultiplier: vi.fn(), play: vi.fn(), pause: vi.fn(), isPlaying: vi.fn(), onTick: vi.fn() };
    deferred.attach(live);
    deferred.attach(null);
    for (const call of Object.values(live)) expect(call).not.toHaveBeenCalled();
  });
});
