/**
 * The compass (SPEC §1): follows the camera's heading (`ctx.map.onCameraChanged`) and resets north on a click.
 * The needle points to north on screen, so it turns by minus the heading.
 */
import type { AnalyticsEmitter, Disposer, MapFacade } from '../../core/plugin/types';

export const COMPASS_ID = 'compass';

export interface CompassController {
  /** Whole degrees clockwise from north, 0–359: 0.4° and 359.6° both read 0, as a person reads a compass. */
  heading(): number;
  subscribe(listener: () => void): Disposer;
  /** Turns the map back to north (the click or Enter on the compass). */
  resetNorth(): void;
  dispose: Disposer;
}

/** A heading in degrees as whole degrees 0–359 (NaN and infinities read 0). */
export function wholeHeading(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/** The needle's rotation on screen, degrees clockwise: north is `heading` degrees to the left of straight up. */
export function needleRotation(headingDegrees: number): number {
  return headingDegrees === 0 ? 0 : -headingDegrees;
}

export function createCompass(options: { map: MapFacade; analytics: AnalyticsEmitter }): CompassController {
  const { map } = options;
  let heading = wholeHeading(map.cameraState()?.headingDegrees ?? 0);
  const listeners = new Set<() => void>();
  // Re-render only when the whole degree changes, not on every frame of a move.
  const stopFollowing = map.onCameraChanged((state) => {
    const next = wholeHeading(state.headingDegrees);
    if (next === heading) return;
    heading = next;
    for (const listener of [...listeners]) listener();
  });
  return {
    heading: () => heading,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    resetNorth() {
      options.analytics.emit({ name: `${COMPASS_ID}::reset-north`, id: COMPASS_ID });
      map.resetNorth();
    },
    dispose: () => {
      stopFollowing();
      listeners.clear();
    },
  };
}
