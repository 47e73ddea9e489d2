/**
 * Companion views (issue 16 multi view and then-and-now comparison): further, small Cesium viewers beside the main
 * map, each built from a declarative {@link CompanionViewSpec} (base map, terrain, 3D Tiles, GeoJSON and imagery
 * layers), with their cameras kept in step with the main map's both ways.
 *
 * Pure parts (tested without Cesium): {@link createCameraMirror}, which keeps several cameras in step without
 * feedback loops, and {@link resolveCompanionSources}, which turns a spec's manifest ids into what is drawn.
 * {@link createCompanionViews} builds the viewers with the Cesium module the map host loaded (no import of its own,
 * so Cesium stays out of the first paint), light rendering and request-render mode, and the host's terrain
 * providers (one per terrain URL, shared with the main map: Cesium lets globes share a provider, not their tiles).
 */
import type { BaseMapManifest, TerrainManifest } from '../manifests/schemas';
import type { CameraChange, CameraState, CameraView, CompanionView, CompanionViews, CompanionViewSpec, Disposer, Language } from '../plugin/types';
import { combineAdjustments, DEFAULT_IMAGERY_ADJUSTMENTS, loadBaseMaps, type BaseMapSource } from './baseMaps';
import { createBaseMapImageryLayer } from './baseMapLayer';
import { applyCameraView, createCameraChangeEvents, readCameraState, signedDegrees } from './cameraControl';
import { creditText } from './creditLine';
import { applyLiteRendering } from './liteRendering';
import { DEFAULT_TERRAIN, TERRAIN_MANIFESTS } from './terrains';
import { widgetlessViewerOptions } from './widgetlessViewer';

// ---- camera mirroring (pure) ----------------------------------------------------------------------------------

/** A camera the mirror keeps in step: the main map's facade or a companion view. */
export interface MirroredCamera {
  cameraState(): CameraState | null;
  /** Puts the camera at `view` at once. */
  setView(view: CameraView): void;
  onCameraChanged(listener: (state: CameraState, change: CameraChange) => void): Disposer;
}

/**
 * Whether `reported` is the camera a mirror set (`expected`), read back through Cesium: positions to about a
 * centimetre, angles to a hundredth of a degree (the round trip through Cesium's matrices is not exact).
 */
export function sameCamera(expected: CameraState, reported: CameraState): boolean {
  return (
    Math.abs(expected.longitude - reported.longitude) < 1e-7 &&
    Math.abs(expected.latitude - reported.latitude) < 1e-7 &&
    Math.abs(expected.heightMeters - reported.heightMeters) < 0.02 &&
    Math.abs(signedDegrees(expected.headingDegrees - reported.headingDegrees)) < 0.01 &&
    Math.abs(expected.pitchDegrees - reported.pitchDegrees) < 0.01 &&
    Math.abs(signedDegrees(expected.rollDegrees - reported.rollDegrees)) < 0.01
  );
}

export interface CameraMirror {
  /** Adds a camera: it is put where the first camera added is now, then kept in step; the disposer takes it out. */
  add(camera: MirroredCamera): Disposer;
  dispose(): void;
}

/**
 * Keeps cameras in step: a move in any of them is copied to all the others. A camera reporting the view the mirror
 * just gave it is hearing its own echo and is not copied back (no feedback loop, and a flight in the main map is not
 * cut short by its companions' echoes); any other report is a move of its own.
 */
export function createCameraMirror(): CameraMirror {
  const members = new Map<MirroredCamera, { expected: CameraState | null; stop: Disposer }>();
  const copy = (from: MirroredCamera, state: CameraState) => {
    for (const [camera, member] of members) {
      if (camera === from) continue;
      member.expected = { ...state };
      try {
        camera.setView(state);
      } catch (error) {
        console.error('a mirrored camera refused a view', error);
      }
    }
  };
  const mirror: CameraMirror = {
    add(camera) {
      const leader = members.keys().next().value as MirroredCamera | undefined;
      const member = { expected: null as CameraState | null, stop: (() => {}) as Disposer };
      members.set(camera, member);
      member.stop = camera.onCameraChanged((state) => {
        if (member.expected && sameCamera(member.expected, state)) return;
        member.expected = null;
        copy(camera, state);
      });
      const start = leader?.cameraState();
      if (start) {
        member.expected = { ...start };
        camera.setView(start);
      }
      return () => {
        member.stop();
        members.delete(camera);
      };
    },
    dispose() {
      for (const member of members.values()) member.stop();
      members.clear();
    },
  };
  return mirror;
}

// ---- what a spec draws (pure) ---------------------------------------------------------------------------------

/** What {@link resolveCompanionSources} makes of a spec. */
export interface CompanionSources {
  baseMap: BaseMapSource;
  /** The DEM terrain's URL, or null for the flat ellipsoid. */
  terrainUrl: string | null;
}

/**
 * The base map and terrain a spec names: `baseMapId` among `baseMaps` (default: the one marked default, else the
 * first), `terrainUrl` as given, else `terrainId` among `terrains` (default: the map's default terrain). Throws an
 * `Error` naming an id that is not there, so a caller's typo is not shown as some other map.
 */
export function resolveCompanionSources(
  spec: CompanionViewSpec,
  baseMaps: readonly BaseMapManifest[],
  terrains: readonly TerrainManifest[],
  defaultTerrainUrl: string | null,
): CompanionSources {
  const baseMap = spec.baseMapId ? baseMaps.find((entry) => entry.id === spec.baseMapId) : (baseMaps.find((entry) => entry.default) ?? baseMaps[0]);
  if (!baseMap) throw new Error(spec.baseMapId ? `companion view: no base map "${spec.baseMapId}" in manifests/basemaps` : 'companion view: there is no base map');
  let terrainUrl: string | null = defaultTerrainUrl;
  if (spec.terrainUrl !== undefined) terrainUrl = spec.terrainUrl;
  else if (spec.terrainId !== undefined) {
    const terrain = terrains.find((entry) => entry.id === spec.terrainId);
    if (!terrain) throw new Error(`companion view: no terrain "${spec.terrainId}" in manifests/terrains`);
    terrainUrl = terrain.kind === 'ellipsoid' ? null : (terrain.url ?? defaultTerrainUrl);
  }
  return { baseMap, terrainUrl };
}

const shippedBaseMaps = loadBaseMaps(import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' })).baseMaps;

// ---- the viewers ----------------------------------------------------------------------------------------------

type CesiumModule = typeof import('cesium');
type Viewer = import('cesium').Viewer;

/** The globe's colour where no imagery has loaded: the relief's "no data" tone, as on the main map. */
const COMPANION_GLOBE_COLOUR = '#bcbab6';

/** What the map host gives {@link createCompanionViews}. */
export interface CompanionViewsHost {
  /** Cesium once loaded (waits for it). */
  cesium(): Promise<CesiumModule>;
  /** The main map's camera, the one the companions follow and lead. */
  main: MirroredCamera;
  /** The host's terrain provider for a DEM URL (shared with the main map). */
  terrainProvider(url: string): Promise<import('cesium').TerrainProvider>;
  language(): Language;
}

export function createCompanionViews(host: CompanionViewsHost): CompanionViews & { dispose(): void } {
  let mirror: CameraMirror | null = null;
  let stopMain: Disposer | null = null;
  const open = new Set<CompanionView>();

  const joinMirror = (camera: MirroredCamera): Disposer => {
    if (!mirror) {
      mirror = createCameraMirror();
      stopMain = mirror.add(host.main);
    }
    const leave = camera === host.main ? () => {} : mirror.add(camera);
    return () => {
      leave();
      if (open.size === 0) {
        stopMain?.();
        stopMain = null;
        mirror?.dispose();
        mirror = null;
      }
    };
  };

  const views: CompanionViews & { dispose(): void } = {
    async open(element, spec) {
      const sources = resolveCompanionSources(spec, shippedBaseMaps, TERRAIN_MANIFESTS, DEFAULT_TERRAIN.kind === 'ellipsoid' ? null : (DEFAULT_TERRAIN.url ?? null));
      const Cesium = await host.cesium();
      const viewer = createLightViewer(Cesium, element);
      const cleanups: Array<() => void> = [];
      try {
        const layer = createBaseMapImageryLayer(Cesium, sources.baseMap);
        Object.assign(layer, combineAdjustments(sources.baseMap, DEFAULT_IMAGERY_ADJUSTMENTS));
        viewer.imageryLayers.add(layer, 0);
        viewer.scene.globe.showWaterEffect = sources.baseMap.waterEffect ?? true;
        const credits = [sources.baseMap.credit ? creditText(sources.baseMap.credit, host.language()) : undefined];
        for (const imagery of spec.layers ?? []) {
          if (imagery.kind !== 'imagery') continue;
          viewer.imageryLayers.addImageryProvider(
            new Cesium.UrlTemplateImageryProvider({ url: imagery.url, maximumLevel: imagery.maximumLevel, tilingScheme: new Cesium.WebMercatorTilingScheme() }),
          );
          credits.push(imagery.credit);
        }
        for (const text of credits) if (text) viewer.creditDisplay.addStaticCredit(new Cesium.Credit(text, true));
        if (sources.terrainUrl) viewer.terrainProvider = await host.terrainProvider(sources.terrainUrl);
        for (const tileset of spec.tilesets ?? []) {
          const loaded = await Cesium.Cesium3DTileset.fromUrl(tileset.url, {
            maximumScreenSpaceError: tileset.maximumScreenSpaceError ?? 32,
            // Cesium 1.140 queues every scene's environment-map commands in one static queue, run by whichever scene
            // updates next: a second viewer's would run in the main map's WebGL context ("object does not belong to
            // this context"). Without its own environment map a companion neither queues nor runs them.
            environmentMapOptions: { enabled: false },
          });
          const appearance = tileset.appearance?.(Cesium);
          if (appearance?.style) loaded.style = appearance.style as import('cesium').Cesium3DTileStyle;
          if (appearance?.customShader) loaded.customShader = appearance.customShader as import('cesium').CustomShader;
          viewer.scene.primitives.add(loaded);
        }
        for (const geojson of spec.layers ?? []) {
          if (geojson.kind !== 'geojson') continue;
          const source = await Cesium.GeoJsonDataSource.load(geojson.url, {
            stroke: Cesium.Color.fromCssColorString(geojson.strokeColour),
            fill: Cesium.Color.fromCssColorString(geojson.fillColour ?? 'rgba(0, 0, 0, 0)'),
            strokeWidth: 2,
            clampToGround: true,
          });
          await viewer.dataSources.add(source);
        }
      } catch (error) {
        viewer.destroy();
        throw error;
      }
      const events = createCameraChangeEvents(() => (viewer.isDestroyed() ? null : readCameraState(Cesium, viewer.camera)));
      cleanups.push(
        viewer.scene.postRender.addEventListener(() => events.frameDrawn()),
        viewer.scene.camera.moveEnd.addEventListener(() => events.moveEnded()),
        viewer.scene.globe.tileLoadProgressEvent.addEventListener((queued: number) => {
          if (queued === 0) viewer.scene.requestRender();
        }),
      );
      const camera: MirroredCamera = {
        cameraState: () => (viewer.isDestroyed() ? null : readCameraState(Cesium, viewer.camera)),
        setView: (view) => {
          if (!viewer.isDestroyed()) applyCameraView(Cesium, viewer, view, 0);
        },
        onCameraChanged: (listener) => events.subscribe(listener),
      };
      let leave: Disposer = () => {};
      const view: CompanionView = {
        element,
        cameraState: camera.cameraState,
        setView: camera.setView,
        tilesLoaded: () => !viewer.isDestroyed() && viewer.scene.globe.tilesLoaded && tilesetsLoaded(Cesium, viewer),
        close() {
          if (!open.delete(view)) return;
          leave();
          for (const cleanup of cleanups.splice(0)) cleanup();
          if (!viewer.isDestroyed()) viewer.destroy();
        },
      };
      open.add(view);
      leave = spec.syncCamera === false ? () => {} : joinMirror(camera);
      viewer.scene.requestRender();
      return view;
    },
    list: () => [...open],
    dispose() {
      for (const view of [...open]) view.close();
    },
  };
  return views;
}

/** A viewer with no widgets, drawn only on demand, in light rendering on a small canvas (SwiftShader is slow). */
function createLightViewer(Cesium: CesiumModule, element: HTMLElement): Viewer {
  const viewer = new Cesium.Viewer(element, widgetlessViewerOptions(Cesium, { lite: true, requestRenderMode: true }));
  viewer.scene.globe.depthTestAgainstTerrain = true;
  viewer.scene.globe.baseColor = Cesium.Color.fromCssColorString(COMPANION_GLOBE_COLOUR);
  applyLiteRendering(viewer, true);
  return viewer;
}

function tilesetsLoaded(Cesium: CesiumModule, viewer: Viewer): boolean {
  const primitives = viewer.scene.primitives;
  for (let index = 0; index < primitives.length; index += 1) {
    const primitive: unknown = primitives.get(index);
    if (primitive instanceof Cesium.Cesium3DTileset && primitive.show && !primitive.tilesLoaded) return false;
  }
  return true;
}
