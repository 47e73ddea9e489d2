/**
 * The time player over the one scene clock (`ctx.map.clock()`): whoever needs a time span played — the shadow view
 * through a day, a time-aware layer through its observations — opens it here with a range and a label, and the bar
 * shows it. The player's SPEC §3 state (on, currentTime, startTime, endTime, playMultiplier, isPlaying, isLoop) is
 * the clock's own (`clock.state()`); this adds only who holds the player and the label the bar shows.
 */
import type { Disposer, MessageId, SceneClock } from '../../core/plugin/types';

/** What {@link TimePlayerController.open} is asked. */
export interface TimePlayerRequest {
  /** The span played through; `end` at or after `start`. */
  start: Date;
  end: Date;
  /** Where the player starts; default: the clock's time when it lies inside the span (a share link's), else `start`. */
  current?: Date;
  /** Scene seconds per real second (negative runs backwards); default: the clock's. */
  multiplier?: number;
  /** Jump back to the start at the end; default false. */
  loop?: boolean;
  /** What the bar says is played (a message id, e.g. `shadow.timePlayer.label`). */
  label: MessageId;
}

/** One opening of the player, as {@link TimePlayerController.open} returns it. */
export interface TimePlayerHandle {
  /** Whether this opening still holds the player (false once closed by anyone, or after a later `open`). */
  isOpen(): boolean;
  /** Closes the player (range freed, paused) if this opening still holds it; harmless otherwise. */
  close(): void;
  /** Calls `listener` once when this opening loses the player. Returns its disposer. */
  onClose(listener: () => void): Disposer;
}

export interface TimePlayerController {
  open(request: TimePlayerRequest): TimePlayerHandle;
  /** Closes whatever holds the player (the bar's close button). */
  close(): void;
  /** The label of the opening that holds the player, null while closed. */
  label(): MessageId | null;
  /** Calls `listener` when the holder or its label changes. Returns its disposer. */
  subscribe(listener: () => void): Disposer;
  dispose(): void;
}

/** The playMultiplier choices the bar offers, scene seconds per real second. */
export const PLAY_MULTIPLIERS = [1, 60, 600, 3600] as const;

interface Opening {
  label: MessageId;
  closeListeners: Set<() => void>;
}

function checkedRequest(request: TimePlayerRequest): TimePlayerRequest {
  if (typeof request?.label !== 'string' || request.label.length === 0) throw new RangeError('time player: label must be a message id');
  if (request.current !== undefined && (!(request.current instanceof Date) || Number.isNaN(request.current.getTime()))) {
    throw new RangeError(`time player: current must be a valid Date, got ${String(request.current)}`);
  }
  if (request.multiplier !== undefined && !Number.isFinite(request.multiplier)) {
    throw new RangeError(`time player: multiplier must be a finite number of seconds per second, got ${request.multiplier}`);
  }
  return request;
}

export function createTimePlayerController(clock: SceneClock, analytics: (on: boolean) => void): TimePlayerController {
  let holder: Opening | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const release = (opening: Opening) => {
    if (holder !== opening) return;
    holder = null;
    for (const listener of [...opening.closeListeners]) listener();
    opening.closeListeners.clear();
  };
  // The player is on exactly while the clock is bounded; whoever frees the clock (a share link, another caller of
  // `setRange(null)`) closes the player with it.
  let wasOn = clock.state().on;
  const stopWatching = clock.onStateChange((state) => {
    if (state.on === wasOn) return;
    wasOn = state.on;
    analytics(state.on);
    if (!state.on && holder) {
      release(holder);
      changed();
    }
  });
  const closeClock = () => {
    clock.pause();
    clock.setRange(null);
  };
  return {
    open(request) {
      const { start, end, current, multiplier, loop, label } = checkedRequest(request);
      const before = clock.now().getTime();
      // Checks start and end (a RangeError naming the field) before anything else changes.
      clock.setRange({ start, end });
      if (holder) release(holder);
      const opening: Opening = { label, closeListeners: new Set() };
      holder = opening;
      clock.pause();
      if (multiplier !== undefined) clock.setMultiplier(multiplier);
      clock.setLoop(loop === true);
      const keep = before >= start.getTime() && before <= end.getTime();
      clock.setTime(current ?? (keep ? new Date(before) : start));
      changed();
      return {
        isOpen: () => holder === opening,
        close() {
          if (holder !== opening) return;
          release(opening);
          closeClock();
          changed();
        },
        onClose(listener) {
          if (holder !== opening) return () => undefined;
          opening.closeListeners.add(listener);
          return () => void opening.closeListeners.delete(listener);
        },
      };
    },
    close() {
      if (holder) release(holder);
      closeClock();
      changed();
    },
    label: () => holder?.label ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      stopWatching();
      if (holder) {
        release(holder);
        closeClock();
      }
      listeners.clear();
    },
  };
}
