import type { MapFacade } from '../plugin/types';

/**
 * A {@link MapFacade} that does nothing: no viewer, every call a no-op, `whenReady` and `setTerrain` resolve at
 * once. The plugin host hands it out when no map is given; tests pass `overrides` for the calls they record.
 */
export function createNoopMapFacade(overrides: Partial<MapFacade> = {}): MapFacade {
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
    temporaryGraphics: () => ({ addPoints: () => () => {}, addGroundPolylines: () => () => {}, addGroundPolygons: () => () => {}, clear: () => {} }),
    setThreeDContent: () => {},
    cameraState: () => null,
    ...overrides,
  };
}
