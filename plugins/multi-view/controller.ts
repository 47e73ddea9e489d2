/**
 * The multi view on screen: the main map shrunk into the first cell of a grid (layout.ts), companion views
 * (`ctx.map.companionViews()`, core/map/companionViews.ts) in the others, a title on each, all in step with the
 * main map's camera. One multi view at a time, opened by the tool (its panel's choices) or by another plugin
 * (api.ts, e.g. the then-and-now comparison); either way it is the core mode `multiView` (exclusive with split
 * layers, suspended by themed functions): switching the mode off closes it, and closing it switches the mode off.
 */
import type { CompanionGeoJsonLayer, CompanionImageryLayer, CompanionView, CompanionViewSpec, MapFacade, OverlayContribution, OverlayHandlerContribution, Registry } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { cellStyle, viewGrid } from './layout';
import './multiViewLayer.css';

/** The buildings' overlay (manifests/overlays/buildings.json): its tileset is what "buildings" draws in a view. */
export const BUILDINGS_OVERLAY_ID = 'buildings';

/** The first view as the main map is now (its own layers, style and terrain from the drawers). */
export interface MainViewSpec {
  main: true;
  /** Already in the page language. */
  title: string;
}

/** A companion view (see {@link CompanionViewSpec}), with its title and layers' names. */
export interface CompanionViewChoice {
  main?: false;
  /** Already in the page language. */
  title: string;
  /** A manifests/basemaps id; default the default base map. */
  baseMapId?: string;
  /** A manifests/terrains id; default the default terrain. */
  terrainId?: string;
  /** A Cesium heightmap terrain root instead of `terrainId` (e.g. an older DEM). */
  terrainUrl?: string;
  /** The 3D buildings (the buildings overlay's tileset, painted as on the main map). Default false. */
  buildings?: boolean;
  /** GeoJSON or imagery layers; each `label` (page language) is named under the view's title. */
  layers?: ReadonlyArray<(CompanionGeoJsonLayer | CompanionImageryLayer) & { label?: string }>;
}

export type ViewSpec = MainViewSpec | CompanionViewChoice;

/** An open multi view. */
export interface MultiViewHandle {
  /** The companion views, in the order given (without the main map). */
  readonly views: readonly CompanionView[];
  /** Back to one map (the mode `multiView` off). Harmless twice. */
  close(): void;
  /** Called once when the multi view closes, whoever closed it (the user, a themed function, another multi view). */
  onClose(listener: () => void): () => void;
}

export interface MultiViewControllerOptions {
  map: MapFacade;
  store: AppStore;
  overlays: Registry<OverlayContribution>;
  overlayHandlers: Registry<OverlayHandlerContribution>;
  apiBase: string;
}

export interface MultiViewController {
  /** Opens `views` (2–4; the first may be the main map), closing any multi view open. Rejects with a clear `Error`. */
  open(views: readonly ViewSpec[], owner: string): Promise<MultiViewHandle>;
  /** Who opened the multi view on screen (`owner` of {@link open}), null when there is none. */
  owner(): string | null;
  close(): void;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createMultiViewController(options: MultiViewControllerOptions): MultiViewController {
  const { map, store } = options;
  let session: Session | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  /** What a companion view draws, from the choice. */
  const companionSpec = (choice: CompanionViewChoice): CompanionViewSpec => {
    const spec: CompanionViewSpec = { baseMapId: choice.baseMapId, terrainId: choice.terrainId, terrainUrl: choice.terrainUrl, layers: choice.layers };
    if (!choice.buildings) return spec;
    const manifest = options.overlays.get(BUILDINGS_OVERLAY_ID)?.manifest;
    if (!manifest || typeof manifest.url !== 'string') throw new Error(`multi view: the buildings overlay "${BUILDINGS_OVERLAY_ID}" is not in this map`);
    const handler = manifest.handler ? options.overlayHandlers.get(manifest.handler) : undefined;
    const appearance = handler?.tilesetAppearance;
    return {
      ...spec,
      tilesets: [
        {
          url: manifest.url.replace('{apiBase}', options.apiBase),
          maximumScreenSpaceError: manifest.tileset?.liteMaximumScreenSpaceError,
          appearance: appearance ? (cesium) => appearance({ cesium, textured: true }) : undefined,
        },
      ],
    };
  };

  const controller: MultiViewController = {
    async open(views, owner) {
      if (views.length < 2 || views.length > 4) throw new Error(`multi view: 2 to 4 views, not ${views.length}`);
      if (views.slice(1).some((view) => view.main)) throw new Error('multi view: only the first view can be the main map');
      // A caller at start-up (a shared link) waits for the map rather than being refused.
      await map.whenReady();
      const element = map.container();
      const area = element?.parentElement;
      if (!element || !area) throw new Error('multi view: the map is not on the page');
      // Replaced, not ended: the mode stays on (no `multiView::off` and `on` for a change of views).
      const replaced = session;
      session = null;
      replaced?.close();
      const next = new Session(element, area, views, owner, () => {
        if (session === next) {
          session = null;
          if (store.getState().multiView) store.getState().setMode('multiView', false);
          changed();
        }
      });
      session = next;
      if (!store.getState().multiView) store.getState().setMode('multiView', true);
      changed();
      try {
        await next.openViews((cell, choice) => map.companionViews().open(cell, companionSpec(choice)));
      } catch (error) {
        next.close();
        throw error;
      }
      if (next.closed) throw new Error('multi view: closed before its views opened');
      map.requestRender();
      return next.handle;
    },
    owner: () => session?.owner ?? null,
    close: () => session?.close(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      controller.close();
      listeners.clear();
    },
  };
  return controller;
}

/** One multi view on screen: its DOM (cells, titles), the main map's place, its companion views. */
class Session {
  closed = false;
  private readonly companions: CompanionView[] = [];
  private readonly closeListeners = new Set<() => void>();
  private readonly layer: HTMLDivElement;
  private readonly mainStyle: string;
  private readonly cells: ReturnType<typeof viewGrid>;
  readonly handle: MultiViewHandle;

  constructor(
    private readonly mainElement: HTMLElement,
    area: HTMLElement,
    private readonly views: readonly ViewSpec[],
    readonly owner: string,
    private readonly onClosed: () => void,
  ) {
    this.mainStyle = mainElement.style.cssText;
    this.layer = document.createElement('div');
    this.layer.className = 'multi-view';
    this.layer.dataset.testid = 'multi-view';
    area.append(this.layer);
    // A phone shows two at most: the views that do not fit are not opened.
    this.cells = viewGrid(views.length, area.clientWidth, area.clientHeight);
    const companions = this.companions;
    this.handle = {
      get views() {
        return companions;
      },
      close: () => this.close(),
      onClose: (listener) => {
        this.closeListeners.add(listener);
        return () => this.closeListeners.delete(listener);
      },
    };
  }

  async openViews(open: (cell: HTMLElement, choice: CompanionViewChoice) => Promise<CompanionView>): Promise<void> {
    const shown = this.views.slice(0, this.cells.length);
    const pending: Array<Promise<void>> = [];
    shown.forEach((view, index) => {
      const cell = this.cells[index];
      const style = cellStyle(cell);
      if (view.main) {
        Object.assign(this.mainElement.style, { inset: 'auto', ...style });
        this.addTitle(view.title, [], style);
        return;
      }
      const element = document.createElement('div');
      element.className = 'multi-view__view';
      Object.assign(element.style, style);
      this.layer.append(element);
      this.addTitle(view.title, (view.layers ?? []).map((layer) => layer.label).filter((label): label is string => !!label), style);
      pending.push(
        open(element, view).then((companion) => {
          if (this.closed) companion.close();
          else this.companions.push(companion);
        }),
      );
    });
    if (!shown[0]?.main) this.mainElement.style.visibility = 'hidden';
    const results = await Promise.allSettled(pending);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }

  private addTitle(title: string, layerNames: string[], style: ReturnType<typeof cellStyle>): void {
    const label = document.createElement('div');
    label.className = 'multi-view__title';
    Object.assign(label.style, { left: style.left, top: style.top, width: style.width, height: style.height });
    const name = document.createElement('span');
    name.className = 'multi-view__name';
    name.textContent = title;
    label.append(name);
    if (layerNames.length > 0) {
      const layers = document.createElement('span');
      layers.className = 'multi-view__layers';
      layers.textContent = layerNames.join(' · ');
      label.append(layers);
    }
    this.layer.append(label);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const companion of this.companions.splice(0)) companion.close();
    this.layer.remove();
    this.mainElement.style.cssText = this.mainStyle;
    this.onClosed();
    for (const listener of [...this.closeListeners]) {
      try {
        listener();
      } catch (error) {
        console.error('a multi view close listener failed', error);
      }
    }
    this.closeListeners.clear();
  }
}
