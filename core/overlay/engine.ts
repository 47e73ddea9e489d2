/**
 * The overlay engine: turns overlay manifests into sources — GEOJSON and WFS features (fetched with a timestamp
 * parameter, refreshed on `realtime.intervalMs` or the feed's `intervalClient` only while shown and the page
 * visible, backing off on failure, drawn as Cesium primitives reconciled by entity id), WMTS imagery and
 * 3D Tiles — one per drawn layer (the overlay and each sub-layer). It is driven by the store's
 * `overlays[id].shown` (held back until `disclaimerAccepted` for a `hasDisclaimer` overlay) and `textured`,
 * writes `ready`, `unavailable` and the realtime panel fields, applies the overlay's camera limits, and owns
 * the feature selection the popup shows.
 */
import type { AppStore, AppStoreState } from '../store/appStore';
import type {
  Disposer,
  I18nService,
  Language,
  NoticeService,
  OverlayContribution,
  OverlayHandlerContribution,
  Registry,
  UrlBuilderContribution,
} from '../plugin/types';
import type { OverlayManifest } from '../manifests/schemas';
import type { MapHost } from '../map/mapHost';
import { heightReferenceOf } from '../map/terrains';
import { POPUP_CLOSE_RISE_METERS } from '../map/views';
import { CameraLimitController, framedFeaturesOf } from './cameraLimits';
import { parseRgb } from './colour';
import type { OverlayFeature } from './features';
import { manifestMarkerStyle, type MarkerDrawer, type MarkerStyle } from './markerDrawer';
import { opensPopup } from './popupContent';
import { parseManifestColour } from './shapeDrawer';
import { buildFetchUrl } from './schedule';
import { FeatureSource } from './sources/featureSource';
import { TilesetSource } from './sources/tilesetSource';
import type { OverlaySource, SourceContext } from './sources/types';
import { WmtsSource } from './sources/wmtsSource';

/** Message id of SPEC §8 "{layername} data is temporarily not available. Please try again later." */
export const OVERLAY_UNAVAILABLE_MESSAGE = 'map.overlay.unavailable';

/** Message id of the notice for a shown layer the chosen terrain hides (placeholder `layername`). */
export const OVERLAY_HIDDEN_BY_TERRAIN_MESSAGE = 'map.overlay.hiddenByTerrain';
/** Message ids of the camera-limit notice (height and pitch, height only, pitch only) and its button. */
export const OVERLAY_CAMERA_LIMIT_MESSAGE = 'map.overlay.cameraLimit';
export const OVERLAY_HEIGHT_LIMIT_MESSAGE = 'map.overlay.cameraLimit.height';
export const OVERLAY_PITCH_LIMIT_MESSAGE = 'map.overlay.cameraLimit.pitch';
export const OVERLAY_TURN_OFF_MESSAGE = 'map.overlay.turnOff';

/** The feature whose popup is open. */
export interface OverlaySelection {
  /** The overlay's id (its store flags). */
  overlayId: string;
  entityId: string;
  /** The drawn layer's manifest: the overlay's, or for a sub-layer feature the sub-layer's (see {@link subLayerManifest}). */
  manifest: OverlayManifest;
  feature: OverlayFeature;
  /** Extra popup rows from the overlay's handler, already localised. */
  rows: Array<{ label: string; value: string }>;
}

/** Options of {@link createOverlayEngine}. */
export interface OverlayEngineOptions {
  host: MapHost;
  store: AppStore;
  overlays: Pick<Registry<OverlayContribution>, 'list' | 'subscribe'>;
  handlers?: Pick<Registry<OverlayHandlerContribution>, 'get'>;
  urlBuilders?: Pick<Registry<UrlBuilderContribution>, 'get'>;
  i18n?: Pick<I18nService, 'format'>;
  notices?: NoticeService;
  /** Base URL of the data service for `{apiBase}`. Default `/mapviewer/api/`. */
  apiBase?: string;
  /** GET returning parsed JSON; replaceable in tests. Default: `fetch` with the abort signal. */
  fetchJson?: (url: string, signal: AbortSignal) => Promise<unknown>;
  /** First retry delay after a failed fetch, ms. Default 10000. */
  retryBaseMs?: number;
  /** Longest back-off, ms. Default 900000. */
  maxBackoffMs?: number;
}

export interface OverlayEngine {
  selection(): OverlaySelection | null;
  subscribeSelection(listener: (selection: OverlaySelection | null) => void): Disposer;
  /** Screen position (CSS px) of the selected feature (a marker, or a shape's label point), or null when off screen. */
  selectionScreenPosition(): { x: number; y: number } | null;
  /** Called after every rendered frame (to keep the popup on its feature); returns a disposer. */
  onFrame(listener: () => void): Disposer;
  /** Selects a feature by entity id (as a click would). */
  select(entityId: string | null): void;
  /** Closes the popup: restores the marker's size and raises the camera 300 m (SPEC §4). */
  closePopup(): void;
  /** Ids of the features an overlay has drawn, sub-layers included (tests, diagnostics). */
  drawnIds(overlayId: string): string[];
  dispose(): void;
}

async function defaultFetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/geo+json, application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The manifest a sub-layer is drawn with: its parent with the fields the sub-layer names (mode, url, layer,
 * style, display, cluster) replaced, and the id `<parent>/<sub>` — so its entity ids never collide with the
 * parent's, while it shares the parent's realtime refresh, handler, popup and the parent's store flags and
 * notice. It has no sub-layers of its own.
 */
export function subLayerManifest(parent: OverlayManifest, sub: OverlayManifest['subLayers'][number]): OverlayManifest {
  return {
    ...parent,
    id: `${parent.id}/${sub.id}`,
    name: sub.name ?? parent.name,
    mode: sub.mode ?? parent.mode,
    url: sub.url,
    layer: sub.layer ?? parent.layer,
    style: sub.style ?? parent.style,
    display: sub.display ?? parent.display,
    cluster: sub.cluster ?? parent.cluster,
    subLayers: [],
  };
}

/** The sources of one overlay and what they share. */
class OverlayRuntime {
  /** First the overlay's own source, then one per sub-layer. */
  private readonly sources: Array<{ source: OverlaySource; manifest: OverlayManifest; subShown: boolean }> = [];
  private shown = false;
  private pageVisible = true;
  private noticeShown = false;
  /** Effective shown at the last {@link activate}: the camera-limit notice and the framing follow its changes. */
  private wasEffective = false;
  private removeLimitNotice: (() => void) | null = null;
  private framing: AbortController | null = null;

  constructor(
    readonly manifest: OverlayManifest,
    private readonly engine: EngineImpl,
  ) {
    this.sources.push({ source: this.createSource(manifest, true), manifest, subShown: true });
    for (const sub of manifest.subLayers) {
      const subManifest = subLayerManifest(manifest, sub);
      this.sources.push({ source: this.createSource(subManifest, false), manifest: subManifest, subShown: sub.show });
    }
  }

  get id(): string {
    return this.manifest.id;
  }

  /** Shown, and its disclaimer (if any) accepted: only then is anything fetched or drawn. */
  private get effectiveShown(): boolean {
    if (!this.shown) return false;
    return !this.manifest.hasDisclaimer || this.engine.store.getState().overlays[this.id]?.disclaimerAccepted === true;
  }

  private createSource(manifest: OverlayManifest, primary: boolean): OverlaySource {
    const engine = this.engine;
    const host = engine.options.host;
    const context: SourceContext = {
      manifest,
      cesium: () => host.cesium(),
      viewer: () => host.viewer() as import('cesium').Viewer | null,
      requestRender: () => host.requestRender(),
      language: () => engine.language(),
      textured: () => engine.store.getState().textured,
      heightReference: () => heightReferenceOf(engine.store.getState().terrain.kind),
      terrainKind: () => engine.store.getState().terrain.kind,
      lite: () => host.isLite(),
      tilesetAppearance: (textured) => {
        const handler = manifest.handler ? engine.options.handlers?.get(manifest.handler) : undefined;
        const cesium = host.cesium();
        return handler?.tilesetAppearance && cesium ? handler.tilesetAppearance({ cesium, textured }) : null;
      },
      hiddenByTerrain: () => this.onHiddenByTerrain(),
      resolveUrl: () => this.url(manifest),
      fetchJson: (url, signal) => engine.fetchJson(url, signal),
      featureStyle: () => this.style(manifest),
      drawn: () => this.onDrawn(),
      failed: (error, failures) => this.onError(manifest, error, failures),
      refreshState: (state) => {
        if (primary && this.engine.store.getState().overlays[this.id]) this.engine.store.getState().setOverlayRefresh(this.id, state);
      },
      featuresChanged: () => this.engine.refreshSelection(this.id),
      clock: () => host.clock(),
    };
    switch (manifest.mode) {
      case 'GEOJSON':
      case 'WFS':
        return new FeatureSource(context, { retryBaseMs: engine.options.retryBaseMs, maxBackoffMs: engine.options.maxBackoffMs });
      case 'WMTS':
        return new WmtsSource(context);
      case '3DTILES':
        return new TilesetSource(context);
    }
  }

  url(manifest: OverlayManifest): string {
    const language = this.engine.language();
    const timestamp = Date.now();
    const apiBase = this.engine.options.apiBase ?? '/mapviewer/api/';
    const appendTimestamp = manifest.mode !== '3DTILES';
    if (typeof manifest.url === 'string') {
      return buildFetchUrl(manifest.url.split('{apiBase}').join(apiBase), timestamp, { language }, appendTimestamp);
    }
    const builder = this.engine.options.urlBuilders?.get(manifest.url.builder);
    if (!builder) throw new Error(`overlay ${manifest.id}: no URL builder "${manifest.url.builder}" is registered`);
    return buildFetchUrl(builder.build({ timestamp, language }), timestamp, {}, appendTimestamp);
  }

  setShown(shown: boolean): void {
    this.shown = shown;
    if (!shown) {
      this.noticeShown = false;
      if (this.engine.selection()?.overlayId === this.id) this.engine.select(null);
    }
    this.activate();
  }

  setPageVisible(visible: boolean): void {
    this.pageVisible = visible;
    this.activate();
  }

  /** The disclaimer was accepted, or shown changed: (re)start or stop the sources and the camera limits. */
  activate(): void {
    const shown = this.effectiveShown;
    for (const { source, subShown } of this.sources) source.setActive(shown && subShown, this.pageVisible);
    this.engine.cameraLimits.set(this.id, shown ? (this.manifest.cameraLimits ?? null) : null);
    // The credit line names the layer's data sources while it is drawn (its sub-layers share them).
    this.engine.options.host.showCredit(this.id, shown ? this.manifest.credit : undefined);
    if (shown !== this.wasEffective && this.engine.options.host.viewer()) {
      this.wasEffective = shown;
      if (shown) this.onSwitchedOn();
      else this.onSwitchedOff();
    }
    this.engine.options.host.requestRender();
  }

  /**
   * While the overlay limits the camera, a notice says so and why, with a button that switches the overlay off
   * (so the camera is free again); the camera flies to frame the overlay's nearest features (`focusOnShow`).
   */
  private onSwitchedOn(): void {
    const { cameraLimits, focusOnShow } = this.manifest;
    const format = this.engine.options.i18n?.format;
    // Formatted when drawn (the notice stays while the layer is on, across language switches).
    const layername = () => this.manifest.name[this.engine.language()] ?? this.manifest.name['en-US'];
    const height = cameraLimits?.maximumHeightMeters;
    const pitch = cameraLimits?.maximumPitchDegrees;
    if (cameraLimits && (height !== undefined || pitch !== undefined) && this.engine.options.notices) {
      const limits = { heightMeters: height ?? 0, pitchDownDegrees: pitch === undefined ? 0 : -pitch };
      const key = height === undefined ? OVERLAY_PITCH_LIMIT_MESSAGE : pitch === undefined ? OVERLAY_HEIGHT_LIMIT_MESSAGE : OVERLAY_CAMERA_LIMIT_MESSAGE;
      const message = () =>
        format?.(key, { layername: layername(), ...limits }) ??
        `The “${layername()}” layer is shown only from close up: while it is on, the camera is held at or below ${limits.heightMeters} m and tilted at least ${limits.pitchDownDegrees}° down.`;
      const label = () => format?.(OVERLAY_TURN_OFF_MESSAGE, { layername: layername() }) ?? `Turn off ${layername()}`;
      this.removeLimitNotice = this.engine.options.notices.show({
        id: `overlay-camera-limit-${this.id}`,
        message,
        severity: 'info',
        actions: [{ label, run: () => this.engine.store.getState().setOverlayShown(this.id, false) }],
      });
    }
    if (focusOnShow) {
      const controller = new AbortController();
      this.framing = controller;
      const apiBase = this.engine.options.apiBase ?? '/mapviewer/api/';
      const url = buildFetchUrl(focusOnShow.url.split('{apiBase}').join(apiBase), Date.now());
      this.engine
        .fetchJson(url, controller.signal)
        .then((geojson) => {
          if (controller.signal.aborted || !this.effectiveShown) return;
          this.engine.cameraLimits.frame(framedFeaturesOf(geojson), focusOnShow.groupRadiusMeters);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn(`overlay ${this.id}: the places to frame could not be fetched`, error);
        });
    }
  }

  private onSwitchedOff(): void {
    this.removeLimitNotice?.();
    this.removeLimitNotice = null;
    this.framing?.abort();
    this.framing = null;
  }

  setTextured(textured: boolean): void {
    for (const { source } of this.sources) source.setTextured(textured);
  }

  /** Redraws from the last data (e.g. after the language changed, for handler labels). */
  redraw(): void {
    for (const { source } of this.sources) source.redraw();
  }

  private sourceOf(entityId: string): { source: OverlaySource; manifest: OverlayManifest } | undefined {
    return this.sources.find(({ source }) => source.owns(entityId));
  }

  owns(entityId: string): boolean {
    return this.sourceOf(entityId) !== undefined;
  }

  feature(entityId: string): OverlayFeature | undefined {
    return this.sourceOf(entityId)?.source.feature(entityId);
  }

  /** The manifest the feature was drawn with (the sub-layer's for a sub-layer feature). */
  manifestOf(entityId: string): OverlayManifest {
    return this.sourceOf(entityId)?.manifest ?? this.manifest;
  }

  select(entityId: string | null): void {
    for (const { source } of this.sources) source.select(entityId);
  }

  screenPosition(entityId: string): { x: number; y: number } | null {
    return this.sourceOf(entityId)?.source.screenPosition(entityId) ?? null;
  }

  /** The marker drawer of the overlay's own layer (clusters, depth test), or null before it drew points. */
  markerDrawer(): MarkerDrawer | null {
    return this.sources[0].source.markerDrawer();
  }

  /** Every marker drawer, sub-layers included. */
  markerDrawers(): MarkerDrawer[] {
    return this.sources.map(({ source }) => source.markerDrawer()).filter((drawer): drawer is MarkerDrawer => drawer !== null);
  }

  ids(): string[] {
    return this.sources.flatMap(({ source }) => source.ids());
  }

  dispose(): void {
    for (const { source } of this.sources) source.dispose();
    this.engine.cameraLimits.set(this.id, null);
    this.engine.options.host.showCredit(this.id, undefined);
    this.onSwitchedOff();
  }

  private style(manifest: OverlayManifest): MarkerStyle {
    const base = manifestMarkerStyle(manifest, () => this.engine.language());
    const handlerId = manifest.handler;
    const handler = handlerId ? this.engine.options.handlers?.get(handlerId) : undefined;
    if (!handler) return base;
    const { colourFeature, outlineColourFeature, extrudedHeightMetersFeature } = handler;
    return {
      colour: (properties) => (colourFeature ? parseManifestColour(colourFeature(properties)).rgb : base.colour(properties)),
      label: (properties) =>
        handler.labelFeature ? handler.labelFeature(properties, this.engine.language()) || null : base.label(properties),
      // Shapes draw the handler colour's own alpha (rgba / #rrggbbaa); a colour without one keeps the manifest's rule.
      ...(colourFeature ? { alpha: (properties: Record<string, unknown>) => parseManifestColour(colourFeature(properties)).alpha } : {}),
      ...(outlineColourFeature
        ? {
            outlineColour: (properties: Record<string, unknown>) => {
              const css = outlineColourFeature(properties);
              if (!css) return null;
              const { rgb, alpha } = parseManifestColour(css);
              return { rgb, alpha: alpha ?? 1 };
            },
          }
        : {}),
      ...(extrudedHeightMetersFeature ? { extrudedHeightMeters: extrudedHeightMetersFeature } : {}),
    };
  }

  /**
   * Ready once every active source has settled (drawn, or failed and skipped) and one of them drew, so a
   * failing sub-layer does not hold back its parent (SPEC §4 readiness flag).
   */
  private onDrawn(): void {
    if (!this.effectiveShown) return;
    this.noticeShown = false;
    const state = this.engine.store.getState();
    if (state.overlays[this.id]?.unavailable && !this.sources.some(({ source }) => source.hasFailed)) state.setOverlayUnavailable(this.id, false);
    this.updateReady();
  }

  private updateReady(): void {
    const state = this.engine.store.getState();
    const active = this.sources.filter(({ subShown }) => subShown).map(({ source }) => source);
    const ready = active.every((source) => source.hasDrawn || source.hasFailed) && active.some((source) => source.hasDrawn);
    if (ready && !state.overlays[this.id]?.ready) state.setOverlayReady(this.id, true);
  }

  /** The layer is on but hidden by the chosen terrain: an info notice naming it, so its absence is not a mystery. */
  private onHiddenByTerrain(): void {
    const language = this.engine.language();
    const layername = this.manifest.name[language] ?? this.manifest.name['en-US'];
    const message =
      this.engine.options.i18n?.format(OVERLAY_HIDDEN_BY_TERRAIN_MESSAGE, { layername }) ??
      `The “${layername}” layer is hidden on the ellipsoid terrain: what it shows stands on the real ground heights. Choose “Adaptive terrain” or “Above ground level” to see it.`;
    this.engine.options.notices?.show({ id: `overlay-hidden-by-terrain-${this.id}`, message, severity: 'info' });
  }

  private onError(manifest: OverlayManifest, error: unknown, failures: number): void {
    console.warn(`overlay ${manifest.id}: fetch failed (${failures} in a row)`, error);
    if (!this.effectiveShown) return;
    const state = this.engine.store.getState();
    if (!state.overlays[this.id]?.unavailable) state.setOverlayUnavailable(this.id, true);
    this.updateReady();
    if (this.noticeShown) return;
    this.noticeShown = true;
    const language = this.engine.language();
    const layername = this.manifest.name[language] ?? this.manifest.name['en-US'];
    const message =
      this.engine.options.i18n?.format(OVERLAY_UNAVAILABLE_MESSAGE, { layername }) ??
      `${layername} data is temporarily not available. Please try again later.`;
    this.engine.options.notices?.show({ id: `overlay-unavailable-${this.id}`, message, severity: 'warning' });
  }
}

class EngineImpl implements OverlayEngine {
  readonly runtimes = new Map<string, OverlayRuntime>();
  readonly cameraLimits: CameraLimitController;
  private current: OverlaySelection | null = null;
  private readonly selectionListeners = new Set<(selection: OverlaySelection | null) => void>();
  private readonly frameListeners = new Set<() => void>();
  private readonly disposers: Array<() => void> = [];
  private disposed = false;
  readonly fetchJson: (url: string, signal: AbortSignal) => Promise<unknown>;
  readonly store: AppStore;

  constructor(readonly options: OverlayEngineOptions) {
    this.store = options.store;
    this.fetchJson = options.fetchJson ?? defaultFetchJson;
    this.cameraLimits = new CameraLimitController(options.host);
    this.syncRegistry();
    this.disposers.push(options.overlays.subscribe(() => this.syncRegistry()));
    this.disposers.push(options.store.subscribe((state, previous) => this.onStoreChange(state, previous)));
    if (typeof document !== 'undefined') {
      const onVisibility = () => {
        const visible = document.visibilityState === 'visible';
        for (const runtime of this.runtimes.values()) runtime.setPageVisible(visible);
      };
      document.addEventListener('visibilitychange', onVisibility);
      this.disposers.push(() => document.removeEventListener('visibilitychange', onVisibility));
    }
    this.disposers.push(
      options.host.onClick((pick) => {
        // A click on a cluster flies in toward it (SPEC §4); the drawer that drew it handles it.
        for (const runtime of this.runtimes.values()) if (runtime.markerDrawer()?.handlePick(pick.picked)) return;
        const id = (pick.picked as { id?: unknown } | undefined)?.id;
        const owner = typeof id === 'string' ? this.ownerOf(id) : undefined;
        // A name label without a popup block opens nothing (popupContent `opensPopup`).
        if (typeof id === 'string' && owner && opensPopup(owner.manifestOf(id))) this.select(id);
        else if (this.current) this.select(null);
      }),
    );
    void options.host.whenReady().then(() => {
      if (this.disposed) return;
      const viewer = options.host.viewer() as import('cesium').Viewer | null;
      if (!viewer) return;
      const remove = viewer.scene.postRender.addEventListener(() => {
        if (!this.current) return;
        for (const listener of this.frameListeners) listener();
      });
      this.disposers.push(remove);
      // A source may have waited for the viewer; camera limits of overlays shown at start apply now.
      for (const runtime of this.runtimes.values()) {
        runtime.redraw();
        runtime.activate();
      }
    });
  }

  language(): Language {
    return this.store.getState().language;
  }

  private syncRegistry(): void {
    if (this.disposed) return;
    const wanted = new Map(this.options.overlays.list().map((item) => [item.manifest.id, item.manifest]));
    for (const [id, runtime] of this.runtimes) {
      if (wanted.get(id) !== runtime.manifest) {
        runtime.dispose();
        this.runtimes.delete(id);
        if (this.current?.overlayId === id) this.setSelection(null);
      }
    }
    const state = this.store.getState();
    for (const [id, manifest] of wanted) {
      if (this.runtimes.has(id)) continue;
      const runtime = new OverlayRuntime(manifest, this);
      this.runtimes.set(id, runtime);
      if (state.overlays[id] === undefined && manifest.show) state.setOverlayShown(id, true);
      runtime.setPageVisible(typeof document === 'undefined' || document.visibilityState === 'visible');
      runtime.setShown(this.store.getState().overlays[id]?.shown ?? false);
    }
  }

  /**
   * Opens the popup a drawer asked for (store `overlayFeatureRequest`) once its overlay has drawn the feature; a
   * request for an overlay this engine does not have is dropped.
   */
  private fulfilFeatureRequest(): void {
    const request = this.store.getState().overlayFeatureRequest;
    if (!request) return;
    const runtime = this.runtimes.get(request.overlayId);
    if (!runtime) {
      this.store.getState().clearOverlayFeatureRequest();
      return;
    }
    const entityId = runtime.ids().find((id) => {
      const value = runtime.feature(id)?.properties[request.property];
      return value !== undefined && value !== null && String(value) === request.value;
    });
    if (entityId === undefined) return;
    this.store.getState().clearOverlayFeatureRequest();
    this.select(entityId);
  }

  private onStoreChange(state: AppStoreState, previous: AppStoreState): void {
    if (state.overlayFeatureRequest && state.overlayFeatureRequest !== previous.overlayFeatureRequest) this.fulfilFeatureRequest();
    if (state.overlays !== previous.overlays) {
      for (const [id, runtime] of this.runtimes) {
        const now = state.overlays[id];
        const before = previous.overlays[id];
        if ((now?.shown ?? false) !== (before?.shown ?? false)) runtime.setShown(now?.shown ?? false);
        else if ((now?.disclaimerAccepted ?? false) !== (before?.disclaimerAccepted ?? false)) runtime.activate();
      }
    }
    if (state.textured !== previous.textured) {
      for (const runtime of this.runtimes.values()) runtime.setTextured(state.textured);
    }
    const heightReferenceChanged = heightReferenceOf(state.terrain.kind) !== heightReferenceOf(previous.terrain.kind);
    if (state.language !== previous.language || heightReferenceChanged) {
      for (const runtime of this.runtimes.values()) runtime.redraw();
      if (this.current) this.refreshSelection(this.current.overlayId);
    }
  }

  private ownerOf(entityId: string): OverlayRuntime | undefined {
    for (const runtime of this.runtimes.values()) if (runtime.owns(entityId)) return runtime;
    return undefined;
  }

  private describe(runtime: OverlayRuntime, feature: OverlayFeature): OverlaySelection {
    const handlerId = runtime.manifest.handler;
    const handler = handlerId ? this.options.handlers?.get(handlerId) : undefined;
    return {
      overlayId: runtime.id,
      entityId: feature.id,
      manifest: runtime.manifestOf(feature.id),
      feature,
      rows: handler?.describeFeature?.(feature.properties, this.language()) ?? [],
    };
  }

  /** After a redraw: the popup follows the new reading, or closes when its feature disappeared. */
  refreshSelection(overlayId: string): void {
    if (this.store.getState().overlayFeatureRequest?.overlayId === overlayId) this.fulfilFeatureRequest();
    const current = this.current;
    if (!current || current.overlayId !== overlayId) return;
    const runtime = this.runtimes.get(overlayId);
    const feature = runtime?.feature(current.entityId);
    if (!runtime || !feature) this.setSelection(null);
    else {
      runtime.select(current.entityId);
      this.setSelection(this.describe(runtime, feature));
    }
  }

  private setSelection(selection: OverlaySelection | null): void {
    this.current = selection;
    for (const listener of this.selectionListeners) listener(selection);
  }

  selection(): OverlaySelection | null {
    return this.current;
  }

  subscribeSelection(listener: (selection: OverlaySelection | null) => void): Disposer {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  onFrame(listener: () => void): Disposer {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  selectionScreenPosition(): { x: number; y: number } | null {
    const current = this.current;
    if (!current) return null;
    return this.runtimes.get(current.overlayId)?.screenPosition(current.entityId) ?? null;
  }

  select(entityId: string | null): void {
    const previous = this.current;
    if (previous) this.runtimes.get(previous.overlayId)?.select(null);
    const runtime = entityId ? this.ownerOf(entityId) : undefined;
    const feature = entityId && runtime ? runtime.feature(entityId) : undefined;
    if (runtime && feature) {
      runtime.select(feature.id);
      this.setSelection(this.describe(runtime, feature));
    } else if (previous) {
      this.setSelection(null);
    }
    this.options.host.requestRender();
  }

  closePopup(): void {
    if (!this.current) return;
    this.select(null);
    this.options.host.rise(POPUP_CLOSE_RISE_METERS);
  }

  drawnIds(overlayId: string): string[] {
    return this.runtimes.get(overlayId)?.ids() ?? [];
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const dispose of this.disposers.splice(0)) dispose();
    for (const runtime of this.runtimes.values()) runtime.dispose();
    this.runtimes.clear();
    this.cameraLimits.dispose();
    this.selectionListeners.clear();
    this.frameListeners.clear();
    this.current = null;
  }
}

/** Starts the overlay engine for a map host. Dispose it with the map. */
export function createOverlayEngine(options: OverlayEngineOptions): OverlayEngine {
  return new EngineImpl(options);
}

/** `rgb()` CSS of a feature's colour by the manifest's rules (popup accent). */
export function featureColourCss(manifest: OverlayManifest, properties: Record<string, unknown>): string {
  const rgb = manifest.display?.colourProperty ? parseRgb(properties[manifest.display.colourProperty]) : manifestMarkerStyle(manifest).colour(properties);
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}
