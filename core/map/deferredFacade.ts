import type { MapFacade } from '../plugin/types';

/**
 * A {@link MapFacade} that exists before the Cesium viewer does, so the plugin host can hand it to plugins at
 * start-up while Cesium is still loading. Calls made before a map is attached are queued and replayed on
 * attach (only the latest camera move is kept — replaying a home flight after a search flight would be wrong).
 */
export interface DeferredMapFacade extends MapFacade {
  /** Connects the real map; returns a disposer that detaches it again (e.g. when the map page unmounts). */
  attach(target: MapFacade): () => void;
  /** The attached map, if any. */
  current(): MapFacade | null;
}

type CameraCall = (target: MapFacade) => void;

export function createDeferredMapFacade(): DeferredMapFacade {
  let target: MapFacade | null = null;
  /** `target` once its viewer exists; calls go straight through only then. */
  let live: MapFacade | null = null;
  let pendingCamera: CameraCall | null = null;
  let pendingFieldOfView: boolean | null = null;
  let resolveReady: (() => void) | null = null;
  let ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const camera = (call: CameraCall) => {
    if (live) call(live);
    else pendingCamera = call;
  };

  return {
    attach(next) {
      target = next;
      void next.whenReady().then(() => {
        if (target !== next) return;
        live = next;
        if (pendingFieldOfView !== null) next.setFieldOfViewEnlarged(pendingFieldOfView);
        pendingCamera?.(next);
        pendingCamera = null;
        pendingFieldOfView = null;
        resolveReady?.();
        resolveReady = null;
      });
      return () => {
        if (target !== next) return;
        target = null;
        live = null;
        if (resolveReady === null) ready = new Promise<void>((resolve) => (resolveReady = resolve));
      };
    },
    current: () => live,
    whenReady: () => ready,
    flyHome: () => camera((t) => t.flyHome()),
    resetNorth: () => camera((t) => t.resetNorth()),
    topView: () => camera((t) => t.topView()),
    tiltedView: (pitchDegrees) => camera((t) => t.tiltedView(pitchDegrees)),
    zoom: (direction) => camera((t) => t.zoom(direction)),
    flyTo: (destination) => camera((t) => t.flyTo(destination)),
    setFieldOfViewEnlarged(enlarged) {
      if (live) live.setFieldOfViewEnlarged(enlarged);
      else pendingFieldOfView = enlarged;
    },
    requestRender: () => live?.requestRender(),
    viewer: () => live?.viewer() ?? null,
  };
}

/**
 * The app's one map facade: the plugin host gives it to plugins as `ctx.map`, and the map page attaches the
 * real Cesium host to it when it mounts.
 */
export const sharedMapFacade: DeferredMapFacade = createDeferredMapFacade();
