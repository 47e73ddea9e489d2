/**
 * The scene clock (issue 14: "one time player for the product"): the time tools set, play and follow — a tour's
 * time of day, later shadows and time-series layers. {@link createSceneClock} is plain code over a
 * {@link ClockBackend} (Cesium's `viewer.clock` in {@link cesiumClockBackend}); {@link createDeferredSceneClock} is
 * the clock plugins get before the map exists, which keeps what they asked for and hands it to each map attached.
 */
import type { Clock, JulianDate as JulianDateType } from 'cesium';
import type { Disposer, SceneClock, SceneClockRange, SceneClockState } from '../plugin/types';

type CesiumModule = typeof import('cesium');

/** What the scene clock drives: Cesium's clock, or a fake in tests. */
export interface ClockBackend {
  time(): Date;
  setTime(time: Date): void;
  setMultiplier(secondsPerSecond: number): void;
  setAnimating(on: boolean): void;
  /** Called on every tick of the render loop, whether or not the time moved; returns its disposer. */
  onTick(listener: () => void): Disposer;
}

/** Plays or pauses continuous rendering for the clock (core/map/renderDemand.ts); returns what releases it. */
export type ContinuousRendering = () => Disposer;

function checkedTime(time: Date): Date {
  if (!(time instanceof Date) || Number.isNaN(time.getTime())) throw new RangeError(`scene clock: setTime needs a valid Date, got ${String(time)}`);
  return new Date(time.getTime());
}

function checkedMultiplier(secondsPerSecond: number): number {
  if (!Number.isFinite(secondsPerSecond)) throw new RangeError(`scene clock: the multiplier must be a finite number of seconds per second, got ${secondsPerSecond}`);
  return secondsPerSecond;
}

/** A time player's range in epoch milliseconds. */
interface MillisecondRange {
  start: number;
  end: number;
}

function checkedRange(range: SceneClockRange | null): MillisecondRange | null {
  if (range === null) return null;
  const bound = (field: 'start' | 'end') => {
    const value: unknown = range?.[field];
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new RangeError(`scene clock: the range's ${field} must be a valid Date, got ${String(value)}`);
    return value.getTime();
  };
  const start = bound('start');
  const end = bound('end');
  if (end < start) throw new RangeError(`scene clock: the range's end (${new Date(end).toISOString()}) is before its start (${new Date(start).toISOString()})`);
  return { start, end };
}

const clampInto = (time: number, range: MillisecondRange | null) => (range ? Math.min(range.end, Math.max(range.start, time)) : time);

/**
 * Where a playing clock at `time` goes inside `range`: past the end it moving that way reaches (the end forwards,
 * the start backwards) it stops at that end, or with `loop` jumps to the other one. Pure, for the live clock's ticks.
 */
export function boundedStep(time: number, range: MillisecondRange | null, loop: boolean, multiplier: number): { time: number; stop: boolean } {
  if (!range) return { time, stop: false };
  const forwards = multiplier >= 0;
  const reached = forwards ? time >= range.end : time <= range.start;
  if (!reached) return { time: clampInto(time, range), stop: false };
  if (loop && range.end > range.start) return { time: forwards ? range.start : range.end, stop: false };
  return { time: forwards ? range.end : range.start, stop: true };
}

/** Where `play` starts: from the other end when the clock stands at the end it would run towards. */
function playStart(time: number, range: MillisecondRange | null, multiplier: number): number {
  if (!range || multiplier === 0) return time;
  if (multiplier > 0 && time >= range.end) return range.start;
  if (multiplier < 0 && time <= range.start) return range.end;
  return time;
}

function snapshot(time: number, range: MillisecondRange | null, multiplier: number, playing: boolean, loop: boolean): SceneClockState {
  return {
    on: range !== null,
    currentTime: new Date(time),
    startTime: range ? new Date(range.start) : null,
    endTime: range ? new Date(range.end) : null,
    playMultiplier: multiplier,
    isPlaying: playing,
    isLoop: loop,
  };
}

/** Calls each listener, so that one failing does not keep the others from hearing. */
function callEach<T>(listeners: Set<(value: T) => void>, value: () => T) {
  if (listeners.size === 0) return;
  for (const listener of [...listeners]) {
    try {
      listener(value());
    } catch (error) {
      console.error('a scene clock listener failed', error);
    }
  }
}

/**
 * The clock of one map. Tick listeners hear each time the clock's time changes (a frame while playing, or a
 * `setTime`), not every idle tick; while it plays the map renders continuously (`continuous`), so what depends on
 * the time is drawn as it moves. A range bounds it (see {@link SceneClock.setRange}): each tick past an end stops
 * or wraps before anyone hears the time.
 */
export function createSceneClock(backend: ClockBackend, continuous: ContinuousRendering): SceneClock & { dispose(): void } {
  const listeners = new Set<(time: Date) => void>();
  const stateListeners = new Set<(state: SceneClockState) => void>();
  let playing = false;
  // Cesium's clock starts at 1 second per second; kept here because the backend does not report it.
  let multiplier = 1;
  let range: MillisecondRange | null = null;
  let loop = false;
  let releaseRendering: Disposer | null = null;
  let lastTold = backend.time().getTime();
  const state = () => snapshot(backend.time().getTime(), range, multiplier, playing, loop);
  const tellState = () => callEach(stateListeners, state);
  const stopPlaying = () => {
    if (!playing) return;
    playing = false;
    backend.setAnimating(false);
    releaseRendering?.();
    releaseRendering = null;
  };
  const tell = () => {
    let time = backend.time().getTime();
    if (playing && range) {
      const step = boundedStep(time, range, loop, multiplier);
      if (step.time !== time) backend.setTime(new Date(step.time));
      if (step.stop) stopPlaying();
      time = step.time;
    }
    if (time === lastTold) return;
    lastTold = time;
    callEach(listeners, () => new Date(time));
    tellState();
  };
  const stopTicks = backend.onTick(tell);
  backend.setAnimating(false);
  return {
    now: () => backend.time(),
    setTime(time) {
      backend.setTime(new Date(clampInto(checkedTime(time).getTime(), range)));
      tell();
    },
    setMultiplier(secondsPerSecond) {
      multiplier = checkedMultiplier(secondsPerSecond);
      backend.setMultiplier(multiplier);
      tellState();
    },
    play() {
      if (playing) return;
      const from = backend.time().getTime();
      const start = playStart(from, range, multiplier);
      if (start !== from) backend.setTime(new Date(start));
      playing = true;
      backend.setAnimating(true);
      releaseRendering = continuous();
      tell();
      tellState();
    },
    pause() {
      if (!playing) return;
      stopPlaying();
      tellState();
    },
    isPlaying: () => playing,
    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setRange(next) {
      range = checkedRange(next);
      const time = backend.time().getTime();
      const clamped = clampInto(time, range);
      if (clamped !== time) backend.setTime(new Date(clamped));
      tell();
      tellState();
    },
    setLoop(next) {
      loop = next === true;
      tellState();
    },
    state,
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    dispose() {
      stopTicks();
      releaseRendering?.();
      releaseRendering = null;
      listeners.clear();
      stateListeners.clear();
    },
  };
}

/** The clock plugins get from the deferred facade: one object, whatever map is (or is not yet) attached. */
export interface DeferredSceneClock extends SceneClock {
  /** Hands the kept time, multiplier, range, loop and play state to `clock` and follows it; null detaches (keeping its state). */
  attach(clock: SceneClock | null): void;
}

export function createDeferredSceneClock(): DeferredSceneClock {
  let live: SceneClock | null = null;
  // Kept while no map is attached (and taken from the map on detach), handed to the next map; only what was asked
  // for is handed over (a fresh map's clock is paused at the current time by itself).
  let time: Date | null = null;
  let multiplier: number | null = null;
  let range: MillisecondRange | null = null;
  let rangeAsked = false;
  let loop = false;
  let loopAsked = false;
  let playing = false;
  /** Whether the time was ever set or played: only then does a remounted map take it over from the last one. */
  let moved = false;
  const listeners = new Set<(time: Date) => void>();
  const stateListeners = new Set<(state: SceneClockState) => void>();
  // The live clock is listened to only while someone listens here.
  let stopForwarding: Disposer | null = null;
  let stopForwardingState: Disposer | null = null;
  const keptNow = () => clampInto((time ?? new Date()).getTime(), range);
  const keptState = () => snapshot(keptNow(), range, multiplier ?? 1, playing, loop);
  const tell = (now: Date) => callEach(listeners, () => new Date(now.getTime()));
  const tellState = (state: SceneClockState) => callEach(stateListeners, () => ({ ...state }));
  // Without a map nothing ticks: the kept state changes only by these calls, so each tells its listeners itself.
  const tellKeptState = () => {
    if (!live) tellState(keptState());
  };
  const forward = () => {
    if (!live) return;
    if (!stopForwarding && listeners.size > 0) stopForwarding = live.onTick(tell);
    if (!stopForwardingState && stateListeners.size > 0) stopForwardingState = live.onStateChange(tellState);
  };
  const stopForward = () => {
    stopForwarding?.();
    stopForwarding = null;
    stopForwardingState?.();
    stopForwardingState = null;
  };
  return {
    attach(clock) {
      stopForward();
      if (live && !clock && moved) {
        time = live.now();
        playing = live.isPlaying();
      }
      live = clock;
      if (!clock) return;
      // The range first, so that the kept time is clamped into it rather than the other way round.
      if (rangeAsked) clock.setRange(range && { start: new Date(range.start), end: new Date(range.end) });
      if (loopAsked) clock.setLoop(loop);
      if (time) clock.setTime(time);
      if (multiplier !== null) clock.setMultiplier(multiplier);
      if (playing) clock.play();
      forward();
    },
    now: () => live?.now() ?? new Date(keptNow()),
    setTime(next) {
      time = new Date(clampInto(checkedTime(next).getTime(), range));
      moved = true;
      if (live) live.setTime(time);
      else {
        tell(time);
        tellKeptState();
      }
    },
    setMultiplier(secondsPerSecond) {
      multiplier = checkedMultiplier(secondsPerSecond);
      live?.setMultiplier(multiplier);
      tellKeptState();
    },
    play() {
      playing = true;
      moved = true;
      if (live) live.play();
      else {
        time = new Date(playStart(keptNow(), range, multiplier ?? 1));
        tellKeptState();
      }
    },
    pause() {
      playing = false;
      live?.pause();
      tellKeptState();
    },
    isPlaying: () => live?.isPlaying() ?? playing,
    onTick(listener) {
      listeners.add(listener);
      forward();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopForwarding?.();
          stopForwarding = null;
        }
      };
    },
    setRange(next) {
      range = checkedRange(next);
      rangeAsked = true;
      if (live) live.setRange(next);
      else tellKeptState();
    },
    setLoop(next) {
      loop = next === true;
      loopAsked = true;
      live?.setLoop(loop);
      tellKeptState();
    },
    state: () => live?.state() ?? keptState(),
    onStateChange(listener) {
      stateListeners.add(listener);
      forward();
      return () => {
        stateListeners.delete(listener);
        if (stateListeners.size === 0) {
          stopForwardingState?.();
          stopForwardingState = null;
        }
      };
    },
  };
}

/** Cesium's `viewer.clock` as a {@link ClockBackend}: unbounded, ticking with the system clock times the multiplier. */
export function cesiumClockBackend(Cesium: CesiumModule, clock: Clock): ClockBackend {
  clock.clockRange = Cesium.ClockRange.UNBOUNDED;
  clock.clockStep = Cesium.ClockStep.SYSTEM_CLOCK_MULTIPLIER;
  const toDate = (julian: JulianDateType) => Cesium.JulianDate.toDate(julian);
  return {
    time: () => toDate(clock.currentTime),
    setTime: (time) => {
      clock.currentTime = Cesium.JulianDate.fromDate(time);
    },
    setMultiplier: (secondsPerSecond) => {
      clock.multiplier = secondsPerSecond;
    },
    setAnimating: (on) => {
      clock.shouldAnimate = on;
    },
    onTick: (listener) => clock.onTick.addEventListener(listener),
  };
}
