import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MapFacade } from '../plugin/types';
import { BASE_MAP_STYLES, clampAdjustment, combineAdjustments, DEFAULT_IMAGERY_ADJUSTMENTS, defaultBaseMap, loadBaseMaps } from './baseMaps';
import { createDeferredMapFacade } from './deferredFacade';
import { createNoopMapFacade } from './noopFacade';
import { applyLiteRendering, FULL_RENDERING, LITE_RENDERING, type RenderingTarget } from './liteRendering';

const baseMapFolder = resolve(import.meta.dirname, '../../manifests/basemaps');
const baseMapFiles = Object.fromEntries(
  readdirSync(baseMapFolder).map((name) => [join(baseMapFolder, name), JSON.parse(readFileSync(join(baseMapFolder, name), 'utf8'))]),
);

describe('base maps', () => {
  it('manifests/basemaps holds one valid base map per style, in the drawer order, the relief the default', () => {
    const { baseMaps, problems } = loadBaseMaps(baseMapFiles);
    expect(problems).toEqual([]);
    expect(baseMaps.map((map) => map.style)).toEqual([...BASE_MAP_STYLES]);
    // `v` names the tiles' look (server/terrain RELIEF_STYLE_VERSION; relief.test.ts checks they agree).
    expect(defaultBaseMap(baseMaps)?.url).toBe('/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?v=v3');
    for (const style of ['regular', 'dark', 'grey']) {
      expect(baseMaps.find((map) => map.style === style)?.url).toBe(`/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=${style}&v=v3`);
    }
    expect(baseMaps.find((map) => map.style === 'ortho')?.availabilityUrl).toBe('/mapviewer/api/tiles/ortho.json');
  });

  it('reports an invalid manifest instead of throwing, and keeps the valid ones', () => {
    const { baseMaps, problems } = loadBaseMaps({ ...baseMapFiles, 'broken.json': { id: 'broken', style: 'sepia' } });
    expect(baseMaps).toHaveLength(BASE_MAP_STYLES.length);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0].file).toBe('broken.json');
  });

  it('puts the sliders on top of the base map’s own adjustments, and keeps values inside the slider ranges', () => {
    const neutral = { ...DEFAULT_IMAGERY_ADJUSTMENTS };
    expect(combineAdjustments(neutral, { brightness: 1.5, contrast: 0.5, hue: 0.3, saturation: 0 })).toEqual({
      brightness: 1.5,
      contrast: 0.5,
      hue: 0.3,
      saturation: 0,
    });
    expect(combineAdjustments({ brightness: 0.8, contrast: 1.2, hue: 0.1, saturation: 0.5 }, neutral)).toEqual({
      brightness: 0.8,
      contrast: 1.2,
      hue: 0.1,
      saturation: 0.5,
    });
    expect(clampAdjustment('brightness', 7)).toBe(2);
    expect(clampAdjustment('hue', -10)).toBe(-Math.PI);
    expect(clampAdjustment('saturation', Number.NaN)).toBe(1);
  });
});

function fakeViewer() {
  const viewer = {
    renders: 0,
    resolutionScale: 1,
    scene: {
      msaaSamples: 4,
      postProcessStages: { fxaa: { enabled: true } },
      fog: { enabled: true },
      skyAtmosphere: { show: true },
      sun: { show: true },
      moon: { show: true },
      globe: { showGroundAtmosphere: true, maximumScreenSpaceError: 2, tileCacheSize: 100 },
      requestRender: () => {
        viewer.renders += 1;
      },
    },
  };
  return viewer satisfies RenderingTarget;
}

describe('light rendering', () => {
  it('turns anti-aliasing, fog, atmosphere, sun and moon off, coarsens tiles and pixels, and back again', () => {
    const viewer = fakeViewer();
    applyLiteRendering(viewer, true);
    expect(viewer.scene.msaaSamples).toBe(LITE_RENDERING.msaaSamples);
    expect(viewer.scene.postProcessStages.fxaa.enabled).toBe(false);
    expect([viewer.scene.fog.enabled, viewer.scene.skyAtmosphere.show, viewer.scene.sun.show, viewer.scene.moon.show]).toEqual([false, false, false, false]);
    expect(viewer.scene.globe).toEqual({ showGroundAtmosphere: false, maximumScreenSpaceError: 4, tileCacheSize: LITE_RENDERING.tileCacheSize });
    expect(viewer.resolutionScale).toBe(0.75);
    expect(viewer.renders).toBe(1);

    applyLiteRendering(viewer, false);
    expect(viewer).toMatchObject(fakeViewerMatching(FULL_RENDERING));
    expect(viewer.renders).toBe(2);
  });
});

function fakeViewerMatching(settings: typeof FULL_RENDERING) {
  return {
    resolutionScale: settings.resolutionScale,
    scene: {
      msaaSamples: settings.msaaSamples,
      postProcessStages: { fxaa: { enabled: settings.fxaa } },
      fog: { enabled: settings.atmosphere },
      globe: { showGroundAtmosphere: settings.atmosphere, maximumScreenSpaceError: settings.maximumScreenSpaceError, tileCacheSize: settings.tileCacheSize },
    },
  };
}

/** A map that records the style calls and lets the test emit frame times. */
function styleRecordingMap() {
  const calls: string[] = [];
  const frameListeners = new Set<(ms: number) => void>();
  let lite = false;
  const map: MapFacade = createNoopMapFacade({
    setBaseMap: (baseMap) => calls.push(`base-map:${baseMap.url}`),
    setImageryAdjustments: (a) => calls.push(`adjust:${a.brightness},${a.contrast},${a.hue},${a.saturation}`),
    setLite: (on) => {
      lite = on;
      calls.push(`lite:${on}`);
    },
    isLite: () => lite,
    onFrameTime: (listener) => {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
  });
  return { map, calls, emitFrame: (ms: number) => frameListeners.forEach((listener) => listener(ms)), frameListeners };
}

describe('deferred map facade: base map, adjustments, light rendering, frame times', () => {
  const dark = { kind: 'xyz', url: 'dark/{z}/{x}/{y}.png', minimumLevel: 0, maximumLevel: 14, ...DEFAULT_IMAGERY_ADJUSTMENTS } as const;

  it('applies the latest choices to every map attached, and moves frame-time listeners along', async () => {
    const facade = createDeferredMapFacade();
    facade.setBaseMap(dark);
    facade.setImageryAdjustments({ brightness: 1.2, contrast: 1, hue: 0, saturation: 0.5 });
    facade.setLite(true);
    expect(facade.isLite()).toBe(true);
    const frames: number[] = [];
    facade.onFrameTime((ms) => frames.push(ms));

    const first = styleRecordingMap();
    const detach = facade.attach(first.map);
    await facade.whenReady();
    expect(first.calls).toEqual(['base-map:dark/{z}/{x}/{y}.png', 'adjust:1.2,1,0,0.5', 'lite:true']);
    first.emitFrame(120);
    expect(frames).toEqual([120]);

    detach();
    expect(first.frameListeners.size).toBe(0);
    const second = styleRecordingMap();
    facade.attach(second.map);
    await facade.whenReady();
    expect(second.calls).toEqual(['base-map:dark/{z}/{x}/{y}.png', 'adjust:1.2,1,0,0.5', 'lite:true']);
    facade.setLite(false);
    expect(second.calls.at(-1)).toBe('lite:false');
    expect(facade.isLite()).toBe(false);
    second.emitFrame(30);
    expect(frames).toEqual([120, 30]);
  });
});
