/**
 * The scene clock (issue 14: "one time player for the product"): the time tools set, play and follow — a tour's
 * time of day, later shadows and time-series layers. {@link createSceneClock} is plain code over a
 * {@link ClockBackend} (Cesium's `viewer.clock` in {@link cesiumClockBackend}); {@link createDeferredSceneClock} is
 * the clock plugins get before the map exists, which keeps what they asked for and hands it to each map attached.
 */
import type { Clock, JulianDate as JulianDateType } from 'cesium';
import type { Disposer, SceneClock } from '../plugin/types';

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

/**
 * The clock of one map. Tick listeners hear each time the clock's time changes (a frame while playing, or a
 * `setTime`), not every idle tick; while it plays the map renders continuously (`continuous`), so what depends on
 * the time is drawn as it moves.
 */
export function createSceneClock(backend: ClockBackend, continuous: ContinuousRendering): SceneClock & { dispose(): void } {
  const listeners = new Set<(time: Date) => void>();
  let playing = false;
  let releaseRendering: Disposer | null = null;
  let lastTold = backend.time().getTime();
  const tell = () => {
    const time = backend.time();
    if (time.getTime() === lastTold) return;
    lastTold = time.getTime();
    for (const listener of [...listeners]) {
      try {
        listener(new Date(lastTold));
      } catch (error) {
        console.error('a scene clock listener failed', error);
      }
    }
  };
  const stopTicks = backend.onTick(tell);
  backend.setAnimating(false);
  return {
    now: () => backend.time(),
    setTime(time) {
      backend.setTime(checkedTime(time));
      tell();
    },
    setMultiplier: (secondsPerSecond) => backend.setMultiplier(checkedMultiplier(secondsPerSecond)),
    play() {
      if (playing) return;
      playing = true;
      backend.setAnimating(true);
      releaseRendering = continuous();
    },
    pause() {
      if (!playing) return;
      playing = false;
      backend.setAnimating(false);
      releaseRendering?.();
      releaseRendering = null;
    },
    isPlaying: () => playing,
    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      stopTicks();
      releaseRendering?.();
      releaseRendering = null;
      listeners.clear();
    },
  };
}

/** The clock plugins get from the deferred facade: one object, whatever map is (or is not yet) attached. */
export interface DeferredSceneClock extends SceneClock {
  /** Hands the kept time, multiplier and play state to `clock` and follows it; null detaches (keeping its state). */
  attach(clock: SceneClock | null): void;
}

export function createDeferredSceneClock(): DeferredSceneClock {
  let live: SceneClock | null = null;
  // Kept while no map is attached (and taken from the map on detach), handed to the next map; only what was asked
  // for is handed over (a fresh map's clock is paused at the current time by itself).
  let time: Date | null = null;
  let multiplier: number | null = null;
  let playing = false;
  /** Whether the time was ever set or played: only then does a remounted map take it over from the last one. */
  let moved = false;
  const listeners = new Set<(time: Date) => void>();
  // The live clock is listened to only while someone listens here.
  let stopForwarding: Disposer | null = null;
  const tell = (now: Date) => {
    for (const listener of [...listeners]) listener(new Date(now.getTime()));
  };
  const forward = () => {
    if (stopForwarding || !live || listeners.size === 0) return;
    stopForwarding = live.onTick(tell);
  };
  const stopForward = () => {
    stopForwarding?.();
    stopForwarding = null;
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
      if (time) clock.setTime(time);
      if (multiplier !== null) clock.setMultiplier(multiplier);
      if (playing) clock.play();
      forward();
    },
    now: () => live?.now() ?? new Date((time ?? new Date()).getTime()),
    setTime(next) {
      time = checkedTime(next);
      moved = true;
      if (live) live.setTime(time);
      else tell(time);
    },
    setMultiplier(secondsPerSecond) {
      multiplier = checkedMultiplier(secondsPerSecond);
      live?.setMultiplier(multiplier);
    },
    play() {
      playing = true;
      moved = true;
      live?.play();
    },
    pause() {
      playing = false;
      live?.pause();
    },
    isPlaying: () => live?.isPlaying() ?? playing,
    onTick(listener) {
      listeners.add(listener);
      forward();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopForward();
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
