/**
 * Interaction modes (DESIGN "Tools, analysis and the 3D city"): which tool has the map's pointer. A stack:
 * the newest mode taken gets every click; giving it back returns the pointer to the one before (the inspector
 * over identify). Escape ends the newest mode that allows it. No Cesium here: the map host feeds it picks.
 */
import type { Disposer, MapPickResult, PointerMode } from '../plugin/types';

export interface InteractionModes {
  /** See {@link import('../plugin/types').MapFacade.takePointer}. */
  take(mode: PointerMode): Disposer;
  /** The newest mode's id, or null. */
  active(): string | null;
  /** Gives a click's pick to the newest mode; returns whether one took it. */
  dispatch(result: MapPickResult): boolean;
  /** Escape: ends the newest mode if it allows it (runs its `onEnd`, removes it); returns whether one ended. */
  escape(): boolean;
  /** Called after every change of the active mode; returns its disposer. */
  subscribe(listener: (active: string | null) => void): Disposer;
}

export function createInteractionModes(): InteractionModes {
  const stack: PointerMode[] = [];
  const listeners = new Set<(active: string | null) => void>();
  const active = () => stack.at(-1)?.id ?? null;
  const notify = () => {
    const id = active();
    for (const listener of [...listeners]) listener(id);
  };
  const remove = (mode: PointerMode) => {
    const index = stack.lastIndexOf(mode);
    if (index < 0) return false;
    stack.splice(index, 1);
    notify();
    return true;
  };
  return {
    take(mode) {
      // A mode object taken twice would be given back by either disposer: keep one entry per object.
      const entry = { ...mode };
      stack.push(entry);
      notify();
      return () => void remove(entry);
    },
    active,
    dispatch(result) {
      const mode = stack.at(-1);
      if (!mode) return false;
      try {
        mode.onPick(result);
      } catch (error) {
        console.error(`interaction mode "${mode.id}" failed on a click`, error);
      }
      return true;
    },
    escape() {
      const mode = stack.at(-1);
      if (!mode || mode.endOnEscape === false) return false;
      remove(mode);
      try {
        mode.onEnd?.();
      } catch (error) {
        console.error(`interaction mode "${mode.id}" failed to end`, error);
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
