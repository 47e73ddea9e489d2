/**
 * The ground's colour in a rendered panorama: the map's own street-level base map (server/terrain/relief.ts, the
 * default style: shaded relief, roads, rail and building footprints) sampled where a ray meets the ground, so the
 * streets in a panorama are the streets of the map.
 *
 * Tiles are drawn by the base map's renderer itself (renderBaseMapRgba), finer near the camera: z18 (about 0.55 m a
 * pixel in Hong Kong) within {@link Z18_REACH_METRES}, z16 within {@link Z16_REACH_METRES}, z13 beyond. They are
 * kept in a process-wide LRU keyed by the building store's version, so panoramas along one street share them.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { boundsIntersect, footprintBounds } from '../buildings/footprint';
import type { LonLatBounds } from '../buildings/store';
import type { DemSampler } from '../terrain/dem';
import { LruCache } from '../terrain/lru';
import { mercatorTileBounds, renderBaseMapRgba, TILE_SIZE } from '../terrain/relief';
import type { StreetVectors } from '../terrain/vectors';

/** Ground closer than this (horizontal metres) is coloured from z18 tiles. */
export const Z18_REACH_METRES = 160;
/** Ground closer than this is coloured from z16 tiles, farther ground from z13. */
export const Z16_REACH_METRES = 700;
const ZOOMS = [18, 16, 13] as const;

/** Rendered tiles kept between panoramas (256 KB each). */
const tileCache = new LruCache<string, Uint8Array>(160);

/** Web Mercator pixel column of a longitude at a zoom (256-pixel tiles). */
export function mercatorPixelX(longitude: number, zoom: number): number {
  return ((longitude + 180) / 360) * 2 ** zoom * TILE_SIZE;
}

/** Web Mercator pixel row of a latitude at a zoom. */
export function mercatorPixelY(latitude: number, zoom: number): number {
  const phi = (latitude * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** zoom * TILE_SIZE;
}

/** The tiles one zoom of a scene may read: a window of tile columns and rows, each drawn when first read. */
interface TileWindow {
  zoom: number;
  x0: number;
  y0: number;
  columns: number;
  rows: number;
  tiles: Array<Uint8Array | undefined>;
}

export interface GroundTextureSources {
  dem: DemSampler;
  vectors: StreetVectors | null;
  /** The building records whose footprints the z16 and z18 tiles draw (every record meeting their window). */
  footprints: readonly BuildingRecord[];
  /** The building store's version (the tile cache key). */
  storeVersion: string;
}

/**
 * The base map around one camera. `colourAt` is called per ground pixel, so the tile windows are plain arrays and
 * the lookup is bilinear in the tile's pixels.
 */
export class GroundTexture {
  private readonly windows: TileWindow[];
  private readonly footprintBoxes: LonLatBounds[];

  constructor(
    private readonly sources: GroundTextureSources,
    longitude: number,
    latitude: number,
    farthestMetres: number,
  ) {
    const reaches = [Z18_REACH_METRES, Z16_REACH_METRES, farthestMetres];
    this.windows = ZOOMS.map((zoom, index) => {
      const [west, south, east, north] = boundsAround(longitude, latitude, reaches[index] + 20);
      const x0 = Math.floor(mercatorPixelX(west, zoom) / TILE_SIZE);
      const x1 = Math.floor(mercatorPixelX(east, zoom) / TILE_SIZE);
      const y0 = Math.floor(mercatorPixelY(north, zoom) / TILE_SIZE);
      const y1 = Math.floor(mercatorPixelY(south, zoom) / TILE_SIZE);
      const columns = x1 - x0 + 1;
      const rows = y1 - y0 + 1;
      return { zoom, x0, y0, columns, rows, tiles: new Array(columns * rows) };
    });
    this.footprintBoxes = sources.footprints.map((record) => footprintBounds(record.footprint));
  }

  /** The bounds every footprint the z16 and z18 tiles draw lies in (what to read from the store). */
  static footprintWindow(longitude: number, latitude: number): LonLatBounds {
    const zoom = 16;
    const [west, south, east, north] = boundsAround(longitude, latitude, Z16_REACH_METRES + 20);
    const [w] = mercatorTileBounds(zoom, Math.floor(mercatorPixelX(west, zoom) / TILE_SIZE), 0);
    const [, , e] = mercatorTileBounds(zoom, Math.floor(mercatorPixelX(east, zoom) / TILE_SIZE), 0);
    const [, , , n] = mercatorTileBounds(zoom, 0, Math.floor(mercatorPixelY(north, zoom) / TILE_SIZE));
    const [, s] = mercatorTileBounds(zoom, 0, Math.floor(mercatorPixelY(south, zoom) / TILE_SIZE));
    return [w, s, e, n];
  }

  private tile(window: TileWindow, column: number, row: number): Uint8Array {
    const index = row * window.columns + column;
    let rgba = window.tiles[index];
    if (rgba) return rgba;
    const x = window.x0 + column;
    const y = window.y0 + row;
    const key = `${this.sources.storeVersion}/${window.zoom}/${x}/${y}`;
    rgba = tileCache.get(key);
    if (!rgba) {
      const bounds = mercatorTileBounds(window.zoom, x, y);
      const footprints = this.sources.footprints.filter((_, k) => boundsIntersect(this.footprintBoxes[k], bounds));
      rgba = renderBaseMapRgba(this.sources.dem, window.zoom, x, y, 'default', this.sources.vectors, footprints);
      tileCache.set(key, rgba);
    }
    window.tiles[index] = rgba;
    return rgba;
  }

  /**
   * The base map's colour at a place (0..1 per channel into `out`), from the zoom that suits a point
   * `distanceMetres` from the camera. Outside every window the colour of the farthest zoom's edge is used.
   */
  colourAt(longitude: number, latitude: number, distanceMetres: number, out: Float32Array): void {
    const window = this.windows[distanceMetres < Z18_REACH_METRES ? 0 : distanceMetres < Z16_REACH_METRES ? 1 : 2];
    // Pixel centres are at +0.5: bilinear between the four nearest centres.
    const px = mercatorPixelX(longitude, window.zoom) - window.x0 * TILE_SIZE - 0.5;
    const py = mercatorPixelY(latitude, window.zoom) - window.y0 * TILE_SIZE - 0.5;
    const maxX = window.columns * TILE_SIZE - 1;
    const maxY = window.rows * TILE_SIZE - 1;
    const x = Math.max(0, Math.min(maxX, px));
    const y = Math.max(0, Math.min(maxY, py));
    const ix = Math.min(maxX - 1, Math.floor(x));
    const iy = Math.min(maxY - 1, Math.floor(y));
    const fx = x - ix;
    const fy = y - iy;
    out[0] = out[1] = out[2] = 0;
    for (let corner = 0; corner < 4; corner += 1) {
      const cx = ix + (corner & 1);
      const cy = iy + (corner >> 1);
      const weight = (corner & 1 ? fx : 1 - fx) * (corner >> 1 ? fy : 1 - fy);
      if (weight === 0) continue;
      const rgba = this.tile(window, Math.floor(cx / TILE_SIZE), Math.floor(cy / TILE_SIZE));
      const offset = ((cy % TILE_SIZE) * TILE_SIZE + (cx % TILE_SIZE)) * 4;
      out[0] += (rgba[offset] / 255) * weight;
      out[1] += (rgba[offset + 1] / 255) * weight;
      out[2] += (rgba[offset + 2] / 255) * weight;
    }
  }
}

/** [west, south, east, north] of a square `metres` from a point each way. */
function boundsAround(longitude: number, latitude: number, metres: number): LonLatBounds {
  const dLat = metres / 110_700;
  const dLon = metres / (111_320 * Math.cos((latitude * Math.PI) / 180));
  return [longitude - dLon, latitude - dLat, longitude + dLon, latitude + dLat];
}
