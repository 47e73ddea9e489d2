/**
 * Feeds the interaction modes (core/map/interactionModes.ts) from the page: left clicks (picked), pointer moves
 * and drags over the map, key presses where the map takes keys, Escape; and shows the newest mode's cursor and
 * turns the map's left-drag navigation off while that mode takes drags.
 */
import type { Viewer } from 'cesium';
import type { Disposer, ScreenPoint } from '../plugin/types';
import type { InteractionModes } from './interactionModes';
import type { NavigationControl } from './cameraControl';
import { pickAt } from './picking';

type CesiumModule = typeof import('cesium');

/** Elements whose keys are their own (typing, pressing a button, following a link), never the map's. */
const OWN_KEYS_SELECTOR = 'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable="true"], [role="textbox"]';

/**
 * Whether a key event aimed at `target` is the map's: the page body (nothing focused) or the map's own element, not
 * a field, button or link inside it (Cesium's credit widgets) and not inside a dialog.
 */
export function keyIsForMap(target: EventTarget | null, mapElement: Element, body: Element | null = document.body): boolean {
  if (!(target instanceof Element)) return true;
  if (target === body || target === body?.parentElement) return true;
  if (!mapElement.contains(target)) return false;
  return !target.closest(OWN_KEYS_SELECTOR) && !target.closest('[role="dialog"], [role="alertdialog"]');
}

export interface PointerInputOptions {
  modes: InteractionModes;
  navigation: NavigationControl;
  /** Every left click on the map, with what Cesium picked there (the overlay engine's popups listen). */
  onClick(picked: unknown, screen: ScreenPoint): void;
}

/** Starts listening; the disposer stops it and gives the map its own cursor and navigation back. */
export function wirePointerInput(Cesium: CesiumModule, viewer: Viewer, { modes, navigation, onClick }: PointerInputOptions): Disposer {
  const { scene } = viewer;
  const canvas = scene.canvas;
  const mapElement = viewer.container;
  const cleanups: Disposer[] = [];
  const listen = <K extends keyof DocumentEventMap>(target: Document | HTMLElement, type: K, listener: (event: DocumentEventMap[K]) => void) => {
    target.addEventListener(type, listener as EventListener);
    cleanups.push(() => target.removeEventListener(type, listener as EventListener));
  };

  const handler = new Cesium.ScreenSpaceEventHandler(canvas);
  handler.setInputAction((event: { position: import('cesium').Cartesian2 }) => {
    const screen = { x: event.position.x, y: event.position.y };
    const picked = scene.pick(event.position);
    // A mode that owns clicks (placing a pin, measuring) gets them alone: a marker under the click opens no popup.
    if (!modes.ownsClicks()) onClick(picked, screen);
    if (modes.active() === null) return;
    const result = pickAt(Cesium, viewer, screen, picked ?? null);
    if (result?.position) modes.dispatch(result);
  }, Cesium.ScreenSpaceEventType.LEFT_CLICK);
  cleanups.push(() => handler.destroy());

  // Moves and drags: DOM pointer events, so a drag with Shift or Ctrl held reaches the mode too (Cesium's handler
  // sends those only to actions registered for that modifier). The primary pointer only: a second finger pinches.
  const toScreen = (event: PointerEvent): ScreenPoint => {
    const box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  let pressed = false;
  listen(canvas, 'pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    pressed = true;
    modes.pointerDown(toScreen(event));
  });
  listen(canvas, 'pointermove', (event) => {
    if (event.isPrimary && !pressed) modes.pointerMove(toScreen(event), true);
  });
  // While pressed the pointer may leave the canvas; the press still ends where it is released.
  listen(document, 'pointermove', (event) => {
    if (event.isPrimary && pressed) modes.pointerMove(toScreen(event), event.target === canvas);
  });
  const release = (event: PointerEvent) => {
    if (!event.isPrimary || !pressed) return;
    pressed = false;
    modes.pointerUp(toScreen(event));
  };
  listen(document, 'pointerup', release);
  listen(document, 'pointercancel', release);

  // Keys. Escape ends the tool that has the pointer, unless something on the page (a dialog, a panel) used it
  // already; other keys (and Escape for a mode that stays) go to the newest mode where the map takes keys.
  const onKey = (type: 'down' | 'up') => (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    if (type === 'down' && event.key === 'Escape') {
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      if (modes.escape()) {
        event.preventDefault();
        return;
      }
    }
    if (!keyIsForMap(event.target, mapElement)) return;
    if (modes.key({ type, key: event.key, code: event.code, shiftKey: event.shiftKey })) event.preventDefault();
  };
  listen(document, 'keydown', onKey('down'));
  listen(document, 'keyup', onKey('up'));

  const follow = () => {
    canvas.style.cursor = modes.cursor() ?? '';
    navigation.setDragsTaken(modes.takesDrags());
  };
  follow();
  cleanups.push(modes.subscribe(follow));
  cleanups.push(() => {
    canvas.style.cursor = '';
    navigation.setDragsTaken(false);
  });
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
