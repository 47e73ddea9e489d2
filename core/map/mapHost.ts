/**
 * The map host: owns the one Cesium `Viewer` of the map page. Cesium is imported dynamically, so the shell
 * paints before the ~4 MB engine arrives; nothing is fetched from outside the portal (no ion, no Bing, no CDN).
 *
 * StrictMode-safe: `createMapHost` returns the live host already bound to a container instead of making a
 * second viewer, and a host disposed while Cesium is still loading never creates its viewer.
 */
import type { Language, MapFacade } from '../plugin/types';
import type { GroundPolyline } from '../plugin/types';
import type { CameraChange, CameraState, Disposer, MapPickResult, PickedFeature, PointerMode, ScreenPoint, TemporaryGraphics } from '../plugin/types';
import type { CameraView, FrameInfo, GeoBounds, MapLighting, SceneClock } from '../plugin/types';
import type { TrilingualText, View } from '../manifests/schemas';
import { withChunkTimeout } from '../chunks/chunkLoading';
import {
  DEFAULT_FLY_TO_HEIGHT_METERS,
  FALLBACK_HOME_VIEW,
  FALLBACK_START_VIEW,
  MINIMUM_ZOOM_DISTANCE_METERS,
  POPUP_CLOSE_RISE_METERS,
  TOOL_FLIGHT_SECONDS,
  fieldOfViewRadians,
  toRadians,
  zoomedRange,
} from './views';
import { DEFAULT_TERRAIN, FALLBACK_TERRAIN, type TerrainKind } from './terrains';
// Map style drawer and slow-client light mode: base maps, imagery adjustments, light rendering.
import { combineAdjustments, DEFAULT_BASE_MAP, DEFAULT_IMAGERY_ADJUSTMENTS, type BaseMapSource, type ImageryAdjustments } from './baseMaps';
import { createStaticCreditLine, localiseCreditDisplay, MapCredits, type CreditDisplayTexts, type StaticCreditLine } from './creditLine';
import { applyLiteRendering } from './liteRendering';
import { visibleLabelRects } from './labelRects';
import { settleGroundClamping, type GroundClampSettling } from './groundClampSettling';
// Picking, highlight, temporary graphics and interaction modes (identify, inspector, analysis tools).
import { canvasCentre, DEFAULT_HIGHLIGHT_COLOUR, highlightFeature, pickAt } from './picking';
import { cesiumGraphicsBackend, createTemporaryGraphicsLayers, drawGroundPolylines } from './temporaryGraphics';
import { createInteractionModes } from './interactionModes';
import { wirePointerInput } from './pointerInput';
// Camera control, frames, heights, the scene clock and canvas capture (issue 14's map tools).
import {
  applyCameraView,
  createCameraChangeEvents,
  createNavigationControl,
  flightSeconds,
  flyToBox,
  lookAtPlace,
  readCameraState,
  type NavigationControl,
} from './cameraControl';
import { createFrameListeners, createRenderDemand, type RenderDemand } from './renderDemand';
import { cesiumHeightSources, sampleHeights } from './heightSampling';
import { cesiumClockBackend, createDeferredSceneClock, createSceneClock } from './sceneClock';
import { cesiumLightingBackend, createDeferredMapLighting, createMapLighting } from './lighting';
import { createCanvasCapture, type CanvasCapture } from './canvasCapture';
// Split layers and companion views (issue 16: split layers, multi view, then-and-now comparison).
import type { CompanionViews, LayerSplit } from '../plugin/types';
import { createLayerSplit, type LayerSplitControl } from './layerSplit';
import { createCompanionViews } from './companionViews';
import { cesiumGroundTranslucencyBackend, createGroundTranslucency, type GroundTranslucency } from './groundTranslucency';
import { widgetlessViewerOptions } from './widgetlessViewer';
import { createBaseMapImageryLayer } from './baseMapLayer';

type CesiumModule = typeof import('cesium');
type Viewer = import('cesium').Viewer;

/** Where Cesium finds its workers, assets and widget CSS: copied beside the bundle by vite.config.ts. */
export function cesiumBaseUrl(): string {
  return `${import.meta.env?.BASE_URL ?? '/mapviewer/app/'}cesium/`;
}

let cesiumPromise: Promise<CesiumModule> | null = null;

/** Loads Cesium once, after setting `CESIUM_BASE_URL` (it must be set before the module evaluates). */
export function loadCesium(): Promise<CesiumModule> {
  if (!cesiumPromise) {
    const win = window as unknown as { CESIUM_BASE_URL?: string };
    win.CESIUM_BASE_URL ??= cesiumBaseUrl();
    ensureWidgetStyles(win.CESIUM_BASE_URL);
    // SPEC §7: a script chunk that has not arrived within 120 s counts as failed (ChunkLoadError), and can be retried.
    cesiumPromise = withChunkTimeout(import('cesium')).then((Cesium) => {
      Cesium.Ion.defaultAccessToken = '';
      // Cesium ion is never used, so its logo has no place in the credits: those name only the map's data sources.
      (Cesium.CreditDisplay as unknown as { cesiumCredit: import('cesium').Credit | undefined }).cesiumCredit = undefined;
      return Cesium;
    });
    cesiumPromise.catch(() => {
      cesiumPromise = null;
    });
  }
  return cesiumPromise;
}

function ensureWidgetStyles(baseUrl: string): void {
  if (document.querySelector('link[data-cesium-widgets]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `${baseUrl}Widgets/widgets.css`;
  link.dataset.cesiumWidgets = '';
  document.head.appendChild(link);
}

/** Options of {@link createMapHost}. */
export interface MapHostOptions {
  /** First camera position (variant start view, desktop or mobile). Default: south of the territory, 26,042 m. */
  startView?: View;
  /** Home extent (variant home view). Default: the whole territory at 90,000 m. */
  homeView?: View;
  /** Light rendering for SwiftShader and slow clients (no fog, atmosphere, shadows, FXAA; coarser tiles). */
  lite?: boolean;
  /** Shaded-relief XYZ tile template (Web Mercator). Default `/mapviewer/api/tiles/relief/{z}/{x}/{y}.png`. */
  reliefUrl?: string;
  /** Deepest relief tile level. Default 14. */
  reliefMaximumLevel?: number;
  /** The base map to start with (manifests/basemaps); default: the shaded relief at `reliefUrl`. */
  baseMap?: BaseMapSource;
  /** The page language, for the base map's credit line. Default en-US; later changes: {@link MapHost.setLanguage}. */
  language?: Language;
  /** Cesium's credit widget texts in the page language. Default: Cesium's English; later changes: {@link MapHost.setLanguage}. */
  creditTexts?: CreditDisplayTexts;
  /** Cesium heightmap terrain root. Default: the default terrain manifest's (manifests/terrains). */
  terrainUrl?: string;
  /** The terrain kind to start with. Default: the default terrain manifest's. */
  terrainKind?: TerrainKind;
  /** Called when the terrain could not be loaded and the flat ellipsoid is used instead. */
  onTerrainUnavailable?: (error: unknown) => void;
  /** Called when the viewer could not be created (no WebGL, Cesium failed to load). */
  onError?: (error: unknown) => void;
}

/** A click on the globe: the picked primitive (if any) and the screen position in CSS pixels. */
export interface MapPick {
  picked: unknown;
  x: number;
  y: number;
}

/** The map host: the {@link MapFacade} plus what the map page and core services need. */
export interface MapHost extends MapFacade {
  /** Resolves when the viewer exists; rejects when it could not be created. */
  readonly ready: Promise<void>;
  /** Resolves when the first globe tiles (and the terrain) have loaded and been drawn. */
  readonly firstTilesLoaded: Promise<void>;
  dispose(): void;
  isDisposed(): boolean;
  /**
   * Stops the map loading (SPEC §4 "Mobile loading can be paused by the user and resumed by reloading"): no
   * frame is drawn from now on, so no more terrain, imagery or 3D tiles are requested. There is no resume: the
   * user reloads the page.
   */
  pauseLoading(): void;
  /** Whether {@link pauseLoading} was called. */
  isLoadingPaused(): boolean;
  /**
   * The page language changed: the credit line and Cesium's credit widgets ("Data attribution") follow it, with
   * `creditTexts` in that language (the imagery is not reloaded).
   */
  setLanguage(language: Language, creditTexts: CreditDisplayTexts): void;
  /**
   * Declares the data sources of what `owner` (e.g. an overlay id) draws now, named in the map's credit line in
   * the page language after the base map's; undefined withdraws them (the layer was switched off). Credits
   * declared before the viewer exists are shown once it does.
   */
  showCredit(owner: string, credit: TrilingualText | undefined): void;
  /** Cesium, once loaded (for core services such as the overlay engine). */
  cesium(): CesiumModule | null;
  /** Subscribes to left clicks on the map; returns a disposer. */
  onClick(listener: (pick: MapPick) => void): () => void;
  /** Camera height above the ellipsoid, metres (NaN before ready). */
  cameraHeight(): number;
  /** Terrain height at a place from the loaded tiles, metres, or null when not loaded there. */
  heightAt(longitude: number, latitude: number): number | null;
  /** Terrain height from the most detailed tiles, metres (fetches them). */
  sampleHeight(longitude: number, latitude: number): Promise<number | null>;
  /** Raises the camera by `meters` (popup close: 300 m). */
  rise(meters?: number): void;
  /**
   * The visible tiles are loaded and drawn — the globe's and every shown 3D Tiles tileset's — with every
   * ground-clamped label and billboard at its final height.
   */
  tilesLoaded(): boolean;
  framesRendered(): number;
  /** Which terrain is in use: still loading, the portal's terrain, or the flat ellipsoid (chosen or after a failure). */
  terrain(): 'pending' | 'terrain' | 'ellipsoid';
  /** The terrain kind in use (layer drawer), null while the first terrain loads. */
  terrainKind(): TerrainKind | null;
  /** Whether the textured mode is on (see {@link MapFacade.setTextured}). */
  textured(): boolean;
  /** Screen position (CSS pixels) of a WGS84 place, or null when it is off screen. */
  screenPositionOf(longitude: number, latitude: number, heightMeters?: number): ScreenPoint | null;
}

/** Read-only test hook on `window.__hkmap` (end-to-end tests and the bench). */
export interface MapTestHook {
  /** See {@link MapHost.tilesLoaded}. */
  tilesLoaded(): boolean;
  /** Frames drawn so far (scene.postRender events); an idle map in requestRenderMode draws none. */
  framesRendered(): number;
  cameraHeight(): number;
  /** The camera's position and orientation (see {@link MapFacade.cameraState}), null before the map exists. */
  cameraState(): CameraState | null;
  heightAt(longitude: number, latitude: number): number | null;
  sampleHeight(longitude: number, latitude: number): Promise<number | null>;
  setView(view: { longitude: number; latitude: number; heightMeters: number; headingDegrees?: number; pitchDegrees?: number }): void;
  terrain(): 'pending' | 'terrain' | 'ellipsoid';
  terrainKind(): TerrainKind | null;
  textured(): boolean;
  /** Whether light rendering is on (slow-client light mode). */
  isLite(): boolean;
  /** Whether map loading was paused ({@link MapHost.pauseLoading}). */
  loadingPaused(): boolean;
  /** The interaction mode that has the pointer (e.g. `identify`, `inspector`), or null. */
  pointerMode(): string | null;
  /** Screen position (CSS pixels) of a WGS84 place, or null when it is off screen: lets tests click a known place. */
  screenPositionOf(longitude: number, latitude: number, heightMeters?: number): { x: number; y: number } | null;
  /** What a click at a screen point (CSS pixels) would pick (see {@link MapFacade.pick}). */
  pick(x: number, y: number): Promise<MapPickResult | null>;
  /**
   * Screen boxes (CSS pixels, top-left origin) and texts of the labels drawn now: shown, in range and on the
   * canvas, of every label collection in the scene (core/map/labelRects.ts). Lets tests check labels do not overlap.
   */
  visibleLabelRects(): Array<{ x: number; y: number; width: number; height: number; text: string }>;
  /** See {@link MapFacade.sampleHeights}: lets tests compare the map's heights with the DEM's. */
  sampleHeights(positions: Array<[longitude: number, latitude: number]>, options?: { includeModels?: boolean }): Promise<Array<number | null>>;
  /** See {@link MapFacade.captureStream}: lets tests record the canvas (stop its tracks when done). */
  captureStream(framesPerSecond: number): MediaStream | null;
  /** See {@link MapFacade.captureImage}. */
  captureImage(): Promise<Blob>;
  /** See {@link MapFacade.onFrameTime}: the render time of each frame, ms (bench/frameTime.ts times scenarios with it). */
  onFrameTime(listener: (milliseconds: number) => void): () => void;
}

const hosts = new WeakMap<HTMLElement, MapHost>();

/**
 * Globe colour under the imagery (seen where no tile has loaded yet, and beyond the tiles' latitudes) in textured
 * mode: the relief's plain "no data" tone (server/terrain/relief.ts `noData` of the default style), never sea-blue,
 * since nothing there is known to be water.
 */
const TEXTURED_GLOBE_COLOUR = '#bcbab6';

/** The owners of the base map's and the terrain's credits, which lead the credit line. */
const BASE_MAP_CREDIT_OWNER = 'base-map';
const TERRAIN_CREDIT_OWNER = 'terrain';
/** The plain globe of textureless mode (SPEC §1): light grey, so shapes in their textureless colours stand out. */
export const TEXTURELESS_GLOBE_COLOUR = '#d3d3d3';

/**
 * Benchmark-only switch: `?renderLoop=continuous` turns `requestRenderMode` off, so `npm run bench` can count
 * the frames of Cesium's default render loop as the baseline for our idle map (bench/frames.ts). Not a user setting.
 */
function continuousRenderLoop(): boolean {
  return typeof location !== 'undefined' && new URLSearchParams(location.search).get('renderLoop') === 'continuous';
}

/**
 * Creates the map host on `container` (or returns the live one already there). Dispose it on unmount.
 */
export function createMapHost(container: HTMLElement, options: MapHostOptions = {}): MapHost {
  const existing = hosts.get(container);
  if (existing && !existing.isDisposed()) return existing;
  const host = new CesiumMapHost(container, options);
  hosts.set(container, host);
  return host;
}

class CesiumMapHost implements MapHost {
  readonly ready: Promise<void>;
  readonly firstTilesLoaded: Promise<void>;
  private Cesium: CesiumModule | null = null;
  private instance: Viewer | null = null;
  private disposed = false;
  private frames = 0;
  private groundClamping: GroundClampSettling | null = null;
  private terrainState: 'pending' | 'terrain' | 'ellipsoid' = 'pending';
  private defaultFieldOfView = Math.PI / 3;
  private cleanups: Array<() => void> = [];
  private clickListeners = new Set<(pick: MapPick) => void>();
  private readonly cameraEvents = createCameraChangeEvents(() => this.cameraState());
  private resolveTiles!: () => void;
  // Layer drawer: terrain and textured mode.
  private terrainKindInUse: TerrainKind | null = null;
  private terrainInUseUrl: string | undefined;
  /** Bumped by every terrain request, so a slow load that was overtaken by a newer choice is dropped. */
  private terrainRequests = 0;
  /** DEM terrain providers by URL, so switching back to a terrain already loaded is immediate. */
  private demProviders = new Map<string, Promise<import('cesium').TerrainProvider>>();
  private texturedOn = true;
  /** The base imagery (relief, map styles): hidden in textureless mode. Overlay imagery (WMTS layers) is not in it. */
  private baseImagery: Array<import('cesium').ImageryLayer> = [];
  /** The latest terrain asked for (applied when the viewer exists); set in the constructor from the options. */
  private requestedTerrain!: { kind: TerrainKind; url?: string };
  // Map style drawer and slow-client light mode.
  private baseMapInUse: BaseMapSource;
  private languageInUse: Language;
  private creditTexts: CreditDisplayTexts | undefined;
  /** The credits of the base map and of each shown layer (the licences, ODbL and DATA.GOV.HK, ask for visible credit). */
  private readonly credits = new MapCredits();
  /** The credits on screen (capped to two lines by the page's CSS), once the viewer exists. */
  private creditLine: StaticCreditLine | null = null;
  /** The same credits in Cesium's "Data attribution" list, so every one can be read in full whatever the cap hides. */
  private creditList: StaticCreditLine | null = null;
  private imageryAdjustments: ImageryAdjustments = { ...DEFAULT_IMAGERY_ADJUSTMENTS };
  private liteOn: boolean;
  private loadingPaused = false;
  private frameTimeListeners = new Set<(milliseconds: number) => void>();
  // Picking, temporary graphics and interaction modes.
  private readonly modes = createInteractionModes();
  private readonly graphics = createTemporaryGraphicsLayers();
  // Camera control, frames, the scene clock and canvas capture. Claims and holds made before the viewer exists
  // are applied to it when it does.
  /** Continuous rendering while frame listeners, a playing clock or a capture stream need every frame. */
  private readonly renderDemand: RenderDemand = createRenderDemand(() => this.applyRenderMode());
  private readonly frameListeners = createFrameListeners(this.renderDemand);
  private readonly navigation: NavigationControl = createNavigationControl();
  /** The scene clock, the same object before and after the viewer exists; follows the viewer's clock once it does. */
  private readonly sceneClock = createDeferredSceneClock();
  /** The sun light and shadows, the same object before and after the viewer exists (core/map/lighting.ts). */
  private readonly sunAndShadows = createDeferredMapLighting();
  private capture: CanvasCapture | null = null;
  /** Called when the terrain asked for is in use (sampleHeights waits for a terrain still loading). */
  private terrainWaiters: Array<() => void> = [];
  // Split layers and companion views: the split asked for (applied when the viewer exists) and the companions.
  private requestedSplit: LayerSplit | null = null;
  private split: LayerSplitControl | null = null;
  /** See-through ground holds, made with the viewer on the first hold. */
  private groundTranslucency: GroundTranslucency | null = null;
  private readonly companions = createCompanionViews({
    cesium: async () => {
      await this.ready;
      if (!this.Cesium) throw new Error('companion views: the map has no Cesium');
      return this.Cesium;
    },
    main: { cameraState: () => this.cameraState(), setView: (view) => this.setView(view), onCameraChanged: (listener) => this.onCameraChanged(listener) },
    terrainProvider: async (url) => {
      const Cesium = this.Cesium;
      if (!Cesium) throw new Error('companion views: the map has no Cesium');
      return this.demProvider(Cesium, url);
    },
    language: () => this.languageInUse,
  });

  constructor(
    private readonly element: HTMLElement,
    private readonly options: MapHostOptions,
  ) {
    this.firstTilesLoaded = new Promise<void>((resolve) => (this.resolveTiles = resolve));
    this.requestedTerrain = { kind: options.terrainKind ?? DEFAULT_TERRAIN.kind, url: options.terrainUrl };
    this.liteOn = options.lite === true;
    this.languageInUse = options.language ?? 'en-US';
    this.creditTexts = options.creditTexts;
    this.baseMapInUse = options.baseMap ?? {
      kind: 'xyz',
      url: options.reliefUrl ?? '/mapviewer/api/tiles/relief/{z}/{x}/{y}.png',
      minimumLevel: 0,
      maximumLevel: options.reliefMaximumLevel ?? 18,
      credit: DEFAULT_BASE_MAP?.credit,
      ...DEFAULT_IMAGERY_ADJUSTMENTS,
    };
    this.ready = this.init();
    this.ready.catch((error: unknown) => {
      if (!this.disposed) options.onError?.(error);
    });
  }

  private async init(): Promise<void> {
    const Cesium = await loadCesium();
    if (this.disposed) throw new Error('map host disposed before Cesium loaded');
    this.Cesium = Cesium;
    const lite = this.options.lite === true;

    const viewer = new Cesium.Viewer(this.element, widgetlessViewerOptions(Cesium, { lite, requestRenderMode: !continuousRenderLoop() }));
    this.instance = viewer;
    // Paused while Cesium was loading: the viewer exists (the page has its map) but draws, and so fetches, nothing.
    if (this.loadingPaused) viewer.useDefaultRenderLoop = false;
    const { scene } = viewer;

    this.creditLine = createStaticCreditLine(viewer.creditDisplay, (text) => new Cesium.Credit(text, true));
    this.creditList = createStaticCreditLine(viewer.creditDisplay, (text) => new Cesium.Credit(text, false));
    this.applyCredits();
    if (this.creditTexts) localiseCreditDisplay(viewer.container, this.creditTexts);
    const reliefLayer = this.addBaseMapLayer(Cesium, viewer, this.baseMapInUse);
    this.baseImagery.push(reliefLayer);

    scene.globe.depthTestAgainstTerrain = true;
    scene.globe.baseColor = Cesium.Color.fromCssColorString(TEXTURED_GLOBE_COLOUR);
    scene.screenSpaceCameraController.minimumZoomDistance = MINIMUM_ZOOM_DISTANCE_METERS;
    scene.screenSpaceCameraController.maximumZoomDistance = 20_000_000;
    applyLiteRendering(viewer, lite);
    viewer.shadows = false;
    const frustum = scene.camera.frustum;
    if (frustum instanceof Cesium.PerspectiveFrustum && frustum.fov !== undefined) this.defaultFieldOfView = frustum.fov;

    this.applyRenderMode();
    this.navigation.attach(scene.screenSpaceCameraController, Cesium.CameraEventType.LEFT_DRAG);
    this.capture = createCanvasCapture(scene.canvas, this.renderDemand, () => this.requestRender());
    const liveClock = createSceneClock(cesiumClockBackend(Cesium, viewer.clock), () => this.renderDemand.claim());
    this.sceneClock.attach(liveClock);
    this.cleanups.push(() => {
      this.sceneClock.attach(null);
      liveClock.dispose();
    });
    const liveLighting = createMapLighting(cesiumLightingBackend(Cesium, viewer), liveClock);
    this.sunAndShadows.attach(liveLighting);
    this.cleanups.push(() => {
      this.sunAndShadows.attach(null);
      liveLighting.dispose();
    });
    const removePostRender = scene.postRender.addEventListener(() => {
      this.frames += 1;
      if (this.terrainState !== 'pending' && scene.globe.tilesLoaded) this.resolveTiles();
      this.cameraEvents.frameDrawn();
      this.capture?.frameDrawn();
    });
    const removeMoveEnd = scene.camera.moveEnd.addEventListener(() => this.cameraEvents.moveEnded());
    // Frame listeners run before each render, after Cesium's own navigation moved the camera, so theirs counts.
    const removeBeforeFrame = scene.preUpdate.addEventListener(() => this.frameListeners.beforeFrame(performance.now(), this.sceneClock.now()));
    const removeTileProgress = scene.globe.tileLoadProgressEvent.addEventListener((queued: number) => {
      if (queued === 0) scene.requestRender();
    });
    this.groundClamping = settleGroundClamping(scene);
    const stopPointerInput = wirePointerInput(Cesium, viewer, {
      modes: this.modes,
      navigation: this.navigation,
      onClick: (picked, screen) => {
        const pick: MapPick = { picked, x: screen.x, y: screen.y };
        for (const listener of this.clickListeners) listener(pick);
      },
    });
    this.graphics.setBackend(cesiumGraphicsBackend(Cesium, viewer));
    this.split = createLayerSplit({
      Cesium,
      viewer,
      baseImagery: () => this.baseImagery,
      createBaseMapLayer: (baseMap) => Object.assign(createBaseMapImageryLayer(Cesium, baseMap), combineAdjustments(baseMap, this.imageryAdjustments)),
    });
    this.split.set(this.requestedSplit);
    this.cleanups.push(() => this.split?.dispose(), () => this.companions.dispose());
    this.cleanups.push(removePostRender, removeMoveEnd, removeBeforeFrame, removeTileProgress, stopPointerInput, () => this.groundClamping?.dispose(), () => this.navigation.attach(null, undefined));
    // Slow-client light mode: the time each frame takes to render, from scene.preUpdate to scene.postRender, once
    // the first tiles are drawn (start-up frames compile shaders and upload the first tiles: slow on every device).
    let frameStartedAt = 0;
    let startedUp = false;
    void this.firstTilesLoaded.then(() => {
      startedUp = true;
    });
    const removeFrameStart = scene.preUpdate.addEventListener(() => {
      frameStartedAt = performance.now();
    });
    const removeFrameEnd = scene.postRender.addEventListener(() => {
      if (!startedUp || this.frameTimeListeners.size === 0) return;
      const milliseconds = performance.now() - frameStartedAt;
      for (const listener of this.frameTimeListeners) listener(milliseconds);
    });
    this.cleanups.push(removeFrameStart, removeFrameEnd);

    this.setView(this.options.startView ?? FALLBACK_START_VIEW);
    this.applyTextured();
    void this.setTerrain(this.requestedTerrain.kind, this.requestedTerrain.url);
  }

  // ---- terrain and textured mode (layer drawer) ----------------------------------------------------------

  async setTerrain(kind: TerrainKind, url?: string): Promise<void> {
    const demUrl = kind === 'ellipsoid' ? undefined : (url ?? this.options.terrainUrl ?? DEFAULT_TERRAIN.url ?? FALLBACK_TERRAIN.url);
    this.requestedTerrain = { kind, url: demUrl };
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    if (this.terrainKindInUse === kind && this.terrainInUseUrl === demUrl) return;
    const request = ++this.terrainRequests;
    if (demUrl === undefined) {
      this.useTerrain(viewer, new Cesium.EllipsoidTerrainProvider(), 'ellipsoid', undefined);
      return;
    }
    const provider = this.demProvider(Cesium, demUrl);
    this.terrainState = 'pending';
    try {
      const loaded = await provider;
      if (this.disposed || viewer.isDestroyed() || request !== this.terrainRequests) return;
      this.useTerrain(viewer, loaded, kind, demUrl);
    } catch (error) {
      this.demProviders.delete(demUrl);
      if (this.disposed || viewer.isDestroyed() || request !== this.terrainRequests) return;
      this.useTerrain(viewer, new Cesium.EllipsoidTerrainProvider(), 'ellipsoid', undefined);
      this.options.onTerrainUnavailable?.(error);
    }
  }

  /** The DEM terrain provider of `url`, made once (the map and its companion views share it). */
  private demProvider(Cesium: CesiumModule, url: string): Promise<import('cesium').TerrainProvider> {
    let provider = this.demProviders.get(url);
    if (!provider) {
      provider = Cesium.CesiumTerrainProvider.fromUrl(url, { requestVertexNormals: false, requestWaterMask: false });
      this.demProviders.set(url, provider);
    }
    return provider;
  }

  private useTerrain(viewer: Viewer, provider: import('cesium').TerrainProvider, kind: TerrainKind, url: string | undefined): void {
    viewer.terrainProvider = provider;
    this.terrainState = kind === 'ellipsoid' ? 'ellipsoid' : 'terrain';
    for (const resolve of this.terrainWaiters.splice(0)) resolve();
    this.terrainKindInUse = kind;
    this.terrainInUseUrl = url;
    this.applyTerrainCredit();
    viewer.scene.requestRender();
  }

  /** The DEM terrain is credited while it shapes the globe (in textureless mode too), not on the flat ellipsoid. */
  private applyTerrainCredit(): void {
    const text = this.terrainState === 'terrain' ? this.creditTexts?.terrain : undefined;
    // Ranked after the layers: while the relief shows, its credit already names the same DEM.
    if (this.credits.set(TERRAIN_CREDIT_OWNER, text, 2)) this.applyCredits();
  }

  setTextured(on: boolean): void {
    this.texturedOn = on;
    this.applyTextured();
  }

  private applyTextured(): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    for (const layer of this.baseImagery) layer.show = this.texturedOn;
    viewer.scene.globe.baseColor = Cesium.Color.fromCssColorString(this.texturedOn ? TEXTURED_GLOBE_COLOUR : TEXTURELESS_GLOBE_COLOUR);
    this.applyBaseMapCredit();
    viewer.scene.requestRender();
  }

  /** The base map in use is credited first; not while the base imagery is hidden. */
  private applyBaseMapCredit(): void {
    if (this.credits.set(BASE_MAP_CREDIT_OWNER, this.texturedOn ? this.baseMapInUse.credit : undefined, 0)) this.applyCredits();
  }

  showCredit(owner: string, credit: TrilingualText | undefined): void {
    if (!this.credits.set(owner, credit)) return;
    this.applyCredits();
    this.requestRender();
  }

  /** Puts the declared credits on screen in the page language. */
  private applyCredits(): void {
    const texts = this.credits.texts(this.languageInUse);
    this.creditLine?.show(texts);
    this.creditList?.show(texts);
  }

  setLanguage(language: Language, creditTexts: CreditDisplayTexts): void {
    this.creditTexts = creditTexts;
    const viewer = this.viewer();
    if (viewer) localiseCreditDisplay(viewer.container, creditTexts);
    this.applyTerrainCredit();
    if (language === this.languageInUse) return;
    this.languageInUse = language;
    this.applyCredits();
    this.requestRender();
  }

  terrainKind(): TerrainKind | null {
    return this.terrainKindInUse;
  }

  textured(): boolean {
    return this.texturedOn;
  }

  // ---- base map, imagery adjustments, light rendering (map style drawer, slow-client light mode) ----------

  /** Adds the base map's imagery under every other layer, with the current adjustments. */
  private addBaseMapLayer(Cesium: CesiumModule, viewer: Viewer, baseMap: BaseMapSource): import('cesium').ImageryLayer {
    // The credit is not the provider's: the credit line (applyBaseMapCredit) shows it in the page language.
    const layer = createBaseMapImageryLayer(Cesium, baseMap);
    viewer.imageryLayers.add(layer, 0);
    Object.assign(layer, combineAdjustments(baseMap, this.imageryAdjustments));
    viewer.scene.globe.showWaterEffect = baseMap.waterEffect ?? true;
    this.applyBaseMapCredit();
    return layer;
  }

  setBaseMap(baseMap: BaseMapSource): void {
    this.baseMapInUse = baseMap;
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    const replaced = this.baseImagery.splice(0);
    const layer = this.addBaseMapLayer(Cesium, viewer, baseMap);
    layer.show = this.texturedOn;
    this.baseImagery.push(layer);
    for (const old of replaced) viewer.imageryLayers.remove(old, true);
    viewer.scene.requestRender();
  }

  setImageryAdjustments(adjustments: ImageryAdjustments): void {
    this.imageryAdjustments = { ...adjustments };
    const viewer = this.viewer();
    if (!viewer) return;
    const combined = combineAdjustments(this.baseMapInUse, this.imageryAdjustments);
    for (const layer of this.baseImagery) Object.assign(layer, combined);
    viewer.scene.requestRender();
  }

  setLite(on: boolean): void {
    this.liteOn = on;
    const viewer = this.viewer();
    if (viewer) applyLiteRendering(viewer, on);
  }

  isLite(): boolean {
    return this.liteOn;
  }

  onFrameTime(listener: (milliseconds: number) => void): () => void {
    this.frameTimeListeners.add(listener);
    return () => this.frameTimeListeners.delete(listener);
  }

  // ---- drawing on the ground ---------------------------------------------------------------------------

  drawGroundPolylines(lines: ReadonlyArray<GroundPolyline>): () => void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return () => {};
    return drawGroundPolylines(Cesium, viewer, lines);
  }

  // ---- picking, highlight, temporary graphics, interaction modes, camera state ----------------------------

  async pick(at: ScreenPoint | 'centre'): Promise<MapPickResult | null> {
    await this.ready;
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    return pickAt(Cesium, viewer, at === 'centre' ? canvasCentre(viewer) : at);
  }

  takePointer(mode: PointerMode): Disposer {
    return this.modes.take(mode);
  }

  pointerMode(): string | null {
    return this.modes.active();
  }

  highlightFeature(feature: PickedFeature, colour = DEFAULT_HIGHLIGHT_COLOUR): Disposer {
    const Cesium = this.Cesium;
    if (!Cesium || !this.viewer()) return () => {};
    return highlightFeature(Cesium, feature, colour, () => this.requestRender());
  }

  temporaryGraphics(owner: string, options?: { requiresThreeD?: boolean }): TemporaryGraphics {
    return this.graphics.layer(owner, options);
  }

  setThreeDContent(on: boolean): void {
    this.graphics.setThreeDContent(on);
  }

  cameraState(): CameraState | null {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    return readCameraState(Cesium, viewer.camera);
  }

  async sampleHeights(
    positions: ReadonlyArray<readonly [longitude: number, latitude: number]>,
    options?: { includeModels?: boolean },
  ): Promise<Array<number | null>> {
    await this.ready.catch(() => undefined);
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return positions.map(() => null);
    return sampleHeights(cesiumHeightSources(Cesium, viewer, () => this.terrainInUse()), positions, options);
  }

  /** The terrain shaping the globe, once the one asked for (or the ellipsoid after a failure) is in use. */
  private async terrainInUse(): Promise<'terrain' | 'ellipsoid'> {
    while (this.terrainState === 'pending') await new Promise<void>((resolve) => this.terrainWaiters.push(resolve));
    return this.terrainState;
  }

  /** See {@link MapTestHook.screenPositionOf}. */
  screenPositionOf(longitude: number, latitude: number, heightMeters = 0): { x: number; y: number } | null {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    const position = viewer.scene.cartesianToCanvasCoordinates(Cesium.Cartesian3.fromDegrees(longitude, latitude, heightMeters));
    return position ? { x: position.x, y: position.y } : null;
  }

  // ---- lifecycle ---------------------------------------------------------------------------------------

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.graphics.setBackend(null);
    if (hosts.get(this.element) === this) hosts.delete(this.element);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.clickListeners.clear();
    this.frameListeners.clear();
    this.capture?.dispose();
    this.frameTimeListeners.clear();
    if (this.instance && !this.instance.isDestroyed()) this.instance.destroy();
    this.instance = null;
  }

  isDisposed(): boolean {
    return this.disposed;
  }

  pauseLoading(): void {
    this.loadingPaused = true;
    if (this.instance) this.instance.useDefaultRenderLoop = false;
  }

  isLoadingPaused(): boolean {
    return this.loadingPaused;
  }

  cesium(): CesiumModule | null {
    return this.Cesium;
  }

  viewer(): Viewer | null {
    return this.instance && !this.instance.isDestroyed() ? this.instance : null;
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  onClick(listener: (pick: MapPick) => void): () => void {
    this.clickListeners.add(listener);
    return () => this.clickListeners.delete(listener);
  }

  onCameraChanged(listener: (state: CameraState, change: CameraChange) => void): Disposer {
    return this.cameraEvents.subscribe(listener);
  }

  requestRender(): void {
    this.viewer()?.scene.requestRender();
  }

  // ---- camera ------------------------------------------------------------------------------------------

  setView(view: CameraView, options?: { durationSeconds?: number }): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    const seconds = flightSeconds(options?.durationSeconds);
    if (!viewer || !Cesium) return;
    applyCameraView(Cesium, viewer, view, seconds);
  }

  lookAt(
    target: { longitude: number; latitude: number; heightMeters?: number },
    offset: { rangeMeters: number; headingDegrees?: number; pitchDegrees?: number },
    options?: { durationSeconds?: number },
  ): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    const seconds = flightSeconds(options?.durationSeconds);
    if (!viewer || !Cesium) return;
    lookAtPlace(Cesium, viewer, target, offset, seconds);
  }

  flyToBounds(bounds: GeoBounds, options?: { durationSeconds?: number; paddingRatio?: number }): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    const seconds = flightSeconds(options?.durationSeconds, TOOL_FLIGHT_SECONDS);
    if (!viewer || !Cesium) return;
    flyToBox(Cesium, viewer, bounds, options?.paddingRatio, seconds);
  }

  takeCameraControl(): Disposer {
    return this.navigation.take();
  }

  onFrame(listener: (frame: FrameInfo) => void): Disposer {
    const remove = this.frameListeners.add(listener);
    this.requestRender();
    return remove;
  }

  /** Request-render mode, unless something claims every frame (or the bench asks for Cesium's own loop). */
  private applyRenderMode(): void {
    const viewer = this.viewer();
    if (!viewer) return;
    viewer.scene.requestRenderMode = !(this.renderDemand.continuous() || continuousRenderLoop());
    viewer.scene.requestRender();
  }

  clock(): SceneClock {
    return this.sceneClock;
  }

  lighting(): MapLighting {
    return this.sunAndShadows;
  }

  captureStream(framesPerSecond: number): MediaStream | null {
    return this.capture?.stream(framesPerSecond) ?? null;
  }

  captureImage(): Promise<Blob> {
    return this.capture ? this.capture.image() : Promise.reject(new Error('captureImage: the map does not exist yet'));
  }

  container(): HTMLElement | null {
    return this.viewer() ? this.element : null;
  }

  setLayerSplit(split: LayerSplit | null): void {
    this.requestedSplit = split;
    this.split?.set(split);
  }

  layerSplit(): LayerSplit | null {
    return this.split ? this.split.current() : this.requestedSplit;
  }

  companionViews(): CompanionViews {
    return this.companions;
  }

  holdGroundTranslucency(hold: import('../plugin/types').GroundTranslucencyHold): Disposer {
    const viewer = this.viewer();
    if (!viewer || !this.Cesium) return createGroundTranslucency({ apply: () => {} }).hold(hold); // checked, nothing to draw
    this.groundTranslucency ??= createGroundTranslucency(cesiumGroundTranslucencyBackend(this.Cesium, viewer));
    return this.groundTranslucency.hold(hold);
  }

  flyHome(): void {
    this.setView(this.options.homeView ?? FALLBACK_HOME_VIEW, { durationSeconds: TOOL_FLIGHT_SECONDS * 1.5 });
  }

  flyTo(target: { longitude: number; latitude: number; heightMeters?: number; durationSeconds?: number }): void {
    this.setView(
      {
        longitude: target.longitude,
        latitude: target.latitude,
        heightMeters: target.heightMeters ?? DEFAULT_FLY_TO_HEIGHT_METERS,
        headingDegrees: 0,
        pitchDegrees: -90,
      },
      { durationSeconds: target.durationSeconds ?? 2 },
    );
  }

  /** The globe point at the screen centre and the camera's distance to it; null when looking at the sky. */
  private pivot(): { target: import('cesium').Cartesian3; range: number } | null {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    const { scene } = viewer;
    const canvas = scene.canvas;
    const centre = new Cesium.Cartesian2(canvas.clientWidth / 2, canvas.clientHeight / 2);
    const ray = viewer.camera.getPickRay(centre);
    const target = ray ? scene.globe.pick(ray, scene) : undefined;
    if (!target) return null;
    return { target, range: Cesium.Cartesian3.distance(viewer.camera.positionWC, target) };
  }

  /** Orbits the camera about the screen-centre point to the given heading/pitch (radians) and range. */
  private orbit(heading: number, pitch: number, range?: number, durationSeconds = TOOL_FLIGHT_SECONDS): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    const pivot = this.pivot();
    if (!pivot) {
      viewer.camera.flyTo({
        destination: viewer.camera.positionWC.clone(),
        orientation: { heading, pitch, roll: 0 },
        duration: durationSeconds,
      });
      return;
    }
    viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(pivot.target, 0), {
      offset: new Cesium.HeadingPitchRange(heading, pitch, Math.max(MINIMUM_ZOOM_DISTANCE_METERS, range ?? pivot.range)),
      duration: durationSeconds,
    });
  }

  resetNorth(): void {
    const viewer = this.viewer();
    if (!viewer) return;
    this.orbit(0, viewer.camera.pitch);
  }

  topView(): void {
    const viewer = this.viewer();
    if (!viewer) return;
    this.orbit(viewer.camera.heading, -Math.PI / 2);
  }

  tiltedView(pitchDegrees = 45): void {
    const viewer = this.viewer();
    if (!viewer) return;
    this.orbit(viewer.camera.heading, -toRadians(Math.abs(pitchDegrees)));
  }

  zoom(direction: 'in' | 'out'): void {
    const viewer = this.viewer();
    if (!viewer) return;
    const pivot = this.pivot();
    if (!pivot) {
      const height = viewer.camera.positionCartographic.height;
      if (direction === 'in') viewer.camera.zoomIn(height * 0.5);
      else viewer.camera.zoomOut(height);
      viewer.scene.requestRender();
      return;
    }
    this.orbit(viewer.camera.heading, viewer.camera.pitch, zoomedRange(pivot.range, direction), 0.5);
  }

  setFieldOfViewEnlarged(enlarged: boolean): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    const frustum = viewer.camera.frustum;
    if (frustum instanceof Cesium.PerspectiveFrustum) {
      frustum.fov = fieldOfViewRadians(enlarged, this.defaultFieldOfView);
      viewer.scene.requestRender();
    }
  }

  rise(meters = POPUP_CLOSE_RISE_METERS): void {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return;
    const position = viewer.camera.positionCartographic;
    viewer.camera.flyTo({
      destination: Cesium.Cartesian3.fromRadians(position.longitude, position.latitude, position.height + meters),
      orientation: { heading: viewer.camera.heading, pitch: viewer.camera.pitch, roll: viewer.camera.roll },
      duration: TOOL_FLIGHT_SECONDS,
    });
  }

  // ---- queries -----------------------------------------------------------------------------------------

  cameraHeight(): number {
    return this.viewer()?.camera.positionCartographic.height ?? Number.NaN;
  }

  heightAt(longitude: number, latitude: number): number | null {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    return viewer.scene.globe.getHeight(Cesium.Cartographic.fromDegrees(longitude, latitude)) ?? null;
  }

  async sampleHeight(longitude: number, latitude: number): Promise<number | null> {
    const viewer = this.viewer();
    const Cesium = this.Cesium;
    if (!viewer || !Cesium) return null;
    if (this.terrainState !== 'terrain') return this.terrainState === 'ellipsoid' ? 0 : null;
    const [position] = await Cesium.sampleTerrainMostDetailed(viewer.terrainProvider, [Cesium.Cartographic.fromDegrees(longitude, latitude)]);
    return position?.height ?? null;
  }

  tilesLoaded(): boolean {
    const viewer = this.viewer();
    return (
      !!viewer &&
      this.terrainState !== 'pending' &&
      this.frames > 0 &&
      viewer.scene.globe.tilesLoaded &&
      !this.groundClamping?.settling() &&
      this.tilesetsLoaded(viewer)
    );
  }

  /** Every shown 3D Tiles tileset in the scene (overlays in `mode: 3DTILES`) has loaded what the view needs. */
  private tilesetsLoaded(viewer: Viewer): boolean {
    const Cesium = this.Cesium;
    if (!Cesium) return true;
    const primitives = viewer.scene.primitives;
    for (let index = 0; index < primitives.length; index += 1) {
      const primitive: unknown = primitives.get(index);
      if (primitive instanceof Cesium.Cesium3DTileset && primitive.show && !primitive.tilesLoaded) return false;
    }
    return true;
  }

  framesRendered(): number {
    return this.frames;
  }

  terrain(): 'pending' | 'terrain' | 'ellipsoid' {
    return this.terrainState;
  }
}

/** Installs `window.__hkmap` for the given host (read-only queries plus a camera setter for tests). */
export function installMapTestHook(host: MapHost): () => void {
  const hook: MapTestHook = {
    tilesLoaded: () => host.tilesLoaded(),
    framesRendered: () => host.framesRendered(),
    cameraHeight: () => host.cameraHeight(),
    cameraState: () => host.cameraState(),
    heightAt: (longitude, latitude) => host.heightAt(longitude, latitude),
    sampleHeight: (longitude, latitude) => host.sampleHeight(longitude, latitude),
    setView: (view) => host.setView(view),
    terrain: () => host.terrain(),
    terrainKind: () => host.terrainKind(),
    textured: () => host.textured(),
    isLite: () => host.isLite(),
    loadingPaused: () => host.isLoadingPaused(),
    pointerMode: () => host.pointerMode(),
    screenPositionOf: (longitude, latitude, heightMeters) => host.screenPositionOf(longitude, latitude, heightMeters),
    pick: (x, y) => host.pick({ x, y }),
    sampleHeights: (positions, options) => host.sampleHeights(positions, options),
    captureStream: (framesPerSecond) => host.captureStream(framesPerSecond),
    captureImage: () => host.captureImage(),
    onFrameTime: (listener) => host.onFrameTime(listener),
    visibleLabelRects: () => {
      const Cesium = host.cesium();
      const viewer = host.viewer() as Viewer | null;
      return Cesium && viewer ? visibleLabelRects(Cesium, viewer.scene) : [];
    },
  };
  const win = window as unknown as { __hkmap?: MapTestHook };
  win.__hkmap = Object.freeze(hook);
  return () => {
    if (win.__hkmap === hook) delete win.__hkmap;
  };
}
