import { describe, expect, it, vi } from 'vitest';
import { createFullScreen, fullScreenSupported, type FullScreenDocument } from './fullScreen';

/** A document whose full screen behaves like a browser's: requestFullscreen sets the element and fires the event. */
function fakeDocument(options: { refuse?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const fire = () => listeners.forEach((listener) => listener());
  const document: FullScreenDocument & { fullscreenElement: Element | null } = {
    fullscreenEnabled: true,
    fullscreenElement: null,
    exitFullscreen: vi.fn(async () => {
      document.fullscreenElement = null;
      fire();
    }),
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const element = {
    requestFullscreen: vi.fn(async () => {
      if (options.refuse) throw new TypeError('Permissions check failed');
      document.fullscreenElement = element as unknown as Element;
      fire();
    }),
  } as unknown as Element & { requestFullscreen: () => Promise<void> };
  /** The user pressed Escape: the browser leaves full screen by itself. */
  const escape = () => {
    document.fullscreenElement = null;
    fire();
  };
  return { document, element, escape, listeners };
}

describe('full screen', () => {
  it('puts the map element full screen and leaves it when switched off', async () => {
    const { document, element } = fakeDocument();
    const setSwitch = vi.fn();
    const controller = createFullScreen({ document, element: () => element, setSwitch, onRefused: vi.fn() });
    controller.setOn(true);
    await Promise.resolve();
    expect(document.fullscreenElement).toBe(element);
    expect(setSwitch).not.toHaveBeenCalledWith(false);
    controller.setOn(false);
    await Promise.resolve();
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(document.fullscreenElement).toBeNull();
  });

  it('switches the button off when Escape (the browser) ends full screen', async () => {
    const { document, element, escape } = fakeDocument();
    const setSwitch = vi.fn();
    const controller = createFullScreen({ document, element: () => element, setSwitch, onRefused: vi.fn() });
    controller.setOn(true);
    await Promise.resolve();
    escape();
    expect(setSwitch).toHaveBeenLastCalledWith(false);
    // Switching off afterwards does not ask the browser to leave a full screen that is already gone.
    controller.setOn(false);
    expect(document.exitFullscreen).not.toHaveBeenCalled();
  });

  it('says so and switches off when the browser refuses or the map is not there yet', async () => {
    const refused = fakeDocument({ refuse: true });
    const setSwitch = vi.fn();
    const onRefused = vi.fn();
    createFullScreen({ document: refused.document, element: () => refused.element, setSwitch, onRefused }).setOn(true);
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('refused'));
    expect(setSwitch).toHaveBeenLastCalledWith(false);

    const noMap = fakeDocument();
    const onNoMap = vi.fn();
    createFullScreen({ document: noMap.document, element: () => null, setSwitch, onRefused: onNoMap }).setOn(true);
    expect(onNoMap).toHaveBeenCalledWith('no-map');
  });

  it('stops listening and leaves full screen when disposed', async () => {
    const { document, element, listeners } = fakeDocument();
    const controller = createFullScreen({ document, element: () => element, setSwitch: vi.fn(), onRefused: vi.fn() });
    controller.setOn(true);
    await Promise.resolve();
    controller.dispose();
    expect(listeners.size).toBe(0);
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
  });

  it('is offered only where the browser can do it', () => {
    expect(fullScreenSupported({ fullscreenEnabled: true })).toBe(true);
    expect(fullScreenSupported({ fullscreenEnabled: false })).toBe(false);
    expect(fullScreenSupported(undefined)).toBe(false);
  });
});
