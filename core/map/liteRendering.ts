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

/**
 * Why the map starts light, or not (slow-client light mode, SPEC §1 second variant; §4 "slow-client warnings
 * off" at start). Light rendering is never the default on a machine that draws fast enough:
 *
 * - `?lite=1` / `?lite=0` in the address force it on or off (a shared link, a browser test): `reason: 'address'`;
 * - otherwise the map starts light only when the browser draws WebGL in software (SwiftShader, llvmpipe, the
 *   Microsoft Basic Render Driver: no graphics card in use), which is slow at any size: `reason: 'software-renderer'`,
 *   with the renderer's name for the notice that says so;
 * - everything else starts with full rendering; the slow-client plugin then measures frame times and switches
 *   to light mode only when they say the client is slow (plugins/slow-client/slowFrames.ts).
 */
export interface StartRendering {
  lite: boolean;
  reason: 'address' | 'software-renderer' | null;
  /** The software renderer's short name (reason `software-renderer`). */
  renderer?: string;
}

/** Software renderers by the words their WebGL renderer string carries, and the short name shown to the user. */
const SOFTWARE_RENDERERS: ReadonlyArray<[RegExp, string]> = [
  [/swiftshader/i, 'SwiftShader'],
  [/llvmpipe/i, 'llvmpipe'],
  [/softpipe/i, 'softpipe'],
  [/basic render driver/i, 'Microsoft Basic Render Driver'],
  [/software rasterizer|software renderer/i, 'software rendering'],
];

/** The short name of a software renderer from a WebGL renderer string; null for a graphics card. */
export function softwareRendererName(renderer: string | null | undefined): string | null {
  if (!renderer) return null;
  for (const [pattern, name] of SOFTWARE_RENDERERS) if (pattern.test(renderer)) return name;
  return null;
}

/** The decision rule (pure): address first, then a software renderer; otherwise full rendering. */
export function decideStartRendering(search: string, renderer: string | null | undefined): StartRendering {
  const value = new URLSearchParams(search).get('lite');
  if (value === '1' || value === 'true') return { lite: true, reason: 'address' };
  if (value === '0' || value === 'false') return { lite: false, reason: 'address' };
  const software = softwareRendererName(renderer);
  return software ? { lite: true, reason: 'software-renderer', renderer: software } : { lite: false, reason: null };
}

let rendererCache: { value: string | null } | null = null;

/**
 * The browser's WebGL renderer string (unmasked where the browser allows it), read once from a throwaway
 * context that is released at once; null without WebGL.
 */
export function webglRenderer(): string | null {
  if (rendererCache) return rendererCache.value;
  let value: string | null = null;
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const read = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) as unknown;
      value = typeof read === 'string' ? read : null;
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    value = null;
  }
  rendererCache = { value };
  return value;
}

/** How this page starts: {@link decideStartRendering} over the address and {@link webglRenderer}. */
export function startRendering(search: string = typeof location === 'undefined' ? '' : location.search): StartRendering {
  return decideStartRendering(search, typeof document === 'undefined' ? null : webglRenderer());
}
