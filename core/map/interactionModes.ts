/**
 * Interaction modes (DESIGN "Tools, analysis and the 3D city"): which tool has the map's pointer. A stack:
 * the newest mode taken gets every click, pointer move, drag (when it takes drags) and key; giving it back returns
 * the pointer to the one before (the inspector over identify). Escape ends the newest mode that allows it. No
 * Cesium and no DOM here: core/map/pointerInput.ts feeds it picks, pointer positions and keys.
 */
import type { Disposer, MapPickResult, PointerKey, PointerMode, ScreenPoint } from '../plugin/types';

/** How far the pointer moves with the button down before a press is a drag, CSS pixels (Cesium's click tolerance). */
export const DRAG_THRESHOLD_PIXELS = 5;

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
  /** Whether the newest mode takes left drags (then the map's own left-drag navigation is off). */
  takesDrags(): boolean;
  /** Whether the newest mode keeps clicks to itself (`PointerMode.ownsClicks`): overlay popups stay shut. */
  ownsClicks(): boolean;
  /** The newest mode's cursor, null for the map's own. */
  cursor(): string | null;
  /** The left button (or a finger) went down on the map. */
  pointerDown(screen: ScreenPoint): void;
  /** The pointer moved: over the map (`overMap`), or anywhere while a press that began on it lasts. */
  pointerMove(screen: ScreenPoint, overMap: boolean): void;
  /** The left button (or finger) was released. */
  pointerUp(screen: ScreenPoint): void;
  /** A key went down or up where the map takes keys; returns whether the newest mode handled it. */
  key(key: PointerKey): boolean;
}

export function createInteractionModes(): InteractionModes {
  const stack: PointerMode[] = [];
  /** The press in progress: where it began and, once it is a drag, the mode it goes to. */
  let press: { from: ScreenPoint; last: ScreenPoint; dragging: PointerMode | null; dragged: boolean } | null = null;
  const safely = (mode: PointerMode, what: string, call: () => void) => {
    try {
      call();
    } catch (error) {
      console.error(`interaction mode "${mode.id}" failed on ${what}`, error);
    }
  };
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
    ownsClicks: () => stack.at(-1)?.ownsClicks === true,
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
    takesDrags: () => typeof stack.at(-1)?.onDrag === 'function',
    cursor: () => stack.at(-1)?.cursor ?? null,
    pointerDown(screen) {
      press = { from: screen, last: screen, dragging: null, dragged: false };
    },
    pointerMove(screen, overMap) {
      const mode = stack.at(-1);
      if (mode?.onMove && (overMap || press)) safely(mode, 'a pointer move', () => mode.onMove!(screen));
      if (!press) return;
      if (!press.dragged) {
        if (Math.hypot(screen.x - press.from.x, screen.y - press.from.y) < DRAG_THRESHOLD_PIXELS) return;
        press.dragged = true;
        // The drag belongs to the mode newest when it starts, if that mode takes drags (else the map navigates).
        if (mode?.onDrag) {
          press.dragging = mode;
          safely(mode, 'a drag', () => mode.onDrag!({ phase: 'start', screen, deltaX: 0, deltaY: 0 }));
          press.last = screen;
        }
        return;
      }
      const dragging = press.dragging;
      if (!dragging || !stack.includes(dragging)) return;
      const { last } = press;
      press.last = screen;
      safely(dragging, 'a drag', () => dragging.onDrag!({ phase: 'move', screen, deltaX: screen.x - last.x, deltaY: screen.y - last.y }));
    },
    pointerUp(screen) {
      const ended = press;
      press = null;
      const dragging = ended?.dragging;
      if (!ended || !dragging || !stack.includes(dragging)) return;
      safely(dragging, 'a drag', () =>
        dragging.onDrag!({ phase: 'end', screen, deltaX: screen.x - ended.last.x, deltaY: screen.y - ended.last.y }),
      );
    },
    key(key) {
      const mode = stack.at(-1);
      if (!mode?.onKey) return false;
      let handled = false;
      safely(mode, `the key ${key.key}`, () => {
        handled = mode.onKey!(key) === true;
      });
      return handled;
    },
  };
}
