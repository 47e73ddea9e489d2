/**
 * The overlay engine: turns overlay manifests (GEOJSON mode in this release) into a source — fetch with a
 * timestamp parameter, refresh on `realtime.intervalMs` or the feed's `intervalClient`, only while the overlay
 * is shown and the page visible, back-off on failure — and a drawer of Cesium primitives reconciled by entity
 * id. It is driven by the store's `overlays[id].shown`, sets `overlays[id].ready` after drawing, and owns the
 * feature selection the popup shows.
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
import { POPUP_CLOSE_RISE_METERS } from '../map/views';
import { parseCssColour, parseRgb } from './colour';
import { overlayFeatureCollectionSchema, toKeyedFeatures, type OverlayFeature, type OverlayFeatureCollection } from './features';
import { MarkerDrawer, manifestMarkerStyle, type MarkerStyle } from './markerDrawer';
import { RefreshLoop } from './refreshLoop';
import { buildFetchUrl } from './schedule';

/** Message id of SPEC §8 "{layername} data is temporarily not available. Please try again later." */
export const OVERLAY_UNAVAILABLE_MESSAGE = 'map.overlay.unavailable';

/** The feature whose popup is open. */
export interface OverlaySelection {
  overlayId: string;
  entityId: string;
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
  /** Screen position (CSS px) of the selected feature, or null when off screen. */
  selectionScreenPosition(): { x: number; y: number } | null;
  /** Called after every rendered frame (to keep the popup on its feature); returns a disposer. */
  onFrame(listener: () => void): Disposer;
  /** Selects a feature by entity id (as a click would). */
  select(entityId: string | null): void;
  /** Closes the popup: restores the marker's size and raises the camera 300 m (SPEC §4). */
  closePopup(): void;
  /** Ids of the features an overlay has drawn (tests, diagnostics). */
  drawnIds(overlayId: string): string[];
  dispose(): void;
}

async function defaultFetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/geo+json, application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

class OverlayRuntime {
  private drawer: MarkerDrawer | null = null;
  private readonly loop: RefreshLoop<OverlayFeatureCollection>;
  private shown = false;
  private pageVisible = true;
  private lastData: OverlayFeatureCollection | null = null;
  private noticeShown = false;

  constructor(
    readonly manifest: OverlayManifest,
    private readonly engine: EngineImpl,
  ) {
    const realtime = manifest.realtime;
    this.loop = new RefreshLoop<OverlayFeatureCollection>({
      load: async (signal) => overlayFeatureCollectionSchema.parse(await engine.fetchJson(this.url(), signal)),
      onData: (data) => this.onData(data),
      onError: (error, failures) => this.onError(error, failures),
      intervalMs: realtime?.intervalMs ?? 120_000,
      realtime: realtime?.enabled === true,
      feedIntervalSeconds: (data) => data.intervalClient,
      retryBaseMs: engine.options.retryBaseMs,
      maxBackoffMs: engine.options.maxBackoffMs,
    });
  }

  get id(): string {
    return this.manifest.id;
  }

  url(): string {
    const { manifest } = this;
    const language = this.engine.language();
    const timestamp = Date.now();
    const apiBase = this.engine.options.apiBase ?? '/mapviewer/api/';
    if (typeof manifest.url === 'string') {
      return buildFetchUrl(manifest.url.split('{apiBase}').join(apiBase), timestamp, { language });
    }
    const builder = this.engine.options.urlBuilders?.get(manifest.url.builder);
    if (!builder) throw new Error(`overlay ${manifest.id}: no URL builder "${manifest.url.builder}" is registered`);
    return buildFetchUrl(builder.build({ timestamp, language }), timestamp);
  }

  setShown(shown: boolean): void {
    this.shown = shown;
    if (!shown) {
      this.noticeShown = false;
      this.drawer?.setShow(false);
      if (this.engine.selection()?.overlayId === this.id) this.engine.select(null);
    } else if (this.drawer && this.drawer.size > 0) {
      this.drawer.setShow(true);
      this.engine.store.getState().setOverlayReady(this.id, true);
    }
    this.loop.setActive(this.shown && this.pageVisible);
    this.engine.options.host.requestRender();
  }

  setPageVisible(visible: boolean): void {
    this.pageVisible = visible;
    this.loop.setActive(this.shown && this.pageVisible);
  }

  /** Redraws from the last data (e.g. after the language changed, for handler labels). */
  redraw(): void {
    if (this.lastData) this.draw(this.lastData);
  }

  owns(entityId: string): boolean {
    return this.drawer?.has(entityId) ?? false;
  }

  feature(entityId: string): OverlayFeature | undefined {
    return this.drawer?.feature(entityId);
  }

  markerDrawer(): MarkerDrawer | null {
    return this.drawer;
  }

  dispose(): void {
    this.loop.dispose();
    this.drawer?.destroy();
    this.drawer = null;
  }

  private style(): MarkerStyle {
    const base = manifestMarkerStyle(this.manifest, () => this.engine.language());
    const handlerId = this.manifest.handler;
    const handler = handlerId ? this.engine.options.handlers?.get(handlerId) : undefined;
    if (!handler) return base;
    return {
      colour: (properties) => (handler.colourFeature ? parseCssColour(handler.colourFeature(properties)) : base.colour(properties)),
      label: (properties) =>
        handler.labelFeature ? handler.labelFeature(properties, this.engine.language()) || null : base.label(properties),
    };
  }

  private onData(data: OverlayFeatureCollection): void {
    if (!this.shown) return;
    this.noticeShown = false;
    const redraw = this.manifest.realtime?.redraw ?? true;
    if (this.lastData && !redraw) return;
    this.draw(data);
  }

  private draw(data: OverlayFeatureCollection): void {
    this.lastData = data;
    const host = this.engine.options.host;
    const Cesium = host.cesium();
    const viewer = host.viewer() as import('cesium').Viewer | null;
    if (!Cesium || !viewer) return;
    this.drawer ??= new MarkerDrawer(Cesium, viewer.scene, this.manifest, this.style());
    const language = this.engine.language();
    const languageDependent = this.manifest.handler !== undefined || typeof this.manifest.display?.labelTemplate === 'object';
    const handlerSignature = languageDependent ? `|${language}` : '';
    this.drawer.apply(toKeyedFeatures(this.id, data, handlerSignature));
    this.drawer.setShow(this.shown);
    this.engine.refreshSelection(this.id);
    if (this.shown) this.engine.store.getState().setOverlayReady(this.id, true);
    if (this.engine.store.getState().overlays[this.id]?.unavailable) this.engine.store.getState().setOverlayUnavailable(this.id, false);
    host.requestRender();
  }

  private onError(error: unknown, failures: number): void {
    console.warn(`overlay ${this.id}: fetch failed (${failures} in a row)`, error);
    if (this.shown) this.engine.store.getState().setOverlayUnavailable(this.id, true);
    if (this.noticeShown || !this.shown) return;
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
        const id = (pick.picked as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string' && this.ownerOf(id)) this.select(id);
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
      // A feature's drawer may have waited for the viewer.
      for (const runtime of this.runtimes.values()) runtime.redraw();
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
      if (manifest.mode !== 'GEOJSON') {
        console.info(`overlay ${id}: mode ${manifest.mode} is not drawn by this release's overlay engine`);
        continue;
      }
      const runtime = new OverlayRuntime(manifest, this);
      this.runtimes.set(id, runtime);
      if (state.overlays[id] === undefined && manifest.show) state.setOverlayShown(id, true);
      runtime.setPageVisible(typeof document === 'undefined' || document.visibilityState === 'visible');
      runtime.setShown(this.store.getState().overlays[id]?.shown ?? false);
    }
  }

  private onStoreChange(state: AppStoreState, previous: AppStoreState): void {
    if (state.overlays !== previous.overlays) {
      for (const [id, runtime] of this.runtimes) {
        const shown = state.overlays[id]?.shown ?? false;
        if (shown !== (previous.overlays[id]?.shown ?? false)) runtime.setShown(shown);
      }
    }
    if (state.language !== previous.language) {
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
      manifest: runtime.manifest,
      feature,
      rows: handler?.describeFeature?.(feature.properties, this.language()) ?? [],
    };
  }

  /** After a redraw: the popup follows the new reading, or closes when its feature disappeared. */
  refreshSelection(overlayId: string): void {
    const current = this.current;
    if (!current || current.overlayId !== overlayId) return;
    const runtime = this.runtimes.get(overlayId);
    const feature = runtime?.feature(current.entityId);
    if (!runtime || !feature) this.setSelection(null);
    else {
      runtime.markerDrawer()?.select(current.entityId);
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
    return this.runtimes.get(current.overlayId)?.markerDrawer()?.screenPosition(current.entityId) ?? null;
  }

  select(entityId: string | null): void {
    const previous = this.current;
    if (previous) this.runtimes.get(previous.overlayId)?.markerDrawer()?.select(null);
    const runtime = entityId ? this.ownerOf(entityId) : undefined;
    const feature = entityId && runtime ? runtime.feature(entityId) : undefined;
    if (runtime && feature) {
      runtime.markerDrawer()?.select(feature.id);
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
    return this.runtimes.get(overlayId)?.markerDrawer()?.ids() ?? [];
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const dispose of this.disposers.splice(0)) dispose();
    for (const runtime of this.runtimes.values()) runtime.dispose();
    this.runtimes.clear();
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
