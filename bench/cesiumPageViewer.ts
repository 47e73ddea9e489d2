/**
 * The browser side of the benchmarks' shared harness (bench/cesiumPage.ts), imported by their bundled pages
 * (bench/cluster/page.ts, bench/buildings/page.ts). Cesium is the `Cesium` global of its prebuilt
 * Build/Cesium/Cesium.js, loaded by the page before the bundle, so the bundle holds only the benchmark's code.
 */
import type { Viewer } from 'cesium';

type CesiumModule = typeof import('cesium');
export const Cesium = (window as unknown as { Cesium: CesiumModule }).Cesium;

/**
 * A Viewer with nothing but the globe and what the benchmark draws: no imagery, widgets, sky or render loop (the
 * benchmark calls `viewer.render()` itself, so it times exactly the frames it asks for). `extraOptions` adds or
 * overrides options (e.g. `msaaSamples`).
 */
export function createBareViewer(container: Element, extraOptions: Viewer.ConstructorOptions = {}): Viewer {
  return new Cesium.Viewer(container, {
    baseLayer: false,
    animation: false,
    timeline: false,
    baseLayerPicker: false,
    geocoder: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    useDefaultRenderLoop: false,
    skyBox: false,
    skyAtmosphere: false,
    ...extraOptions,
  });
}

/** The viewer's WebGL context (Cesium keeps it private), to wait for SwiftShader to finish a frame. */
export function glOf(viewer: Viewer): WebGLRenderingContext {
  return (viewer.scene as unknown as { context: { _gl: WebGLRenderingContext } }).context._gl;
}
