import { describe, expect, it, vi } from 'vitest';
import type { Scene } from 'cesium';
import { settleGroundClamping } from './groundClampSettling';

/**
 * A scene with just what the settling reads: `updateHeight` (whose callbacks the "globe" calls at the end of a
 * frame), the surface's height queue, `postRender` and `requestRender`.
 */
function fakeScene() {
  const postRenderListeners = new Set<() => void>();
  const heightCallbacks: Array<(position: unknown) => void> = [];
  const queue: unknown[] = [];
  const scene = {
    globe: { _surface: { _tileToUpdateHeights: queue } },
    updateHeight(_cartographic: unknown, callback: (position: unknown) => void) {
      heightCallbacks.push(callback);
      return () => undefined;
    },
    postRender: {
      addEventListener(listener: () => void) {
        postRenderListeners.add(listener);
        return () => postRenderListeners.delete(listener);
      },
    },
    requestRender: vi.fn(),
  };
  /** Draws one frame, during whose end the given clamped positions move. */
  const frame = (moveLabels = false) => {
    if (moveLabels) for (const callback of heightCallbacks) callback({ height: 12 });
    for (const listener of postRenderListeners) listener();
  };
  return { scene, queue, frame, heightCallbacks };
}

describe('settleGroundClamping', () => {
  it('asks for one more frame after labels moved at the end of a frame, then lets the map idle', () => {
    const { scene, frame } = fakeScene();
    const settling = settleGroundClamping(scene as unknown as Scene);
    const moved = vi.fn();
    scene.updateHeight({}, moved);

    frame(true);
    expect(moved).toHaveBeenCalledWith({ height: 12 });
    expect(scene.requestRender).toHaveBeenCalledTimes(1);
    expect(settling.settling()).toBe(true);

    frame();
    expect(scene.requestRender).toHaveBeenCalledTimes(1);
    expect(settling.settling()).toBe(false);
  });

  it('keeps drawing while the height queue is being worked through, and stops on a queue that no longer changes', () => {
    const { scene, queue, frame } = fakeScene();
    const settling = settleGroundClamping(scene as unknown as Scene);
    queue.push('tile-a', 'tile-b', 'tile-c');
    frame();
    expect(scene.requestRender).toHaveBeenCalledTimes(1);
    queue.pop();
    frame();
    expect(scene.requestRender).toHaveBeenCalledTimes(2);

    // Two tiles that will never load stay queued: nothing moves, so the map goes idle.
    frame();
    expect(scene.requestRender).toHaveBeenCalledTimes(2);
    expect(settling.settling()).toBe(false);
  });

  it('gives the scene its own updateHeight back and stops listening when disposed', () => {
    const { scene, frame } = fakeScene();
    const original = scene.updateHeight;
    const settling = settleGroundClamping(scene as unknown as Scene);
    expect(scene.updateHeight).not.toBe(original);
    settling.dispose();
    expect(scene.updateHeight).toBe(original);
    scene.updateHeight({}, () => undefined);
    frame(true);
    expect(scene.requestRender).not.toHaveBeenCalled();
  });
});
