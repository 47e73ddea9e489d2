import type { MapFacade } from '../plugin/types';
import { createDeferredSceneClock } from './sceneClock';
import { createDeferredMapLighting } from './lighting';

/**
 * A {@link MapFacade} that does nothing: no viewer, every call a no-op, `whenReady` and `setTerrain` resolve at
 * once, `sampleHeights` knows no height (nulls), `captureImage` rejects and `captureStream` gives null, as before a
 * map exists. The plugin host hands it out when no map is given; tests pass `overrides` for the calls they record.
 */
export function createNoopMapFacade(overrides: Partial<MapFacade> = {}): MapFacade {
  const clock = createDeferredSceneClock();
  const lighting = createDeferredMapLighting();
  return {
    whenReady: () => Promise.resolve(),
    flyHome: () => {},
    resetNorth: () => {},
    topView: () => {},
    tiltedView: () => {},
    zoom: () => {},
    setFieldOfViewEnlarged: () => {},
    flyTo: () => {},
    requestRender: () => {},
    viewer: () => null,
    setTerrain: () => Promise.resolve(),
    setTextured: () => {},
    setBaseMap: () => {},
    setImageryAdjustments: () => {},
    setLite: () => {},
    isLite: () => false,
    onFrameTime: () => () => {},
    drawGroundPolylines: () => () => {},
    pick: () => Promise.resolve(null),
    takePointer: () => () => {},
    pointerMode: () => null,
    highlightFeature: () => () => {},
    temporaryGraphics: () => ({
      addPoints: () => () => {},
      addGroundPolylines: () => () => {},
      addGroundPolygons: () => () => {},
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      clear: () => {},
    }),
    setThreeDContent: () => {},
    cameraState: () => null,
    setView: () => {},
    lookAt: () => {},
    flyToBounds: () => {},
    onCameraChanged: () => () => {},
    takeCameraControl: () => () => {},
    onFrame: () => () => {},
    sampleHeights: (positions) => Promise.resolve(positions.map(() => null)),
    // A clock with no map never ticks: it holds the time, multiplier and play state it is given.
    clock: () => clock,
    // Lighting with no map keeps what it is asked for and draws nothing (shadows report off, support unknown).
    lighting: () => lighting,
    captureStream: () => null,
    captureImage: () => Promise.reject(new Error('captureImage: there is no map')),
    container: () => null,
    setLayerSplit: () => {},
    layerSplit: () => null,
    companionViews: () => ({ open: () => Promise.reject(new Error('companion views: there is no map')), list: () => [] }),
    holdGroundTranslucency: () => () => {},
    ...overrides,
  };
}
