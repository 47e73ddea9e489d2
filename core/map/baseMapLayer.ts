/**
 * The imagery layer of a base map (manifests/basemaps: XYZ, RESTful WMTS or a single image, on the Web Mercator
 * grid), the one way the map host, the split layers' side base maps and the companion views build it. Not added to
 * any viewer; the caller applies its adjustments and credit.
 */
import type { BaseMapSource } from './baseMaps';

type CesiumModule = typeof import('cesium');

export function createBaseMapImageryLayer(Cesium: CesiumModule, baseMap: BaseMapSource): import('cesium').ImageryLayer {
  // The credit is not the provider's: the map's credit line shows it in the page language.
  const tiled = { url: baseMap.url, minimumLevel: baseMap.minimumLevel, maximumLevel: baseMap.maximumLevel };
  if (baseMap.kind === 'single-image') {
    return Cesium.ImageryLayer.fromProviderAsync(Cesium.SingleTileImageryProvider.fromUrl(baseMap.url), {});
  }
  if (baseMap.kind === 'wmts') {
    // A RESTful WMTS template ({TileMatrix}/{TileRow}/{TileCol}) on the Web Mercator grid.
    return new Cesium.ImageryLayer(
      new Cesium.WebMapTileServiceImageryProvider({
        ...tiled,
        layer: 'basemap',
        style: 'default',
        tileMatrixSetID: 'GoogleMapsCompatible',
        tilingScheme: new Cesium.WebMercatorTilingScheme(),
      }),
    );
  }
  return new Cesium.ImageryLayer(new Cesium.UrlTemplateImageryProvider({ ...tiled, tilingScheme: new Cesium.WebMercatorTilingScheme() }));
}
