/**
 * The count-based slow-client notification (SPEC §1 second variant: "slow-client light mode with count-based
 * notification"). SPEC gives no numbers; these are our choice, kept here in one place:
 *
 * - a frame is slow when Cesium takes SLOW_FRAME_MS or more to render it (scene.preUpdate → scene.postRender, as
 *   reported by the map host's onFrameTime). The map renders on demand, so frames are only drawn while the camera
 *   moves or tiles arrive — exactly when slowness is felt; an idle map draws none and counts nothing; the map host
 *   reports frames only after the first complete picture, so the start-up frames do not count;
 * - the notification is due when SLOW_FRAMES_TO_NOTIFY slow frames fall within SLOW_FRAME_WINDOW_MS (a burst of
 *   slow frames while tiles load on a good device stays under it; a device that stutters on every pan does not).
 */
export const SLOW_FRAME_MS = 100;
export const SLOW_FRAMES_TO_NOTIFY = 20;
export const SLOW_FRAME_WINDOW_MS = 60_000;

export interface SlowFrameCounterOptions {
  /** Called once, when the count is reached; the counter then stops. */
  onSlow(): void;
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
  /** When each slow frame within the window ended, oldest first. */
  const slowAt: number[] = [];
  let fired = false;

  const forgetOld = (at: number) => {
    while (slowAt.length > 0 && slowAt[0] <= at - windowMs) slowAt.shift();
  };

  return {
    record(frameMs) {
      if (fired || !(frameMs >= thresholdMs)) return;
      const at = now();
      slowAt.push(at);
      forgetOld(at);
      if (slowAt.length < count) return;
      fired = true;
      slowAt.length = 0;
      options.onSlow();
    },
    slowFrames() {
      forgetOld(now());
      return slowAt.length;
    },
    fired: () => fired,
  };
}
