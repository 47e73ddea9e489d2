import { describe, expect, it, vi } from 'vitest';
import { boundedStep, createDeferredSceneClock, createSceneClock, type ClockBackend } from './sceneClock';
import type { SceneClockState } from '../plugin/types';
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
    const live = {
      now: vi.fn(), setTime: vi.fn(), setMultiplier: vi.fn(), play: vi.fn(), pause: vi.fn(), isPlaying: vi.fn(), onTick: vi.fn(),
      setRange: vi.fn(), setLoop: vi.fn(), state: vi.fn(), onStateChange: vi.fn(),
    };
    deferred.attach(live);
    deferred.attach(null);
    for (const call of Object.values(live)) expect(call).not.toHaveBeenCalled();
  });
});

const at = (iso: string) => new Date(iso);
const hour = 3_600_000;

describe('scene clock as a time player (SPEC §3 state)', () => {
  const range = { start: at('2025-09-07T14:00:00Z'), end: at('2025-09-07T20:00:00Z') };
  const iso = (state: SceneClockState) => ({
    ...state,
    currentTime: state.currentTime.toISOString(),
    startTime: state.startTime?.toISOString() ?? null,
    endTime: state.endTime?.toISOString() ?? null,
  });
  const liveClock = (start = '2025-09-07T15:00:00Z') => {
    const fake = fakeBackend(start);
    return { ...fake, clock: createSceneClock(fake.backend, createRenderDemand(() => {}).claim) };
  };

  it('reports exactly the SPEC §3 fields, off and unbounded until a range is set', () => {
    const { clock } = liveClock();
    expect(Object.keys(clock.state()).sort()).toEqual(['currentTime', 'endTime', 'isLoop', 'isPlaying', 'on', 'playMultiplier', 'startTime']);
    expect(iso(clock.state())).toEqual({
      on: false, currentTime: '2025-09-07T15:00:00.000Z', startTime: null, endTime: null, playMultiplier: 1, isPlaying: false, isLoop: false,
    });
    clock.setTime(at('2030-01-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('clamps the time into the range, on setRange and on setTime, and frees it again with null', () => {
    const { clock } = liveClock('2025-09-08T00:00:00Z');
    clock.setRange(range);
    expect(clock.now().toISOString()).toBe('2025-09-07T20:00:00.000Z');
    clock.setTime(at('2025-09-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2025-09-07T14:00:00.000Z');
    clock.setTime(at('2025-09-07T16:30:00Z'));
    expect(clock.now().toISOString()).toBe('2025-09-07T16:30:00.000Z');
    clock.setRange(null);
    clock.setTime(at('2025-09-09T00:00:00Z'));
    expect(iso(clock.state())).toMatchObject({ on: false, currentTime: '2025-09-09T00:00:00.000Z', startTime: null });
  });

  it('plays at the multiplier, stops at the end with isPlaying false, and plays again from the start', () => {
    const { clock, tick, animating } = liveClock('2025-09-07T19:00:00Z');
    clock.setRange(range);
    clock.setMultiplier(3600);
    const states: SceneClockState[] = [];
    clock.onStateChange((state) => states.push(state));
    clock.play();
    tick(500);
    expect(clock.now().toISOString()).toBe('2025-09-07T19:30:00.000Z');
    tick(1000);
    expect(clock.now().toISOString()).toBe('2025-09-07T20:00:00.000Z');
    expect(clock.isPlaying()).toBe(false);
    expect(animating()).toBe(false);
    expect(iso(states.at(-1)!)).toMatchObject({ currentTime: '2025-09-07T20:00:00.000Z', isPlaying: false, on: true });
    expect(states.every((state) => state.currentTime.getTime() <= range.end.getTime())).toBe(true);
    tick(1000);
    expect(clock.now().toISOString()).toBe('2025-09-07T20:00:00.000Z');
    clock.play();
    expect(clock.now().toISOString()).toBe('2025-09-07T14:00:00.000Z');
    expect(clock.isPlaying()).toBe(true);
  });

  it('wraps to the start when looping, and keeps playing', () => {
    const { clock, tick } = liveClock('2025-09-07T19:30:00Z');
    clock.setRange(range);
    clock.setLoop(true);
    clock.setMultiplier(3600);
    clock.play();
    tick(1000);
    expect(clock.now().toISOString()).toBe('2025-09-07T14:00:00.000Z');
    expect(clock.state()).toMatchObject({ isPlaying: true, isLoop: true });
    tick(1000);
    expect(clock.now().toISOString()).toBe('2025-09-07T15:00:00.000Z');
  });

  it('runs backwards with a negative multiplier: stops at the start, or wraps to the end when looping', () => {
    const { clock, tick } = liveClock('2025-09-07T15:00:00Z');
    clock.setRange(range);
    clock.setMultiplier(-3600);
    clock.play();
    tick(2000);
    expect(clock.now().toISOString()).toBe('2025-09-07T14:00:00.000Z');
    expect(clock.isPlaying()).toBe(false);
    clock.play();
    expect(clock.now().toISOString()).toBe('2025-09-07T20:00:00.000Z');
    clock.setLoop(true);
    tick(6 * 1000);
    expect(clock.now().toISOString()).toBe('2025-09-07T20:00:00.000Z');
    expect(clock.isPlaying()).toBe(true);
  });

  it('steps purely: inside, at and past each end, with and without loop', () => {
    const bounds = { start: 0, end: 10 * hour };
    expect(boundedStep(5 * hour, bounds, false, 60)).toEqual({ time: 5 * hour, stop: false });
    expect(boundedStep(11 * hour, bounds, false, 60)).toEqual({ time: 10 * hour, stop: true });
    expect(boundedStep(11 * hour, bounds, true, 60)).toEqual({ time: 0, stop: false });
    expect(boundedStep(-hour, bounds, false, -60)).toEqual({ time: 0, stop: true });
    expect(boundedStep(-hour, bounds, true, -60)).toEqual({ time: 10 * hour, stop: false });
    // Running forwards, the start is no end to stop at; an empty range cannot loop.
    expect(boundedStep(0, bounds, false, 60)).toEqual({ time: 0, stop: false });
    expect(boundedStep(0, { start: 0, end: 0 }, true, 60)).toEqual({ time: 0, stop: true });
    expect(boundedStep(5 * hour, null, false, 60)).toEqual({ time: 5 * hour, stop: false });
  });

  it('refuses an invalid range, naming the field, and keeps the range it had', () => {
    const { clock } = liveClock();
    clock.setRange(range);
    expect(() => clock.setRange({ start: at('nope'), end: range.end })).toThrow(/range's start must be a valid Date/);
    expect(() => clock.setRange({ start: range.start, end: 'tomorrow' as unknown as Date })).toThrow(/range's end must be a valid Date/);
    expect(() => clock.setRange({ start: range.end, end: range.start })).toThrow(RangeError);
    expect(() => clock.setRange({ start: range.end, end: range.start })).toThrow(/end .* is before its start/);
    expect(() => clock.setMultiplier(Number.NaN)).toThrow(/multiplier/);
    expect(iso(clock.state())).toMatchObject({ startTime: '2025-09-07T14:00:00.000Z', endTime: '2025-09-07T20:00:00.000Z', playMultiplier: 1 });
  });

  it('keeps range, loop, multiplier and play state asked before the map exists, tells state listeners, and hands them over', () => {
    const deferred = createDeferredSceneClock();
    const states: SceneClockState[] = [];
    deferred.onStateChange((state) => states.push(state));
    deferred.setRange(range);
    deferred.setTime(at('2025-09-10T00:00:00Z'));
    deferred.setLoop(true);
    deferred.setMultiplier(600);
    deferred.play();
    expect(iso(deferred.state())).toEqual({
      on: true, currentTime: '2025-09-07T14:00:00.000Z', startTime: '2025-09-07T14:00:00.000Z', endTime: '2025-09-07T20:00:00.000Z',
      playMultiplier: 600, isPlaying: true, isLoop: true,
    });
    expect(states.length).toBe(5);

    const map = fakeBackend('2030-01-01T00:00:00Z');
    deferred.attach(createSceneClock(map.backend, createRenderDemand(() => {}).claim));
    expect(iso(deferred.state())).toEqual(iso(states.at(-1)!));
    map.tick(6000);
    expect(deferred.now().toISOString()).toBe('2025-09-07T15:00:00.000Z');
    expect(states.at(-1)!.currentTime.toISOString()).toBe('2025-09-07T15:00:00.000Z');
  });
});

