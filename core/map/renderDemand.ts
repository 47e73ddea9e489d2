/**
 * Continuous rendering on demand. The map renders only when something changed (Cesium's request-render mode);
 * a few mechanisms need every frame while they run — frame listeners (first-person walking), a playing scene
 * clock, a canvas capture stream. Each claims continuous rendering and releases it; the map renders continuously
 * while any claim is held and goes back to its own mode after the last.
 */
import type { Disposer, FrameInfo } from '../plugin/types';

export interface RenderDemand {
  /** Claims continuous rendering; the disposer releases this claim (twice is harmless). */
  claim(): Disposer;
  /** Whether any claim is held. */
  continuous(): boolean;
}

/** `setContinuous(true)` on the first claim, `setContinuous(false)` after the last release. */
export function createRenderDemand(setContinuous: (on: boolean) => void): RenderDemand {
  let claims = 0;
  return {
    claim() {
      claims += 1;
      if (claims === 1) setContinuous(true);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        claims -= 1;
        if (claims === 0) setContinuous(false);
      };
    },
    continuous: () => claims > 0,
  };
}

/** The listeners of {@link MapFacade.onFrame}: each holds a continuous-rendering claim while registered. */
export interface FrameListeners {
  add(listener: (frame: FrameInfo) => void): Disposer;
  /** Before a frame is rendered, at `nowMilliseconds` (performance.now) with the scene clock's `time`. */
  beforeFrame(nowMilliseconds: number, time: Date): void;
  /** Drops every listener and its claim (the map is going away). */
  clear(): void;
}

export function createFrameListeners(demand: RenderDemand): FrameListeners {
  interface Entry {
    listener: (frame: FrameInfo) => void;
    last: number | null;
    release: Disposer;
  }
  const entries = new Set<Entry>();
  return {
    add(listener) {
      const entry: Entry = { listener, last: null, release: demand.claim() };
      entries.add(entry);
      return () => {
        if (!entries.delete(entry)) return;
        entry.release();
      };
    },
    beforeFrame(nowMilliseconds, time) {
      for (const entry of [...entries]) {
        const deltaSeconds = entry.last === null ? 0 : (nowMilliseconds - entry.last) / 1000;
        entry.last = nowMilliseconds;
        try {
          entry.listener({ deltaSeconds, time: new Date(time.getTime()) });
        } catch (error) {
          console.error('a frame listener failed', error);
        }
      }
    },
    clear() {
      for (const entry of entries) entry.release();
      entries.clear();
    },
  };
}
