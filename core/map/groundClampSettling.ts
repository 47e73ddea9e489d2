import type { Scene } from 'cesium';

/**
 * The parts of Cesium 1.140's private scene and globe surface this relies on: `Scene.updateHeight`, through which
 * every ground-clamped billboard and label (one per glyph) asks to be moved when finer terrain arrives, and the
 * surface's queue of tiles whose clamped positions still wait to be updated.
 */
interface SceneHeightInternals {
  updateHeight?: (cartographic: unknown, callback: (position: unknown) => void, heightReference?: unknown) => () => void;
  globe?: { _surface?: { _tileToUpdateHeights?: unknown[] } };
}

/** Whether ground-clamped billboards and labels may still move on screen. */
export interface GroundClampSettling {
  settling(): boolean;
  dispose(): void;
}

/**
 * Keeps a request-render-mode scene drawing until its ground-clamped billboards and labels have reached the
 * terrain. Cesium moves them at the end of a frame, after that frame was drawn, working through the queue in 2 ms
 * slices, and asks for no further frame: labels would stay at the height of a coarser tile (on a slow machine,
 * tens of pixels off) until the user next moved the map. So after a frame in which something moved, or while the
 * queue is still being worked through, one more frame is requested. A queue that stops changing without moving
 * anything (tiles that will never load) ends the requests, so an idle map stays idle.
 */
export function settleGroundClamping(scene: Scene): GroundClampSettling {
  const internals = scene as unknown as SceneHeightInternals;
  const queuedTiles = (): number => internals.globe?._surface?._tileToUpdateHeights?.length ?? 0;
  let movedThisFrame = false;
  let redrawOwed = false;
  let queuedAtLastFrame = 0;

  const originalUpdateHeight = internals.updateHeight;
  if (originalUpdateHeight) {
    internals.updateHeight = (cartographic, callback, heightReference) =>
      originalUpdateHeight.call(
        scene,
        cartographic,
        (position) => {
          movedThisFrame = true;
          callback(position);
        },
        heightReference,
      );
  }

  const removePostRender = scene.postRender.addEventListener(() => {
    const queued = queuedTiles();
    redrawOwed = movedThisFrame || (queued > 0 && queued !== queuedAtLastFrame);
    movedThisFrame = false;
    queuedAtLastFrame = queued;
    if (redrawOwed) scene.requestRender();
  });

  return {
    settling: () => redrawOwed || movedThisFrame,
    dispose: () => {
      removePostRender();
      if (originalUpdateHeight) internals.updateHeight = originalUpdateHeight;
    },
  };
}
