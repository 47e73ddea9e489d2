/**
 * The construction options of every Cesium Viewer the app makes (the main map in mapHost.ts, the companion views
 * in companionViews.ts): none of Cesium's own widgets (the app draws its own controls), no base layer and flat
 * terrain until the app adds its own, and frames drawn only when something changed.
 */
import type { Viewer } from 'cesium';

export interface WidgetlessViewerSettings {
  /** Light rendering (SPEC §1 slow-client light mode): one sample per pixel, no antialiasing, a low-power GPU. */
  lite: boolean;
  /** Draw only when asked (Cesium's requestRenderMode); false draws every frame. */
  requestRenderMode: boolean;
}

export function widgetlessViewerOptions(
  Cesium: Pick<typeof import('cesium'), 'EllipsoidTerrainProvider'>,
  { lite, requestRenderMode }: WidgetlessViewerSettings,
): Viewer.ConstructorOptions {
  return {
    baseLayer: false,
    terrainProvider: new Cesium.EllipsoidTerrainProvider(),
    geocoder: false,
    baseLayerPicker: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    animation: false,
    timeline: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    vrButton: false,
    requestRenderMode,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    shadows: false,
    msaaSamples: lite ? 1 : 4,
    contextOptions: { webgl: { alpha: false, antialias: !lite, powerPreference: lite ? 'low-power' : 'high-performance' } },
  };
}
