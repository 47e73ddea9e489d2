/**
 * The count-based slow-client notification (SPEC §1 second variant: "slow-client light mode with count-based
 * notification"). SPEC gives no numbers; these are our choice, kept here in one place:
 *
 * - a frame is slow when Cesium takes SLOW_FRAME_MS or more to render it (scene.preUpdate → scene.postRender, as
 *   reported by the map host's onFrameTime). The map renders on demand, so frames are only drawn while the camera
 *   moves or tiles arrive — exactly when slowness is felt; an idle map draws none and counts nothing; the map host
 *   reports frames only after the first complete picture, so the start-up frames do not count;
 * - the client counts as slow when SLOW_FRAMES_TO_NOTIFY slow frames fall within SLOW_FRAME_WINDOW_MS (a burst of
 *   slow frames while tiles load on a good device stays under it; a device that stutters on every pan does not);
 *   light mode is then switched on and the notice says what was measured (the frame rate at the median slow frame).
 */
export const SLOW_FRAME_MS = 100;
export const SLOW_FRAMES_TO_NOTIFY = 20;
export const SLOW_FRAME_WINDOW_MS = 60_000;

/** What the counter measured when it fired: shown in the notice ("drawing at 8 frames a second"). */
export interface SlowFrameMeasurement {
  /** Frames a second at the median duration of the slow frames in the window, whole, at least 1. */
  framesPerSecond: number;
  /** That median duration, ms. */
  medianFrameMs: number;
  /** How many slow frames were in the window. */
  slowFrames: number;
}

/** The measurement over the durations of the slow frames (ms); pure. */
export function measureSlowFrames(durationsMs: readonly number[]): SlowFrameMeasurement {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { framesPerSecond: median > 0 ? Math.max(1, Math.round(1000 / median)) : 0, medianFrameMs: median, slowFrames: sorted.length };
}

export interface SlowFrameCounterOptions {
  /** Called once, when the count is reached, with what was measured; the counter then stops. */
  onSlow(measurement: SlowFrameMeasurement): void;
  /** Clock in ms (tests pass a fake one). Default `performance.now()`. */
  now?: () => number;
  thresholdMs?: number;
  count?: number;
  windowMs?: number;
}

export interface SlowFrameCounter {
  /** Records one rendered frame and how long it took. */
  record(frameMs: number): void;
  /** Slow frames within the window just now. */
  slowFrames(): number;
  /** Whether `onSlow` has been called. */
  fired(): boolean;
}

export function createSlowFrameCounter(options: SlowFrameCounterOptions): SlowFrameCounter {
  const now = options.now ?? (() => performance.now());
  const thresholdMs = options.thresholdMs ?? SLOW_FRAME_MS;
  const count = options.count ?? SLOW_FRAMES_TO_NOTIFY;
  const windowMs = options.windowMs ?? SLOW_FRAME_WINDOW_MS;
  /** When each slow frame within the window ended, oldest first, and how long it took (ms). */
  const slowAt: number[] = [];
  const slowMs: number[] = [];
  let fired = false;

  const forgetOld = (at: number) => {
    while (slowAt.length > 0 && slowAt[0] <= at - windowMs) {
      slowAt.shift();
      slowMs.shift();
    }
  };

  return {
    record(frameMs) {
      if (fired || !(frameMs >= thresholdMs)) return;
      const at = now();
      slowAt.push(at);
      slowMs.push(frameMs);
      forgetOld(at);
      if (slowAt.length < count) return;
      fired = true;
      const measurement = measureSlowFrames(slowMs);
      slowAt.length = 0;
      slowMs.length = 0;
      options.onSlow(measurement);
    },
    slowFrames() {
      forgetOld(now());
      return slowAt.length;
    },
    fired: () => fired,
  };
}
