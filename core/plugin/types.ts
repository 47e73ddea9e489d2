/**
 * The public plugin API. Everything a feature may touch is reachable from {@link PluginContext};
 * core never imports a plugin, and a plugin reaches core only through this file and the services it names.
 *
 * Every `register` returns a {@link Disposer} that undoes exactly that registration.
 */
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { OverlayManifest, TerrainManifest } from '../manifests/schemas';
import type { AppStore } from '../store/appStore';
import type { BaseMapSource, ImageryAdjustments } from '../map/baseMaps';

/** Bumped when a breaking change is made to {@link PluginContext}. A plugin built for another version is refused. */
export const PLUGIN_API_VERSION = 1;

/** Undoes one registration (or one activation). Calling it twice is harmless. */
export type Disposer = () => void;

/** A message id in locales/<lang>/*.json, e.g. `navigation.tool.home`. */
export type MessageId = string;

/** A React component loaded on first use, so plugin UI code is not in the start-up bundle. */
export type LazyComponent<Props = Record<string, never>> = () => Promise<{ default: ComponentType<Props> }>;

/** Something a registry holds: an id, unique within that registry. */
export interface Contribution {
  /** kebab-case, unique within the registry; a duplicate throws naming both owners. */
  id: string;
}

/** A registry of one kind of contribution. */
export interface Registry<T extends Contribution> {
  /** Adds `item` owned by the calling plugin. Throws `Error` naming both owners when the id is taken. */
  register(item: T): Disposer;
  get(id: string): (T & { owner: string }) | undefined;
  list(): ReadonlyArray<T & { owner: string }>;
  /** Called with the full list after every change; returns its own disposer. */
  subscribe(listener: (items: ReadonlyArray<T & { owner: string }>) => void): Disposer;
}

/** A side drawer (SPEC §2 "Function drawers"). Opening one closes the others (core/exclusivity). */
export interface DrawerContribution extends Contribution {
  title: MessageId;
  /** Short text or emoji-free symbol name for the drawer button; the accessible name is `title`. */
  icon?: string;
  /** Sort key in the drawer bar, ascending. Default 100. */
  order?: number;
  /**
   * Function group (SPEC §2: land | living | environmental) the drawer belongs to, if any. The drawer bar shows it
   * under its group; opening it switches `function-group:<group>` on, which closes the other groups' drawers, and
   * suspends what cannot run beside a themed function (core/exclusivity/functionGroups.ts, rules.ts).
   */
  functionGroup?: 'land' | 'living' | 'environmental';
  component: LazyComponent;
  /** Needs the 3D spatial data (SPEC §5 land parcel search): disabled, with `core.threeD.required`, while 3D is off. */
  requiresThreeD?: boolean;
  /**
   * Full-screen data display (SPEC §4, e.g. indoor routing): while the drawer is shown its panel takes the map's
   * whole height beside the drawer bar on a wide map, and on a phone (map narrower than 600 px) up to 70 % of the
   * column under the search box instead of 45 %, so at least the lower 30 % of the map stays visible. Default false.
   */
  fullHeight?: boolean;
  /**
   * For a drawer whose content sits beside the map rather than over it (a panorama viewer): on a wide map (over
   * 600 px) its panel takes half the map's width, at most 760 px, instead of the usual narrow column; on a phone it
   * is laid out like any drawer. Default false.
   */
  wide?: boolean;
}

/** A map tool: a one-shot action (home, north) or a toggle (field of view, identify). */
export interface ToolContribution extends Contribution {
  label: MessageId;
  icon?: string;
  /** Where the button appears. */
  placement: 'navigation' | 'tools';
  order?: number;
  kind: 'action' | 'toggle';
  /** Exclusive groups this tool joins when it is a toggle (e.g. `measure-tools`). */
  exclusiveGroups?: string[];
  /** For `action`: run once. */
  run?: () => void;
  /** For `toggle`: called with the new state; core records it and emits `feature::on|off`. */
  onToggle?: (on: boolean) => void;
  /**
   * For `toggle`: the store switch the button shows and flips (core/exclusivity key, e.g. `mode:identify` for
   * a core mode SPEC §4 starts on). Default `toggle:<id>`.
   */
  switchKey?: string;
  /**
   * Needs the 3D spatial data (SPEC §2 "only-3D functions"): while `threeD` is off the button is disabled with
   * `core.threeD.required`, and a toggle that is on is switched off (and back on when 3D returns).
   */
  requiresThreeD?: boolean;
  /**
   * Also an entry of the header's quick action menu (SPEC §2) while the map page is shown, named by `label`: it
   * does what the button does (runs the action, or flips the toggle). For tools a visitor looks for from
   * anywhere on the page, such as navigation help. Default false.
   */
  quickMenu?: boolean;
}

/**
 * A named place in the app shell where plugins add UI. On the map page each has a box of its own in the panels'
 * frame (app/map/map-page.css), so no contribution covers another panel: `map.top-left` holds the search box and
 * tool panels, `map.overlay` notices about the map (placed under the search box, in the flow: their own
 * `position` is overridden), `map.bottom-left` sits over the legends, the right-hand slots over the tool bars.
 */
export type SlotName =
  | 'header.end'
  | 'map.top-left'
  | 'map.top-right'
  | 'map.bottom-left'
  | 'map.bottom-right'
  | 'map.overlay'
  /**
   * Sections at the end of the layer drawer (SPEC §2 "Layer drawer: … heritage cross-section"), after its own
   * layers, terrain and 3D mode sections, in ascending `order`. Rendered by the layers plugin's drawer (so only
   * while that drawer is open); a contribution renders one `<section>` with an `<h3>` heading.
   */
  | 'drawer.layers';

export interface SlotContribution extends Contribution {
  slot: SlotName;
  order?: number;
  component: LazyComponent;
}

/** One search mode of the keyword search (SPEC §1: location search, care team search, first-person view). */
export interface SearchResult {
  id: string;
  /** Already in the current language. */
  title: string;
  subtitle?: string;
  longitude: number;
  latitude: number;
  /** Set when the place lies outside Hong Kong (SPEC §5 messages). */
  outsideHongKong?: boolean;
}
export interface SearchModeContribution extends Contribution {
  label: MessageId;
  order?: number;
  /**
   * Returns a message id when the query is not acceptable (e.g. shorter than 2 characters), else null.
   * Runs before `search`, on every keystroke.
   */
  validate(query: string): MessageId | null;
  /**
   * The results, or `{ message }`: a message id to show instead of results when the text was understood but has
   * no place to offer (e.g. typed coordinates outside the area the product covers).
   */
  search(query: string, options: { language: Language; signal: AbortSignal }): Promise<SearchResult[] | { message: MessageId }>;
  /** Shows the result (e.g. flies there, drops a pin and highlights its shape until `clearSelection`). */
  onSelect(result: SearchResult): void;
  /** Removes what the last `onSelect` left on the map; the search box calls it on a new search and when cleared. */
  clearSelection?(): void;
}

/** Analytics event of SPEC §7 ("feature::on", "feature::off", downloads, searches ...). No personal data. */
export interface AnalyticsEvent {
  name: string;
  id?: string;
  content?: string;
  lang?: Language;
  param?: string;
  source?: string;
  tile_id?: string;
  format?: string;
  /** Milliseconds since the epoch, set by core. */
  at: number;
}
export interface AnalyticsSinkContribution extends Contribution {
  /** Called with batches; must not throw into the UI (core catches and logs). */
  send(events: AnalyticsEvent[]): void | Promise<void>;
}

/**
 * A query-string parameter a plugin owns (SPEC §2 share links). The app applies the page address to every
 * contribution once, also to those registered later (core/plugin/urlState.ts); unknown keys are ignored.
 */
export interface UrlStateContribution<T = unknown> extends Contribution {
  /** The query parameter name. */
  param: string;
  schema: z.ZodType<T>;
  /** Applied once at start with the parsed value; an invalid value is reported and ignored. */
  apply(value: T): void;
  /** Current value to write back into the address, or undefined to drop the parameter. */
  read(): T | undefined;
}

/** Behaviour an overlay manifest cannot express (manifest field `handler`). */
export interface OverlayHandlerContribution extends Contribution {
  /** Popup rows for a feature, already localised. */
  describeFeature?: (properties: Record<string, unknown>, language: Language) => Array<{ label: string; value: string }>;
  /**
   * Colour as CSS string for a feature's billboard, point, line or polygon. For lines and polygons its alpha
   * (`rgba(r, g, b, a)` with a from 0 to 1, or `#rrggbbaa`) is the feature's opacity; without one the manifest's
   * rule applies (the alpha of `display.colour`, else 0.45 for ground fills and opaque for lines and extrusions).
   */
  colourFeature?: (properties: Record<string, unknown>) => string;
  /**
   * Polygons: CSS colour (with alpha, as for `colourFeature`) of the feature's outline, a ground line of
   * `display.lineWidthPixels`; null: the manifest's `display.outlineColour` (none when that is absent too).
   */
  outlineColourFeature?: (properties: Record<string, unknown>) => string | null;
  /**
   * Polygons extruded by `display.extrudedHeightProperty`: the extrusion height in metres computed from the
   * feature (e.g. converted from a feed that gives feet), replacing the property's raw value; null: not drawn.
   */
  extrudedHeightMetersFeature?: (properties: Record<string, unknown>) => number | null;
  /** Text drawn on the feature's billboard. */
  labelFeature?: (properties: Record<string, unknown>, language: Language) => string;
  /**
   * `3DTILES` overlays: how the tileset is painted, in textured or textureless mode — a `Cesium3DTileStyle` and/or
   * a `CustomShader` built with the Cesium module passed in (so the handler's plugin needs no Cesium import of its
   * own). Called when the tileset has loaded and on every mode change. Without it, the manifest's
   * `display.texturelessColour` applies.
   */
  tilesetAppearance?: (params: { cesium: unknown; textured: boolean }) => TilesetAppearance;
}

/** What {@link OverlayHandlerContribution.tilesetAppearance} returns; an absent field clears it on the tileset. */
export interface TilesetAppearance {
  /** A Cesium `Cesium3DTileStyle`. */
  style?: unknown;
  /** A Cesium `CustomShader`. */
  customShader?: unknown;
}

/** Builds a URL for overlays whose `url` names a builder instead of a template (JSON cannot hold a function). */
export interface UrlBuilderContribution extends Contribution {
  build(params: { timestamp: number; language: Language }): string;
}

/** An overlay registered at run time; manifest overlays are registered by core from manifests/overlays. */
export interface OverlayContribution extends Contribution {
  manifest: OverlayManifest;
}

export type Language = 'en-US' | 'zh-HK' | 'zh-CN';
export const LANGUAGES: readonly Language[] = ['en-US', 'zh-HK', 'zh-CN'];

/** The narrow map facade plugins use; Cesium stays behind it (core/map). */
export interface MapFacade {
  /** Resolves once the Cesium viewer exists. */
  whenReady(): Promise<void>;
  flyHome(): void;
  resetNorth(): void;
  topView(): void;
  tiltedView(pitchDegrees?: number): void;
  zoom(direction: 'in' | 'out'): void;
  setFieldOfViewEnlarged(enlarged: boolean): void;
  flyTo(target: { longitude: number; latitude: number; heightMeters?: number; durationSeconds?: number }): void;
  /** Asks for one frame (requestRenderMode is on). */
  requestRender(): void;
  /** The Cesium Viewer for core services such as the overlay engine; plugins should prefer the methods above. */
  viewer(): unknown | null;
  // Layer drawer: terrain and textured mode (core/map/terrains).
  /**
   * Shows the terrain of `kind`: the DEM terrain at `url` (default: the default terrain manifest's) for `adaptive`
   * and `above-ground-level`, the flat WGS84 ellipsoid for `ellipsoid`. Live, without reloading; resolves once the
   * terrain is in use. A terrain that fails to load falls back to the ellipsoid with the terrain-unavailable notice.
   */
  setTerrain(kind: TerrainManifest['kind'], url?: string): Promise<void>;
  /** Textured: imagery draped on the terrain. Textureless: the base imagery hidden, a plain light-grey globe. */
  setTextured(on: boolean): void;
  // Map style drawer and slow-client light mode (core/map/baseMaps, core/map/liteRendering).
  /** Replaces the base imagery (a manifests/basemaps entry), keeping the imagery adjustments and textured mode. */
  setBaseMap(baseMap: BaseMapSource): void;
  /** Brightness, contrast, hue (radians), saturation of the base imagery, on top of the base map's own; live. */
  setImageryAdjustments(adjustments: ImageryAdjustments): void;
  /** Light rendering on or off at run time (the same settings as the `lite` start option). */
  setLite(on: boolean): void;
  isLite(): boolean;
  /**
   * Called after every rendered frame with the time it took to render, ms, from the first complete picture on
   * (start-up frames are slow on every device and are not reported); returns a disposer.
   */
  onFrameTime(listener: (milliseconds: number) => void): Disposer;
  // Drawing on the ground, for tools that work with places on the map (first used by download-selection, which
  // gets its clicks through `takePointer`).
  /** Draws `lines` clamped to the ground as one primitive (no entities); the disposer removes them. */
  drawGroundPolylines(lines: ReadonlyArray<GroundPolyline>): Disposer;
  // Picking, highlight, temporary graphics, interaction modes and camera state (core/map/picking.ts,
  // temporaryGraphics.ts, interactionModes.ts), for identify, the inspector and the analysis tools.
  /**
   * What lies under a screen point (CSS pixels from the map's top-left corner, or `'centre'` for the middle of the
   * map: keyboard use): a 3D Tiles feature with its overlay id and properties, and the surface position (the
   * depth-picked point on a 3D model, else the terrain, else the ellipsoid). Null for the sky or before the map exists.
   */
  pick(at: ScreenPoint | 'centre'): Promise<MapPickResult | null>;
  /**
   * Hands the pointer to a tool (SPEC §1 inspector, identify, measurement ...): while `mode` is the newest taken,
   * every left click on the map is picked and given to it, not to older modes. Escape ends the newest mode (its
   * `onEnd` runs) unless it sets `endOnEscape: false`. The disposer gives the pointer back to the previous mode.
   */
  takePointer(mode: PointerMode): Disposer;
  /** The id of the mode that has the pointer, null when none (see {@link takePointer}). */
  pointerMode(): string | null;
  /**
   * Colours a picked 3D Tiles feature (default a bright yellow); the disposer restores its colour. A feature whose
   * tile has been unloaded since is skipped harmlessly.
   */
  highlightFeature(feature: PickedFeature, colour?: string): Disposer;
  /**
   * A layer of points, ground lines and ground polygons drawn together and cleared together, one per `owner`
   * (asking twice for the same owner gives the same layer). `requiresThreeD` graphics (routes, hiking tracks) are
   * cleared and refused while the 3D spatial data is off (see {@link setThreeDContent}).
   */
  temporaryGraphics(owner: string, options?: { requiresThreeD?: boolean }): TemporaryGraphics;
  /** SPEC §2 "Switching 3D off": false clears every `requiresThreeD` graphics layer and refuses new drawing there. */
  setThreeDContent(on: boolean): void;
  /** The camera (SPEC §3 "View state"): position, heading, pitch and roll; null before the map exists. */
  cameraState(): CameraState | null;
  // Camera control (core/map/cameraControl.ts), for share links, tours, first-person view, GPS, GPX, VR, compass.
  /**
   * Places the camera at `view`: at once when `durationSeconds` is 0 or omitted (ending any flight in progress), else
   * a flight of that many seconds (which replaces a flight in progress). Throws a `RangeError` naming the field when a number is not finite or a latitude is beyond ±90°.
   */
  setView(view: CameraView, options?: { durationSeconds?: number }): void;
  /**
   * Points the camera at `target` from `offset.rangeMeters` away (heading default 0° = looking north, pitch default
   * -45°), at once when `durationSeconds` is 0 or omitted, else in a flight; the camera stays free afterwards (not
   * locked to the target). `target.heightMeters` defaults to the ground height there when the terrain is loaded, else 0.
   */
  lookAt(
    target: { longitude: number; latitude: number; heightMeters?: number },
    offset: { rangeMeters: number; headingDegrees?: number; pitchDegrees?: number },
    options?: { durationSeconds?: number },
  ): void;
  /**
   * Fits a WGS84 box (degrees) into the view, looking straight down, with `paddingRatio` of its width and height
   * added on every side (default 0.1); a box smaller than about 200 m is widened to that. A flight of
   * `durationSeconds` (default 1 s, the tool buttons' flight; 0 = at once). Throws a `RangeError` for a box that is
   * not finite, has west > east or south > north.
   */
  flyToBounds(bounds: GeoBounds, options?: { durationSeconds?: number; paddingRatio?: number }): void;
  /**
   * Calls `listener` with the camera after each change — at most once per rendered frame, after it is drawn — and
   * at the end of every move (user navigation or flight), when `change.moveEnded` is true. A listener that moves the
   * camera itself should act at move ends only: moving it mid-flight cuts the flight short. Returns its disposer.
   */
  onCameraChanged(listener: (state: CameraState, change: CameraChange) => void): Disposer;
  /**
   * Turns the default mouse, touch and keyboard navigation off while held (a tool such as first-person view or VR
   * drives the camera itself); the disposer gives it back. Holds nest: navigation returns when all are given back.
   */
  takeCameraControl(): Disposer;
  /**
   * Calls `listener` before each frame is rendered, with the seconds since the previous frame and the scene
   * clock's time (see {@link clock}). While any listener is registered the map renders continuously (request-render
   * mode suspended), so use it only while something moves. Returns its disposer.
   */
  onFrame(listener: (frame: FrameInfo) => void): Disposer;
  // Heights (core/map/heightSampling.ts), for measurement, GPX profiles and first-person view.
  /**
   * Ellipsoidal heights, metres, at `positions` ([longitude, latitude] degrees): the terrain's at its most detailed
   * level (0 on the flat ellipsoid), or with `includeModels` the highest of that and the 3D Tiles shown (their tiles
   * loaded now). Null where unknown (no terrain tile there). Waits for a terrain that is still loading; resolves
   * with nulls before the map exists.
   */
  sampleHeights(
    positions: ReadonlyArray<readonly [longitude: number, latitude: number]>,
    options?: { includeModels?: boolean },
  ): Promise<Array<number | null>>;
  /** The scene clock (core/map/sceneClock.ts): the product's one time player; the same object on every call. */
  clock(): SceneClock;
  /** The map's sun light and shadows (core/map/lighting.ts); the same object on every call. */
  lighting(): MapLighting;
  // Canvas capture (core/map/canvasCapture.ts), for screen video capture and snapshots.
  /**
   * The map canvas as a live `MediaStream` of `framesPerSecond` (1–60), or null before the map exists or when the
   * browser has no `canvas.captureStream`. While any of its tracks is live the map renders continuously; stop the
   * tracks when done.
   */
  captureStream(framesPerSecond: number): MediaStream | null;
  /** A PNG of the next rendered frame; rejects with an `Error` before the map exists or when encoding fails. */
  captureImage(): Promise<Blob>;
  /** The map's element (the one the viewer draws into; full screen asks for it), null before the map exists. */
  container(): HTMLElement | null;
  // Split layers and companion views (core/map/layerSplit.ts, companionViews.ts), for split layers, multi view and
  // the then-and-now comparison.
  /**
   * Splits the map by a vertical divider at `split.position` (0–1 of the map's width from the left), each imagery
   * layer and 3D Tiles tileset shown left, right or on both sides (see {@link LayerSplit}); a layer an overlay draws
   * later takes its side at once. Null ends the split and restores every layer. Kept and applied to every map
   * attached. Markers, labels and ground shapes are not split (they show on both sides).
   */
  setLayerSplit(split: LayerSplit | null): void;
  /** The split in effect (position clamped to 0–1), null when the map is whole. */
  layerSplit(): LayerSplit | null;
  /** Further small viewers beside the main map, in step with its camera (see {@link CompanionViews}). */
  companionViews(): CompanionViews;
  // See-through ground (core/map/groundTranslucency.ts), for what lies under it: underground station floors.
  /**
   * Draws the ground (the globe: terrain and imagery) translucent while held, so what lies below it shows through:
   * `alpha` from 0 (invisible) to 1 (opaque), only inside `bounds` (degrees) when given, else everywhere. Holds
   * combine (the lowest alpha, the union of the boxes); the disposer ends this hold and the last one gives the
   * opaque ground back. Throws a `RangeError` for an alpha outside 0–1 or a box that is not finite or inside out.
   */
  holdGroundTranslucency(hold: GroundTranslucencyHold): Disposer;
}

/** See {@link MapFacade.holdGroundTranslucency}. */
export interface GroundTranslucencyHold {
  /** 0 (invisible) to 1 (opaque). */
  alpha: number;
  /** Only inside this WGS84 box, degrees; omitted: the whole globe. */
  bounds?: GeoBounds;
}

/** Which side of the split divider a layer shows on (see {@link MapFacade.setLayerSplit}). */
export type SplitSide = 'left' | 'right' | 'both';

/** A split of the map (see {@link MapFacade.setLayerSplit}). */
export interface LayerSplit {
  /** Divider position: fraction of the map's width from its left edge, 0–1 (values outside are clamped). */
  position: number;
  /** The side showing the base map in use (the map style drawer's). Default `both`. */
  baseMapSide?: SplitSide;
  /** Further base maps (manifests/basemaps entries), each drawn over the base map on one side only. */
  sideBaseMaps?: ReadonlyArray<{ side: 'left' | 'right'; baseMap: BaseMapSource }>;
  /**
   * The side of each overlay's drawn imagery (WMTS) or 3D Tiles tileset, by overlay id (the overlay engine tags
   * what it draws, core/map/pickTags.ts); overlays not named show on both sides.
   */
  overlaySides?: Readonly<Record<string, SplitSide>>;
}

/**
 * What a companion view draws (see {@link CompanionViews.open}). Manifest ids are checked: an unknown one rejects
 * `open` with an `Error` naming it.
 */
export interface CompanionViewSpec {
  /** A manifests/basemaps id. Default: the default base map. */
  baseMapId?: string;
  /** A manifests/terrains id (`ellipsoid` = flat). Default: the map's default terrain. */
  terrainId?: string;
  /** A Cesium heightmap terrain root (e.g. an older DEM), instead of `terrainId`. */
  terrainUrl?: string;
  /** 3D Tiles tilesets (e.g. an overlay manifest's `url`, resolved), with the way the overlay paints them. */
  tilesets?: ReadonlyArray<{
    url: string;
    /** Cesium's maximum screen-space error, pixels. Default 32 (coarse: companions are small). */
    maximumScreenSpaceError?: number;
    /** Style / custom shader built with the Cesium module passed in (as an overlay handler's `tilesetAppearance`). */
    appearance?: (cesium: unknown) => TilesetAppearance;
  }>;
  /** Vector and imagery layers over the base map, in order. */
  layers?: ReadonlyArray<CompanionGeoJsonLayer | CompanionImageryLayer>;
  /** Keep the camera in step with the main map (and the other companions). Default true. */
  syncCamera?: boolean;
}

/** A GeoJSON file drawn on the ground in a companion view. */
export interface CompanionGeoJsonLayer {
  kind: 'geojson';
  url: string;
  /** CSS colour of lines and outlines (2 px). */
  strokeColour: string;
  /** CSS colour, with its alpha, of polygon fills. Default none. */
  fillColour?: string;
}

/** An XYZ imagery layer (Web Mercator `{z}/{x}/{y}` template) in a companion view. */
export interface CompanionImageryLayer {
  kind: 'imagery';
  url: string;
  /** Deepest tile level. Default Cesium's (unlimited). */
  maximumLevel?: number;
  /** Credit shown in the view, already in the page language. */
  credit?: string;
}

/** One companion view (see {@link CompanionViews.open}). */
export interface CompanionView {
  /** The element it draws into. */
  element: HTMLElement;
  cameraState(): CameraState | null;
  /** Puts its camera at `view` at once (the others follow while the camera is kept in step). */
  setView(view: CameraView): void;
  /** Its visible globe tiles and tilesets are loaded and drawn. */
  tilesLoaded(): boolean;
  /** Destroys the viewer and stops the camera sync; the element is left to the caller. Harmless twice. */
  close(): void;
}

/**
 * Companion views: further Cesium viewers, small and drawn on demand with light rendering, sharing the main map's
 * terrain providers. Each follows the main map's camera and leads it (a move in any view is copied to all the
 * others, without feedback loops).
 */
export interface CompanionViews {
  /**
   * Builds a view of `spec` in `element` (which should have its size: the viewer fills it and follows its resizes),
   * its camera where the main map's is. Waits for the map; rejects before any map exists, for an unknown manifest id
   * or a layer that fails to load.
   */
  open(element: HTMLElement, spec: CompanionViewSpec): Promise<CompanionView>;
  /** The views open now. */
  list(): readonly CompanionView[];
}

/** A unit vector toward the sun in the Earth-fixed frame (ECEF: x through 0°E on the equator, z through the north pole). */
export interface EarthFixedDirection {
  x: number;
  y: number;
  z: number;
}

/**
 * What lights the map (see {@link MapLighting.setSun}): `'clock'` our sun (core/contracts/sun.ts) at the scene
 * clock's time, following it as it moves; a fixed {@link EarthFixedDirection} toward the sun; null the engine's own.
 */
export type SunSetting = EarthFixedDirection | 'clock' | null;

/**
 * The map's sun light and shadows (core/map/lighting.ts), for the shadow view and any tool that lights the scene
 * for a time. Settings made before the map exists are kept and applied to each map attached.
 */
export interface MapLighting {
  /**
   * Lights the scene with a directional light from the sun: `'clock'` follows the scene clock
   * ({@link MapFacade.clock}); a direction is normalised (throws a `RangeError` for a zero or non-finite one);
   * null gives the light back to the engine.
   */
  setSun(sun: SunSetting): void;
  sun(): SunSetting;
  /**
   * Shadows cast and received by the terrain and the 3D Tiles (soft, drawn to 5 km from the camera); off restores
   * the scene's shadow settings as they were. Returns whether shadows are now drawn: false when asked off, when
   * the map cannot draw them ({@link shadowsSupported} false) or before a map exists.
   */
  setShadows(on: boolean): boolean;
  shadowsOn(): boolean;
  /** Whether the map can draw shadows (WebGL depth textures); null before a map exists. */
  shadowsSupported(): boolean | null;
}

/** Where {@link MapFacade.setView} puts the camera. */
export interface CameraView {
  /** Degrees, WGS84. */
  longitude: number;
  /** Degrees, WGS84, -90 to 90. */
  latitude: number;
  /** Metres above the ellipsoid. */
  heightMeters: number;
  /** Degrees clockwise from north. Default 0. */
  headingDegrees?: number;
  /** Degrees; -90 looks straight down, 0 at the horizon. Default -90. */
  pitchDegrees?: number;
  /** Degrees (Cesium's camera roll, as {@link CameraState.rollDegrees} reports it). Default 0, the horizon level. */
  rollDegrees?: number;
}

/** A WGS84 box, degrees (see {@link MapFacade.flyToBounds}). */
export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One frame (see {@link MapFacade.onFrame}). */
export interface FrameInfo {
  /** Seconds since the previous frame a listener saw (0 on the first). */
  deltaSeconds: number;
  /** The scene clock's time for this frame. */
  time: Date;
}

/**
 * The scene clock (see {@link MapFacade.clock}): a time that tools set, play and follow. Paused at the current
 * time until played; while it plays the map renders continuously. Calls made before the map exists are kept and
 * applied to it.
 */
export interface SceneClock {
  now(): Date;
  /** Jumps to `time`; throws a `RangeError` for an invalid date. */
  setTime(time: Date): void;
  /** Scene seconds per real second while playing (1 = real time, negative runs backwards); throws for a non-finite value. */
  setMultiplier(secondsPerSecond: number): void;
  play(): void;
  pause(): void;
  isPlaying(): boolean;
  /** Calls `listener` with the time whenever it changes (each frame while playing, and on `setTime`). Returns its disposer. */
  onTick(listener: (time: Date) => void): Disposer;
  /**
   * Bounds the clock to `range` (the time player is on) or frees it (null: off). While bounded, `setTime` clamps
   * into the range, and a playing clock that reaches the end (the start when the multiplier is negative) stops
   * there, or jumps to the other end when looping; `play` at that end starts again from the other one. Throws a
   * `RangeError` naming `start` or `end` for an invalid date, or `end` when it is before `start`.
   */
  setRange(range: SceneClockRange | null): void;
  /** Whether a bounded clock jumps back to the start at the end (see {@link setRange}). */
  setLoop(loop: boolean): void;
  /** The time player's state (SPEC §3), a fresh object on each call. */
  state(): SceneClockState;
  /**
   * Calls `listener` with the state whenever any of its fields changes (the time: each frame while playing).
   * Returns its disposer.
   */
  onStateChange(listener: (state: SceneClockState) => void): Disposer;
}

/** The span a time player plays through (see {@link SceneClock.setRange}); `end` at or after `start`. */
export interface SceneClockRange {
  start: Date;
  end: Date;
}

/** SPEC §3 time player state, as {@link SceneClock.state} reports it. */
export interface SceneClockState {
  /** A range is set: the time player is on. */
  on: boolean;
  currentTime: Date;
  /** Null while off. */
  startTime: Date | null;
  /** Null while off. */
  endTime: Date | null;
  /** Scene seconds per real second (negative runs backwards). */
  playMultiplier: number;
  isPlaying: boolean;
  isLoop: boolean;
}

/** What {@link MapFacade.onCameraChanged} reports besides the camera. */
export interface CameraChange {
  /** True at the end of a move (navigation or flight); false for a frame drawn while the camera moves. */
  moveEnded: boolean;
}

/** A point on the map's canvas, CSS pixels from its top-left corner. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** A 3D Tiles feature under the pointer (see {@link MapFacade.pick}). */
export interface PickedFeature {
  /** The overlay that drew it (core/map/pickTags), undefined when untagged. */
  layerId: string | undefined;
  /** Its properties (e.g. `id`, `csuid`, `height` of a building), copied into a plain object. */
  properties: Record<string, unknown>;
}

/** What {@link MapFacade.pick} found. */
export interface MapPickResult {
  screen: ScreenPoint;
  /** A 3D Tiles feature, when one was hit. */
  feature: PickedFeature | null;
  /** True when something other than a 3D Tiles feature was hit (an overlay marker: its own popup handles it). */
  hitOtherObject: boolean;
  /** WGS84 degrees and ellipsoidal height, metres; null when the pointer is over the sky. */
  position: { longitude: number; latitude: number; heightMeters: number } | null;
  /** What `position` lies on: a 3D model (depth picking), the terrain, or the ellipsoid (no terrain there). */
  surface: 'model' | 'terrain' | 'ellipsoid' | null;
}

/** A tool holding the pointer (see {@link MapFacade.takePointer}). */
export interface PointerMode {
  /** Names the mode (tests and diagnostics read it through `pointerMode()`), usually the tool id. */
  id: string;
  /** Every left click on the map while this mode is the newest; clicks on the sky are not reported. */
  onPick(result: MapPickResult): void;
  /** Escape ends the mode. Default true. */
  endOnEscape?: boolean;
  /** Called when Escape ends the mode (the tool switches itself off); not called by the disposer. */
  onEnd?(): void;
  /**
   * Every pointer move over the map while this mode is the newest (during drags too), CSS pixels; not picked — call
   * {@link MapFacade.pick} yourself, throttled, when the place under the pointer is needed.
   */
  onMove?(screen: ScreenPoint): void;
  /**
   * When set, a left-button (or one-finger) drag over the map goes to the mode instead of the default navigation
   * (wheel, right and middle buttons still navigate): `start` once the pointer has moved a few pixels with the
   * button down, `move` for each move after, `end` when it is released. `deltaX`/`deltaY` are the CSS pixels moved
   * since the previous drag event (0 on `start`). A press without a drag stays a click ({@link onPick}).
   */
  onDrag?(drag: PointerDrag): void;
  /**
   * Key presses and releases while the map has focus, or nothing focusable does (`document.body`); never while
   * typing in a field or using a button or dialog. Return true when the key was handled (its default is then
   * prevented). Escape reaches it only when `endOnEscape` is false. A tool that wants keys at once focuses
   * {@link MapFacade.container}.
   */
  onKey?(key: PointerKey): boolean;
  /** CSS cursor over the map while this mode is the newest, e.g. `crosshair`. Default: the map's own. */
  cursor?: string;
  /**
   * While this mode is the newest, its clicks reach only it: a click on an overlay feature (a station label, a
   * reading) opens no popup and closes none. For modes that place things on the map (a pin, measuring points).
   * Default false: a tool like identify shares the click with the overlays' popups.
   */
  ownsClicks?: boolean;
}

/** A drag given to a {@link PointerMode}. */
export interface PointerDrag {
  phase: 'start' | 'move' | 'end';
  /** Where the pointer is, CSS pixels from the map's top-left corner. */
  screen: ScreenPoint;
  /** CSS pixels moved since the previous drag event of this drag (0 on `start`). */
  deltaX: number;
  deltaY: number;
}

/** A key event given to a {@link PointerMode}. */
export interface PointerKey {
  type: 'down' | 'up';
  /** `KeyboardEvent.key`, e.g. `w`, `W`, `ArrowUp`. */
  key: string;
  /** `KeyboardEvent.code` (the physical key, whatever the layout), e.g. `KeyW`. */
  code: string;
  shiftKey: boolean;
}

/** A point drawn by {@link TemporaryGraphics}. */
export interface GraphicPoint {
  longitude: number;
  latitude: number;
  /** Metres above the ellipsoid; default 0. Drawn in front of terrain and models so it is never hidden. */
  heightMeters?: number;
  /** CSS colour. */
  colour: string;
  /** Diameter in pixels. Default 10. */
  sizePixels?: number;
}

/** A filled area on the ground drawn by {@link TemporaryGraphics}. */
export interface GraphicPolygon {
  /** Outer ring, longitude/latitude in degrees; at least three positions, not repeated at the end. */
  positions: ReadonlyArray<readonly [longitude: number, latitude: number]>;
  /** CSS colour of the fill, with its alpha, e.g. `rgba(255, 212, 0, 0.35)`. */
  fillColour: string;
  /** CSS colour of the outline (a ground line of 3 px); none when omitted. */
  outlineColour?: string;
  /**
   * What the fill colours: `terrain` (default) the ground only, 3D buildings stand over it; `terrain-and-models` the
   * ground and the 3D Tiles' surfaces within the polygon too (walls and roofs; a Cesium classification of both, e.g.
   * view shed's visible and hidden areas). Polygons over terrain and models are drawn one primitive per fill colour
   * (core/map/drapedPolygons.ts), so give many cells few colours and merge equal neighbours.
   */
  drapeOver?: 'terrain' | 'terrain-and-models';
}

/** A line in 3D drawn by {@link TemporaryGraphics.addPolylines}: depth-tested, so terrain and buildings in front hide it. */
export interface GraphicPolyline {
  /** Longitude, latitude (degrees) and metres above the ellipsoid; at least two positions. */
  positions: ReadonlyArray<readonly [longitude: number, latitude: number, heightMeters: number]>;
  /** CSS colour. */
  colour: string;
  /** Pixels. Default 3. */
  widthPixels?: number;
  /** Dashes instead of a solid line. Default false. */
  dashed?: boolean;
}

/** A text drawn by {@link TemporaryGraphics.addLabels}: in front of terrain and models (never hidden), on a background. */
export interface GraphicLabel {
  longitude: number;
  latitude: number;
  /** Metres above the ellipsoid. Default 0. */
  heightMeters?: number;
  /** Already in the page language; may hold line breaks. */
  text: string;
  /** CSS colour of the text. Default white. */
  colour?: string;
  /** CSS colour of the background. Default a dark translucent grey. */
  backgroundColour?: string;
  /** Shift on screen from the anchor, CSS pixels; +x right, +y down. Default none (the label centred above it). */
  offsetPixels?: { x: number; y: number };
}

/** A flat polygon with a height per vertex (a roof, a measured area) drawn by {@link TemporaryGraphics.addPolygons}. */
export interface GraphicPolygon3D {
  /** Outer ring: longitude, latitude (degrees), metres above the ellipsoid; at least three, not repeated at the end. */
  positions: ReadonlyArray<readonly [longitude: number, latitude: number, heightMeters: number]>;
  /** CSS colour of the fill, with its alpha. */
  fillColour: string;
  /** CSS colour of the outline (a 3D line of 2 px); none when omitted. */
  outlineColour?: string;
}

/** One owner's temporary graphics (see {@link MapFacade.temporaryGraphics}); each `add` returns its own disposer. */
export interface TemporaryGraphics {
  addPoints(points: ReadonlyArray<GraphicPoint>): Disposer;
  addGroundPolylines(lines: ReadonlyArray<GroundPolyline>): Disposer;
  addGroundPolygons(polygons: ReadonlyArray<GraphicPolygon>): Disposer;
  /** Lines in 3D at their own heights (measurement lines, GPX tracks); lines of fewer than two positions are skipped. */
  addPolylines(lines: ReadonlyArray<GraphicPolyline>): Disposer;
  /** Texts at places (measurement results, waypoint names). */
  addLabels(labels: ReadonlyArray<GraphicLabel>): Disposer;
  /** Polygons with per-vertex heights (areas measured on roofs); polygons of fewer than three positions are skipped. */
  addPolygons(polygons: ReadonlyArray<GraphicPolygon3D>): Disposer;
  /** Removes everything this owner drew. */
  clear(): void;
}

/** The camera (SPEC §3 "View state"). */
export interface CameraState {
  longitude: number;
  latitude: number;
  /** Metres above the ellipsoid. */
  heightMeters: number;
  /** Degrees clockwise from north, 0–360. */
  headingDegrees: number;
  /** Degrees; -90 looks straight down. */
  pitchDegrees: number;
  /** Degrees, -180 to 180 (Cesium's camera roll); 0 keeps the horizon level. */
  rollDegrees: number;
}

/** A place on the ground, WGS84 degrees. */
export interface GroundPosition {
  longitude: number;
  latitude: number;
}

/** A line on the ground (see {@link MapFacade.drawGroundPolylines}). */
export interface GroundPolyline {
  /** Longitude/latitude pairs in degrees; at least two. */
  positions: ReadonlyArray<readonly [longitude: number, latitude: number]>;
  /** CSS colour, e.g. `#f2b134`. */
  colour: string;
  /** Line width in pixels. Default 3. */
  widthPixels?: number;
  /** Joins the last position back to the first (an outline). */
  closed?: boolean;
}

export interface AnalyticsEmitter {
  emit(event: Omit<AnalyticsEvent, 'at' | 'lang'> & { lang?: Language }): void;
}

export interface HttpClient {
  /** GET/POST JSON, parsed with `schema`; throws `HttpError` naming the URL and the problem. */
  json<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T>;
}

export interface I18nService {
  language(): Language;
  /** Formats a message of the current language; ICU placeholders only. */
  format(id: MessageId, values?: Record<string, string | number>): string;
  /**
   * Calls `listener` whenever {@link format} may answer differently: a language's messages have arrived (they load
   * lazily, possibly after a plugin has activated, when `format` still answers the bare id) or the page language
   * changed. Text a plugin formats once and hands on (e.g. a notice shown at activation) should be formatted again
   * from here. Optional: a service over fixed messages never changes. Returns a disposer.
   */
  onChange?(listener: () => void): Disposer;
  /**
   * Merges `bundles` into the languages' messages at run time (SPEC §7: the care team feature's
   * `GET /mapviewer/api/domain/gm` bundle, "merged into that locale's translations"): each language's messages lie
   * over the loaded ones of that language, later bundles over earlier ones, and reach every {@link format} (not the
   * shell's React tree) until the disposer takes them out; {@link onChange} listeners hear of both. Unknown
   * languages and values that are not texts are ignored. Optional: a service over fixed messages has none.
   */
  addMessages?(bundles: RuntimeMessages): Disposer;
}

/** Message bundles by language for {@link I18nService.addMessages}: message id → ICU text (nested objects are flattened with dots). */
export type RuntimeMessages = Partial<Record<Language, Readonly<Record<MessageId, unknown>>>>;

/**
 * A text shown in the page language: a string formatted once, or a function called each time the text is drawn,
 * so a text formatted through {@link I18nService.format} follows a language switch while it stays on screen.
 */
export type LocalisedText = string | (() => string);

/** The string of a {@link LocalisedText} now. */
export function textNow(text: LocalisedText): string {
  return typeof text === 'function' ? text() : text;
}

/** A button on a notice: its text and what it does. */
export interface NoticeAction {
  label: LocalisedText;
  run(): void;
  /** Whether the notice closes when the action is run. Default true. */
  dismiss?: boolean;
}

/**
 * Shows short, dismissible notices (failed plugin, skipped manifest, layer unavailable ...). A notice may carry
 * actions (buttons, e.g. "Retry", "Turn off lot boundaries"); each is reachable by keyboard. The disposer
 * removes the notice.
 */
export interface NoticeService {
  show(notice: { id?: string; message: LocalisedText; severity: 'info' | 'warning' | 'error'; actions?: readonly NoticeAction[] }): Disposer;
}

export interface PluginContext<Config = unknown> {
  pluginId: string;
  config: Config;
  drawers: Registry<DrawerContribution>;
  tools: Registry<ToolContribution>;
  slots: Registry<SlotContribution>;
  overlays: Registry<OverlayContribution>;
  overlayHandlers: Registry<OverlayHandlerContribution>;
  urlBuilders: Registry<UrlBuilderContribution>;
  searchModes: Registry<SearchModeContribution>;
  analyticsSinks: Registry<AnalyticsSinkContribution>;
  urlState: Registry<UrlStateContribution>;
  map: MapFacade;
  analytics: AnalyticsEmitter;
  http: HttpClient;
  i18n: I18nService;
  notices: NoticeService;
  /**
   * The app store (core slice + `plugins[pluginId]` slices). Change your own slice through
   * `definePluginSlice(...).update`, core state through its actions (exclusivity rules apply there).
   */
  store: AppStore;
  /** Base URL of the data service, e.g. `/mapviewer/api/`. */
  apiBase: string;
}

export interface PluginDefinition<Config = unknown> {
  id: string;
  apiVersion: number;
  /** Defaults live here; the variant's per-plugin config is parsed with it. */
  configSchema?: z.ZodType<Config>;
  /** May return a disposer for anything not made through a registry. Throwing switches the plugin off. */
  activate(context: PluginContext<Config>): void | Disposer | Promise<void | Disposer>;
}
