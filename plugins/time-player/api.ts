/**
 * The one time player for other plugins (the shadow view plays through a day, a time-aware layer through its
 * observations): `openTimePlayer` bounds the scene clock (`ctx.map.clock()`) to a span and shows the player's bar;
 * follow the time with `ctx.map.clock().onTick` (or `onStateChange` for the whole SPEC §3 state). A later opening
 * takes the player over (the earlier handle's `onClose` listeners hear it); the bar's close button closes it.
 *
 * Without the time-player plugin in the variant `timePlayerAvailable()` is false and `openTimePlayer` answers a
 * handle that is not open (the clock is left as it was).
 */
import type { Disposer } from '../../core/plugin/types';
import { timePlayer } from './context';
import type { TimePlayerHandle, TimePlayerRequest } from './timePlayerController';

export type { TimePlayerHandle, TimePlayerLabel, TimePlayerRequest } from './timePlayerController';
export { PLAY_MULTIPLIERS } from './timePlayerController';

const NOT_OPEN: TimePlayerHandle = { isOpen: () => false, close: () => undefined, onClose: (): Disposer => () => undefined };

/** Whether the time-player plugin runs in this variant. */
export function timePlayerAvailable(): boolean {
  return timePlayer() !== null;
}

/**
 * Opens the player on `request.start`–`request.end` (see {@link TimePlayerRequest}: `current`, `multiplier`,
 * `loop`, `stepSeconds`, `label`), paused. Throws a `RangeError` naming the field for an invalid date, an end before the start, a
 * non-finite multiplier, a step that is not positive or a missing label.
 */
export function openTimePlayer(request: TimePlayerRequest): TimePlayerHandle {
  return timePlayer()?.controller.open(request) ?? NOT_OPEN;
}
