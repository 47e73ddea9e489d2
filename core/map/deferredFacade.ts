import type { Disposer, GroundPolyline, LayerSplit, MapFacade, PointerMode } from '../plugin/types';
import type { BaseMapSource, ImageryAdjustments } from './baseMaps';
import { createTemporaryGraphicsLayers, type GraphicsBackend } from './temporaryGraphics';
import { checkCameraView, checkLookAt, fittedBounds, flightSeconds } from './cameraControl';
import { createDeferredSceneClock } from './sceneClock';
import { createDeferredMapLighting } from './lighting';
import { createGroundTranslucency } from './groundTranslucency';

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
  // Layer drawer: the latest terrain and textured mode asked for, applied to every map attached (a remounted map
  // starts from the default terrain); calls made while no map is live resolve once one has the terrain.
  let latestTerrain: { kind: Parameters<MapFacade['setTerrain']>[0]; url?: string } | null = null;
  let terrainWaiters: Array<() => void> = [];
  let latestTextured: boolean | null = null;
  // Map style drawer and slow-client light mode: the latest base map, adjustments and light rendering asked for,
  // applied to every map attached (a remounted map starts from its defaults); frame-time listeners move along.
  let latestBaseMap: BaseMapSource | null = null;
  let latestAdjustments: ImageryAdjustments | null = null;
  let latestLite: boolean | null = null;
  const frameTimeListeners = new Set<(milliseconds: number) => void>();
  let stopFrameTimes: (() => void) | null = null;
  // Ground lines: lines drawn before a map is live (or on a map that was remounted) are drawn on the next one.
  // (Clicks reach tools through pointer modes, below.)
  const groundLines = new Map<symbol, { lines: ReadonlyArray<GroundPolyline>; erase: (() => void) | null }>();
  // Interaction modes and temporary graphics: kept here and handed to every map attached, so a tool that took
  // the pointer or drew before the map was live (or before a remount) keeps it on the next map.
  const pointerModes = new Map<symbol, { mode: PointerMode; release: Disposer | null }>();
  const graphics = createTemporaryGraphicsLayers();
  let threeDContent = true;
  // Split layers: the latest split asked for, applied to every map attached.
  let latestSplit: LayerSplit | null = null;
  const liveGraphics = (map: MapFacade): GraphicsBackend => (kind, items, owner, requiresThreeD) => {
    const layer = map.temporaryGraphics(owner, { requiresThreeD });
    switch (kind) {
      case 'points':
        return layer.addPoints(items as Parameters<typeof layer.addPoints>[0]);
      case 'polylines':
        return layer.addGroundPolylines(items as Parameters<typeof layer.addGroundPolylines>[0]);
      case 'polygons':
        return layer.addGroundPolygons(items as Parameters<typeof layer.addGroundPolygons>[0]);
      case 'polylines3D':
        return layer.addPolylines(items as Parameters<typeof layer.addPolylines>[0]);
      case 'labels':
        return layer.addLabels(items as Parameters<typeof layer.addLabels>[0]);
      case 'polygons3D':
        return layer.addPolygons(items as Parameters<typeof layer.addPolygons>[0]);
      default:
        return () => {};
    }
  };
  // Registrations that last (camera listeners, frame listeners, camera control holds): kept here and made again
  // on every map attached, so what a tool asked for before the map was live (or before a remount) holds on the next.
  const registrations = new Map<symbol, { register: (map: MapFacade) => Disposer; release: Disposer | null }>();
  const keep = (register: (map: MapFacade) => Disposer): Disposer => {
    const key = Symbol('registration');
    registrations.set(key, { register, release: live ? register(live) : null });
    return () => {
      registrations.get(key)?.release?.();
      registrations.delete(key);
    };
  };
  const sceneClock = createDeferredSceneClock();
  const lighting = createDeferredMapLighting();
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
        if (latestTextured !== null) next.setTextured(latestTextured);
        if (latestTerrain) {
          const waiters = terrainWaiters;
          terrainWaiters = [];
          void next.setTerrain(latestTerrain.kind, latestTerrain.url).then(() => waiters.forEach((resolve) => resolve()));
        }
        if (latestBaseMap) next.setBaseMap(latestBaseMap);
        if (latestAdjustments) next.setImageryAdjustments(latestAdjustments);
        if (latestLite !== null) next.setLite(latestLite);
        stopFrameTimes = next.onFrameTime((milliseconds) => {
          for (const listener of frameTimeListeners) listener(milliseconds);
        });
        for (const drawing of groundLines.values()) drawing.erase = next.drawGroundPolylines(drawing.lines);
        next.setThreeDContent(threeDContent);
        if (latestSplit) next.setLayerSplit(latestSplit);
        graphics.setBackend(liveGraphics(next));
        for (const entry of pointerModes.values()) entry.release = next.takePointer(entry.mode);
        for (const entry of registrations.values()) entry.release = entry.register(next);
        sceneClock.attach(next.clock());
        lighting.attach(next.lighting());
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
        stopFrameTimes?.();
        stopFrameTimes = null;
        for (const drawing of groundLines.values()) {
          drawing.erase?.();
          drawing.erase = null;
        }
        graphics.setBackend(null);
        for (const entry of [...pointerModes.values(), ...registrations.values()]) {
          entry.release?.();
          entry.release = null;
        }
        sceneClock.attach(null);
        lighting.attach(null);
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
    setTerrain(kind, url) {
      latestTerrain = { kind, url };
      if (live) return live.setTerrain(kind, url);
      return new Promise<void>((resolve) => terrainWaiters.push(resolve));
    },
    setTextured(on) {
      latestTextured = on;
      live?.setTextured(on);
    },
    setBaseMap(baseMap) {
      latestBaseMap = baseMap;
      live?.setBaseMap(baseMap);
    },
    setImageryAdjustments(adjustments) {
      latestAdjustments = { ...adjustments };
      live?.setImageryAdjustments(adjustments);
    },
    setLite(on) {
      latestLite = on;
      live?.setLite(on);
    },
    isLite: () => live?.isLite() ?? latestLite ?? false,
    onFrameTime(listener) {
      frameTimeListeners.add(listener);
      return () => {
        frameTimeListeners.delete(listener);
      };
    },
    async pick(at) {
      await ready;
      return live ? live.pick(at) : null;
    },
    takePointer(mode) {
      const key = Symbol(mode.id);
      // Escape ends the mode on the live map; forget it here too, so a remount does not hand it the pointer again.
      const handed: PointerMode = {
        ...mode,
        onEnd: () => {
          pointerModes.delete(key);
          mode.onEnd?.();
        },
      };
      pointerModes.set(key, { mode: handed, release: live ? live.takePointer(handed) : null });
      return () => {
        pointerModes.get(key)?.release?.();
        pointerModes.delete(key);
      };
    },
    pointerMode: () => (live ? live.pointerMode() : ([...pointerModes.values()].at(-1)?.mode.id ?? null)),
    highlightFeature: (feature, colour) => live?.highlightFeature(feature, colour) ?? (() => {}),
    temporaryGraphics: (owner, options) => graphics.layer(owner, options),
    setThreeDContent(on) {
      threeDContent = on;
      graphics.setThreeDContent(on);
      live?.setThreeDContent(on);
    },
    cameraState: () => live?.cameraState() ?? null,
    // Camera moves are checked here, so a bad value throws to the caller even before the map exists.
    setView(view, options) {
      checkCameraView(view);
      flightSeconds(options?.durationSeconds);
      camera((t) => t.setView(view, options));
    },
    lookAt(target, offset, options) {
      checkLookAt(target, offset);
      flightSeconds(options?.durationSeconds);
      camera((t) => t.lookAt(target, offset, options));
    },
    flyToBounds(bounds, options) {
      fittedBounds(bounds, options?.paddingRatio);
      flightSeconds(options?.durationSeconds);
      camera((t) => t.flyToBounds(bounds, options));
    },
    onCameraChanged: (listener) => keep((map) => map.onCameraChanged(listener)),
    takeCameraControl: () => keep((map) => map.takeCameraControl()),
    onFrame: (listener) => keep((map) => map.onFrame(listener)),
    async sampleHeights(positions, options) {
      await ready;
      return live ? live.sampleHeights(positions, options) : positions.map(() => null);
    },
    clock: () => sceneClock,
    lighting: () => lighting,
    captureStream: (framesPerSecond) => live?.captureStream(framesPerSecond) ?? null,
    captureImage: () => (live ? live.captureImage() : Promise.reject(new Error('captureImage: the map does not exist yet'))),
    container: () => live?.container() ?? null,
    setLayerSplit(split) {
      latestSplit = split ? { ...split } : null;
      live?.setLayerSplit(split);
    },
    layerSplit: () => (live ? live.layerSplit() : latestSplit),
    // Companion views are viewers of the live map's Cesium: opened once it exists.
    companionViews: () => ({
      async open(element, spec) {
        await ready;
        if (!live) throw new Error('companion views: the map was removed before the view opened');
        return live.companionViews().open(element, spec);
      },
      list: () => live?.companionViews().list() ?? [],
    }),
    // A hold lasts across remounts like the other registrations; its range is checked at once.
    holdGroundTranslucency(hold) {
      createGroundTranslucency({ apply: () => {} }).hold(hold);
      return keep((map) => map.holdGroundTranslucency(hold));
    },
    drawGroundPolylines(lines) {
      const key = Symbol('ground lines');
      groundLines.set(key, { lines, erase: live ? live.drawGroundPolylines(lines) : null });
      return () => {
        groundLines.get(key)?.erase?.();
        groundLines.delete(key);
      };
    },
  };
}

/**
 * The app's one map facade: the plugin host gives it to plugins as `ctx.map`, and the map page attaches the
 * real Cesium host to it when it mounts.
 */
export const sharedMapFacade: DeferredMapFacade = createDeferredMapFacade();
