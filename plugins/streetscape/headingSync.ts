/**
 * The map's heading turning the panorama (issue 18: "turning on the map turns the panorama"). When the user turns
 * the map, the panorama turns by the same angle. The camera moves this plugin makes itself (flying over the
 * panorama, going back to the view before) change the heading too; those must not turn the panorama, or opening a
 * panorama would swing the view north. So a move of our own is ignored until it ends, and the heading seen at its
 * end is the new reference. The viewer's own turning redraws only the cone, never the map's camera, so there is no
 * path back from the panorama to the map heading: no feedback loop.
 */
import { normaliseDegrees } from '../../core/contracts/equirectangular';

/** Heading changes smaller than this, degrees, are noise of the camera's own arithmetic, not a turn. */
export const HEADING_TURN_THRESHOLD_DEGREES = 0.5;

export interface MapHeadingFollower {
  /**
   * A camera move of our own starts, lasting about `durationMs`: its heading changes are not the user's. It ends at
   * the next move end, or 2 s after its duration when the camera reports none (a flight to where it already was).
   */
  ownMoveStarted(durationMs: number): void;
  /**
   * The map's camera changed; returns the degrees the panorama should turn (clockwise positive) or null.
   * `moveEnded` is {@link import('../../core/plugin/types').CameraChange.moveEnded}.
   */
  cameraChanged(headingDegrees: number, moveEnded: boolean): number | null;
  /** Forgets the reference (the panorama closed): the next heading seen becomes it. */
  reset(): void;
}

/** The signed smallest turn from `from` to `to`, degrees in (−180, 180]. */
export function signedTurnDegrees(from: number, to: number): number {
  const turn = normaliseDegrees(to - from);
  return turn > 180 ? turn - 360 : turn;
}

/** How long after its expected end an own move without a move end still counts as ours, ms. */
const OWN_MOVE_GRACE_MS = 2000;

export function createMapHeadingFollower(now: () => number = Date.now): MapHeadingFollower {
  let reference: number | null = null;
  /** When the move of our own stops counting as ours (ms, `now`'s clock); null when there is none. */
  let ownMoveUntil: number | null = null;
  return {
    ownMoveStarted(durationMs) {
      ownMoveUntil = now() + durationMs + OWN_MOVE_GRACE_MS;
    },
    cameraChanged(headingDegrees, moveEnded) {
      if (ownMoveUntil !== null) {
        // Its end (or its time running out) gives the reference the user's turns are measured from.
        if (moveEnded || now() > ownMoveUntil) {
          ownMoveUntil = null;
          reference = headingDegrees;
        }
        return null;
      }
      if (reference === null) {
        reference = headingDegrees;
        return null;
      }
      const turn = signedTurnDegrees(reference, headingDegrees);
      if (Math.abs(turn) < HEADING_TURN_THRESHOLD_DEGREES) return null;
      reference = headingDegrees;
      return turn;
    },
    reset() {
      reference = null;
      ownMoveUntil = null;
    },
  };
}
