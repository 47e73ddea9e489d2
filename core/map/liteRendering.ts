/**
 * Light rendering for SwiftShader and slow clients (SPEC §1 "slow-client light mode"): the one place that says
 * what "lite" turns off, used by the map host at start (`lite` option) and at run time (`setLite`).
 */

/** The part of a Cesium Viewer the rendering settings touch (structural, so tests can pass a plain object). */
export interface RenderingTarget {
  resolutionScale: number;
  scene: {
    msaaSamples: number;
    postProcessStages: { fxaa: { enabled: boolean } };
    fog: { enabled: boolean };
    skyAtmosphere?: { show: boolean };
    sun?: { show: boolean };
    moon?: { show: boolean };
    globe: { showGroundAtmosphere: boolean; maximumScreenSpaceError: number; tileCacheSize: number };
    requestRender(): void;
  };
}

export interface RenderingSettings {
  /** Multisampling of the scene's framebuffer. */
  msaaSamples: number;
  fxaa: boolean;
  /** Fog, sky and ground atmosphere, sun and moon. */
  atmosphere: boolean;
  /** Larger = coarser terrain and imagery tiles, fewer of them. */
  maximumScreenSpaceError: number;
  /** Tiles kept in memory beyond those in view. */
  tileCacheSize: number;
  /** Drawing-buffer pixels per CSS pixel relative to the device ratio. */
  resolutionScale: number;
}

/** Full quality: Cesium's own defaults, with 4x MSAA. */
export const FULL_RENDERING: Readonly<RenderingSettings> = Object.freeze({
  msaaSamples: 4,
  fxaa: true,
  atmosphere: true,
  maximumScreenSpaceError: 2,
  tileCacheSize: 100,
  resolutionScale: 1,
});

/** Light mode: no anti-aliasing or atmosphere, coarser tiles, three quarters of the pixels. */
export const LITE_RENDERING: Readonly<RenderingSettings> = Object.freeze({
  msaaSamples: 1,
  fxaa: false,
  atmosphere: false,
  maximumScreenSpaceError: 4,
  tileCacheSize: 200,
  resolutionScale: 0.75,
});

/** Applies light (true) or full (false) rendering to a live viewer and asks for a frame. */
export function applyLiteRendering(viewer: RenderingTarget, lite: boolean): void {
  const settings = lite ? LITE_RENDERING : FULL_RENDERING;
  const { scene } = viewer;
  scene.msaaSamples = settings.msaaSamples;
  scene.postProcessStages.fxaa.enabled = settings.fxaa;
  scene.fog.enabled = settings.atmosphere;
  if (scene.skyAtmosphere) scene.skyAtmosphere.show = settings.atmosphere;
  if (scene.sun) scene.sun.show = settings.atmosphere;
  if (scene.moon) scene.moon.show = settings.atmosphere;
  scene.globe.showGroundAtmosphere = settings.atmosphere;
  scene.globe.maximumScreenSpaceError = settings.maximumScreenSpaceError;
  scene.globe.tileCacheSize = settings.tileCacheSize;
  viewer.resolutionScale = settings.resolutionScale;
  scene.requestRender();
}
