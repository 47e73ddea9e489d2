/**
 * What an overlay source (one per drawn layer: the overlay itself and each of its sub-layers) gets from the
 * engine, and what the engine asks of it. A source fetches and draws one mode (GEOJSON/WFS features, WMTS
 * imagery, 3D Tiles); the engine's runtime owns what is shared by the overlay: shown / disclaimer / page
 * visibility, the one "temporarily not available" notice, the store flags and the camera limits.
 */
import type { Viewer } from 'cesium';
import type { OverlayManifest } from '../../manifests/schemas';
import type { HeightReferenceKind, TerrainKind } from '../../map/terrains';
import type { Language, SceneClock, TilesetAppearance } from '../../plugin/types';
import type { OverlayRefreshState } from '../../store/appStore';
import type { OverlayFeature } from '../features';
import type { MarkerDrawer, MarkerStyle } from '../markerDrawer';

export type CesiumModule = typeof import('cesium');

export interface SourceContext {
  /** The drawn layer's manifest: the overlay's own, or for a sub-layer its parent with the sub-layer's fields. */
  readonly manifest: OverlayManifest;
  cesium(): CesiumModule | null;
  viewer(): Viewer | null;
  requestRender(): void;
  language(): Language;
  /** The store's textured / textureless mode. */
  textured(): boolean;
  /** How feature altitudes count under the terrain the user chose (core/map/terrains). */
  heightReference(): HeightReferenceKind;
  /** The terrain kind the user chose (layer drawer). */
  terrainKind(): TerrainKind;
  /** The map is in light rendering (slow-client light mode). */
  lite(): boolean;
  /** The overlay handler's tileset appearance for a mode, or null when the overlay's handler has none. */
  tilesetAppearance(textured: boolean): TilesetAppearance | null;
  /** The shown layer is hidden under the chosen terrain (a tileset's `onEllipsoidTerrain: hide`): say so. */
  hiddenByTerrain(): void;
  /** The manifest URL with `{apiBase}`, `{language}` and `{timestamp}` filled and a `timestamp` parameter. */
  resolveUrl(): string;
  fetchJson(url: string, signal: AbortSignal): Promise<unknown>;
  /** The marker/label style (the manifest's, or the overlay handler's). */
  featureStyle(): MarkerStyle;
  /** The source has drawn (or re-shown what it drew). */
  drawn(): void;
  /** Fetch or drawing failed; `failures` consecutive failures so far. */
  failed(error: unknown, failures: number): void;
  /** Realtime panel fields; only the overlay's own (first) source reports them. */
  refreshState(state: OverlayRefreshState): void;
  /** The features changed: the popup must follow or close. */
  featuresChanged(): void;
  /** The map's scene clock: a time-aware overlay (manifest `time`) draws the observations of its time. */
  clock(): SceneClock;
}

export interface OverlaySource {
  /** Has drawn at least once (kept while hidden). */
  readonly hasDrawn: boolean;
  /** The last attempt failed. */
  readonly hasFailed: boolean;
  /** Shown means the overlay (and this sub-layer) is shown and its disclaimer accepted; fetching also needs the page visible. */
  setActive(shown: boolean, pageVisible: boolean): void;
  setTextured(textured: boolean): void;
  /** Redraws from the last data (language changed, viewer became ready). */
  redraw(): void;
  owns(entityId: string): boolean;
  feature(entityId: string): OverlayFeature | undefined;
  ids(): string[];
  /** Highlights a feature (null: none). */
  select(entityId: string | null): void;
  screenPosition(entityId: string): { x: number; y: number } | null;
  markerDrawer(): MarkerDrawer | null;
  dispose(): void;
}
