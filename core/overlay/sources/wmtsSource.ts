/**
 * WMTS overlays (lot boundaries): a Cesium WebMapTileServiceImageryProvider on the manifest's RESTful URL
 * template, added to the viewer's imagery layers the first time the overlay is shown and hidden/shown with it.
 * Tile failures (the provider's errorEvent) count as a failed fetch: one notice, `unavailable` set.
 */
import { setPickLayerId } from '../../map/pickTags';
import type { ImageryLayer, TilingScheme } from 'cesium';
import { FeaturelessSource } from './featurelessSource';
import type { CesiumModule } from './types';

/** Tile matrix sets by the tiling scheme Cesium must use for them (GeoWebCache and OGC names). */
const GEOGRAPHIC_SETS = new Set(['EPSG:4326', 'WGS84', 'CRS84']);
const WEB_MERCATOR_SETS = new Set(['EPSG:900913', 'EPSG:3857', 'GoogleMapsCompatible', 'WebMercatorQuad']);

/** Tile matrix set used when a manifest names none (GeoWebCache's Web Mercator grid set). */
export const DEFAULT_TILE_MATRIX_SET = 'EPSG:900913';
/** Deepest level asked for when a manifest names none. */
export const DEFAULT_WMTS_MAXIMUM_LEVEL = 19;

/** The kind of tiling scheme of a tile matrix set; throws for one this engine cannot tile. */
export function tilingSchemeKind(tileMatrixSetId: string): 'geographic' | 'web-mercator' {
  if (GEOGRAPHIC_SETS.has(tileMatrixSetId)) return 'geographic';
  if (WEB_MERCATOR_SETS.has(tileMatrixSetId)) return 'web-mercator';
  throw new Error(`WMTS tile matrix set "${tileMatrixSetId}" is not supported (use EPSG:4326 or EPSG:900913/EPSG:3857)`);
}

/**
 * The value of `{TileMatrix}` for each level. GeoWebCache names its matrices `<set>:<level>` (`EPSG:900913:17`);
 * a template that already writes `{TileMatrixSet}:{TileMatrix}` (the lot tile route) takes the bare level, any
 * other template gets the full name.
 */
export function tileMatrixLabels(urlTemplate: string, tileMatrixSetId: string, maximumLevel: number): string[] | undefined {
  if (urlTemplate.includes('{TileMatrixSet}:{TileMatrix}')) return undefined;
  return Array.from({ length: maximumLevel + 1 }, (_, level) => `${tileMatrixSetId}:${level}`);
}

/** The provider options for a manifest URL (already resolved, tile placeholders left in). */
export function wmtsProviderOptions(
  Cesium: CesiumModule,
  manifest: { layer?: string; style?: string; tileMatrixSetId?: string; maximumLevel?: number },
  url: string,
) {
  const tileMatrixSetID = manifest.tileMatrixSetId ?? DEFAULT_TILE_MATRIX_SET;
  const maximumLevel = manifest.maximumLevel ?? DEFAULT_WMTS_MAXIMUM_LEVEL;
  const tilingScheme: TilingScheme =
    tilingSchemeKind(tileMatrixSetID) === 'geographic' ? new Cesium.GeographicTilingScheme() : new Cesium.WebMercatorTilingScheme();
  // `{layer}` is ours, not Cesium's (it fills `{style}` and the tile placeholders); the layer name keeps its colon.
  const resolved = manifest.layer ? url.split('{layer}').join(manifest.layer) : url;
  return {
    url: resolved,
    layer: manifest.layer ?? '',
    style: manifest.style ?? 'default',
    format: 'image/png',
    tileMatrixSetID,
    tileMatrixLabels: tileMatrixLabels(resolved, tileMatrixSetID, maximumLevel),
    tilingScheme,
    maximumLevel,
  };
}

export class WmtsSource extends FeaturelessSource {
  private layer: ImageryLayer | null = null;
  private removeErrorListener: (() => void) | null = null;
  private shown = false;

  setActive(shown: boolean): void {
    this.shown = shown;
    if (this.layer) {
      this.layer.show = shown;
      if (shown) this.context.drawn();
    } else if (shown && !this.hasFailed) this.create();
    this.context.requestRender();
  }

  setTextured(): void {}

  redraw(): void {
    if (this.shown && !this.layer && !this.hasFailed) this.setActive(true);
  }

  dispose(): void {
    this.removeErrorListener?.();
    this.removeErrorListener = null;
    const viewer = this.context.viewer();
    if (this.layer && viewer && !viewer.isDestroyed()) viewer.imageryLayers.remove(this.layer, true);
    this.layer = null;
  }

  private create(): void {
    const Cesium = this.context.cesium();
    const viewer = this.context.viewer();
    if (!Cesium || !viewer) return;
    try {
      const provider = new Cesium.WebMapTileServiceImageryProvider(wmtsProviderOptions(Cesium, this.context.manifest, this.context.resolveUrl()));
      this.removeErrorListener = provider.errorEvent.addEventListener(() =>
        this.fail(new Error(`WMTS tile failed for ${this.context.manifest.id}`)),
      );
      this.layer = viewer.imageryLayers.addImageryProvider(provider);
      // Split layers find an overlay's imagery by this tag, as picking finds a tileset's.
      setPickLayerId(this.layer, this.context.manifest.id);
      this.layer.show = this.shown;
      this.hasDrawn = true;
      if (this.shown) this.context.drawn();
    } catch (error) {
      this.fail(error);
    }
  }
}
