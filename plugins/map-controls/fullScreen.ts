/**
 * Full screen of the map (SPEC §1): the map's element (`ctx.map.container()`) through the Fullscreen API. The
 * store switch follows what the browser really does: Escape (the browser leaves full screen itself), a refusal or
 * leaving by any other way switches the button off, so its pressed state is always true.
 */
import type { Disposer } from '../../core/plugin/types';

export const FULL_SCREEN_TOOL = 'full-screen';

/** The part of `document` full screen needs (a fake in tests). */
export interface FullScreenDocument {
  readonly fullscreenEnabled: boolean;
  readonly fullscreenElement: Element | null;
  exitFullscreen(): Promise<void>;
  addEventListener(type: 'fullscreenchange', listener: () => void): void;
  removeEventListener(type: 'fullscreenchange', listener: () => void): void;
}

export interface FullScreenOptions {
  document: FullScreenDocument;
  /** The element to show full screen; null before the map exists. */
  element(): (Element & { requestFullscreen(): Promise<void> }) | null;
  /** Sets the tool's store switch (the button's pressed state); the store emits `full-screen::on|off`. */
  setSwitch(on: boolean): void;
  /** Says why full screen did not start (no map yet, or the browser refused). */
  onRefused(reason: 'no-map' | 'refused'): void;
}

export interface FullScreenController {
  /** The tool's `onToggle`: enter or leave full screen. */
  setOn(on: boolean): void;
  dispose: Disposer;
}

/** Whether the browser can show an element full screen (iPhone Safari, for one, cannot). */
export function fullScreenSupported(document: Pick<FullScreenDocument, 'fullscreenEnabled'> | undefined): boolean {
  return document?.fullscreenEnabled === true;
}

export function createFullScreen(options: FullScreenOptions): FullScreenController {
  const { document } = options;
  let target: Element | null = null;
  const isFull = () => target !== null && document.fullscreenElement === target;

  const onChange = () => {
    // Left by Escape, by the browser's own control or by another element taking full screen.
    if (!isFull()) {
      target = null;
      options.setSwitch(false);
    }
  };
  document.addEventListener('fullscreenchange', onChange);

  const enter = () => {
    if (isFull()) return;
    const element = options.element();
    if (!element) {
      options.setSwitch(false);
      options.onRefused('no-map');
      return;
    }
    target = element;
    element.requestFullscreen().catch((error: unknown) => {
      console.warn('full screen: the browser refused', error);
      target = null;
      options.setSwitch(false);
      options.onRefused('refused');
    });
  };

  const leave = () => {
    const wasFull = isFull();
    target = null;
    if (wasFull) void document.exitFullscreen().catch((error: unknown) => console.warn('full screen: leaving failed', error));
  };

  return {
    setOn: (on) => (on ? enter() : leave()),
    dispose: () => {
      document.removeEventListener('fullscreenchange', onChange);
      leave();
    },
  };
}
