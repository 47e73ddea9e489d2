/**
 * The small observable state a plugin controller keeps for its panel or drawer: one immutable state object,
 * replaced (never mutated) on every change, and listeners told after each change. React components read it with
 * `useSyncExternalStore(controller.subscribe, controller.getState)`; `getState` returns the same object until
 * something changes, which is what that hook needs. No units: it holds whatever state the controller defines.
 *
 * Why here: two dozen controllers had each written the same `let state`, listener set, `set` and `subscribe` by
 * hand; this is that code once, with the semantics they shared:
 * - listeners are called in the order they subscribed, synchronously, after the state has changed;
 * - the listeners are copied before they are called, so one that subscribes or unsubscribes (itself or another)
 *   while being told changes who is told next time, not this time;
 * - a listener that throws is not caught: the error reaches the caller of `set`, as it did in every copy.
 * `getState` and `subscribe` do not use `this`, so a controller can hand them out as they are.
 */
import type { Disposer } from './types';

export interface StateStore<State> {
  /** The current state; the same object until the next `set` or `replace`. */
  getState(): State;
  /** Calls `listener` (no arguments) after every change; the returned disposer stops that. */
  subscribe(listener: () => void): Disposer;
  /**
   * Merges `patch` (or what `update` returns for the current state) into a new state object, then tells the
   * listeners. They are told even when the patch changes nothing, as the hand-written stores did.
   */
  set(patch: Partial<State> | ((state: State) => Partial<State>)): void;
  /** Makes `next` itself the state (no merge: for a state whose kinds have different fields), then tells the listeners. */
  replace(next: State): void;
  /** Forgets every listener; for the controller's `dispose`. */
  dropListeners(): void;
}

export function createStateStore<State extends object>(initial: State): StateStore<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      tell();
    },
    replace(next) {
      state = next;
      tell();
    },
    dropListeners() {
      listeners.clear();
    },
  };
}
