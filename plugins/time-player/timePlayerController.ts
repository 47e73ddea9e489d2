/**
 * The time player over the one scene clock (`ctx.map.clock()`): whoever needs a time span played — the shadow view
 * through a day, a time-aware layer through its observations — opens it here with a range and a label, and the bar
 * shows it. The player's SPEC §3 state (on, currentTime, startTime, endTime, playMultiplier, isPlaying, isLoop) is
 * the clock's own (`clock.state()`); this adds only who holds the player and the label the bar shows.
 */
import type { Disposer, Language, MessageId, SceneClock } from '../../core/plugin/types';

/** What the bar says is played: a message id (e.g. `shadow.timePlayer.label`), or a text per language (an overlay's name). */
export type TimePlayerLabel = MessageId | Readonly<Record<Language, string>>;

/** What {@link TimePlayerController.open} is asked. */
export interface TimePlayerRequest {
  /** The span played through; `end` at or after `start`. */
  start: Date;
  end: Date;
  /** Where the player starts; default: the clock's time when it lies inside the span (a share link's), else `start`. */
  current?: Date;
  /** Scene seconds per real second (negative runs backwards); default: the clock's. */
  multiplier?: number;
  /** Jump back to the start at the end; default: as the player was (the user's choice). */
  loop?: boolean;
  /** Seconds the slider moves per arrow key (10 steps per Page Up/Down); default 60. */
  stepSeconds?: number;
  label: TimePlayerLabel;
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
  /** The label and slider step of the opening that holds the player, null while closed. */
  holder(): { label: TimePlayerLabel; stepSeconds: number } | null;
  /** Calls `listener` when the holder or its label changes. Returns its disposer. */
  subscribe(listener: () => void): Disposer;
  dispose(): void;
}

/** The playMultiplier choices the bar offers, scene seconds per real second. */
export const PLAY_MULTIPLIERS = [1, 60, 600, 3600] as const;

interface Opening {
  label: TimePlayerLabel;
  stepSeconds: number;
  closeListeners: Set<() => void>;
}

function checkedRequest(request: TimePlayerRequest): TimePlayerRequest {
  const label = request?.label;
  const labelled = typeof label === 'string' ? label.length > 0 : typeof label === 'object' && label !== null && typeof label['en-US'] === 'string';
  if (!labelled) throw new RangeError('time player: label must be a message id or a text per language');
  if (request.stepSeconds !== undefined && !(Number.isFinite(request.stepSeconds) && request.stepSeconds > 0)) {
    throw new RangeError(`time player: stepSeconds must be a positive number of seconds, got ${request.stepSeconds}`);
  }
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
      const { start, end, current, multiplier, loop, label, stepSeconds } = checkedRequest(request);
      const before = clock.now().getTime();
      // Checks start and end (a RangeError naming the field) before anything else changes.
      clock.setRange({ start, end });
      if (holder) release(holder);
      const opening: Opening = { label, stepSeconds: stepSeconds ?? 60, closeListeners: new Set() };
      holder = opening;
      clock.pause();
      if (multiplier !== undefined) clock.setMultiplier(multiplier);
      if (loop !== undefined) clock.setLoop(loop);
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
    holder: () => (holder ? { label: holder.label, stepSeconds: holder.stepSeconds } : null),
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
