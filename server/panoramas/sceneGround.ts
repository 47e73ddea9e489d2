/**
 * The ground's colour in a rendered panorama: the map's own street-level base map (server/terrain/relief.ts, the
 * default style: shaded relief, roads, rail and building footprints) sampled where a ray meets the ground, so the
 * streets in a panorama are the streets of the map.
 *
 * Tiles are drawn by the base map's renderer itself (renderBaseMapRgba), finer near the camera: z21 (about 7 cm a
 * pixel in Hong Kong, so a kerb at the camera's feet is a line, not a blur of magnified pixels; the renderer draws
 * any zoom, the map stops at 18) within {@link Z21_REACH_METRES}, z19 (28 cm) within {@link Z19_REACH_METRES}, z18
 * within {@link Z18_REACH_METRES}, z16 within {@link Z16_REACH_METRES}, z13 beyond. They are
 * kept in a process-wide LRU keyed by the building store's version, so panoramas along one street share them.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { boundsIntersect, footprintBounds } from '../buildings/footprint';
import type { LonLatBounds } from '../buildings/store';
import type { DemSampler } from '../terrain/dem';
import { LruCache } from '../terrain/lru';
import { mercatorTileBounds, renderBaseMapRgba, TILE_SIZE } from '../terrain/relief';
import type { StreetVectors } from '../terrain/vectors';

/** Ground closer than this (horizontal metres) is coloured from z21 tiles. */
export const Z21_REACH_METRES = 18;
/** Ground closer than this is coloured from z19 tiles. */
export const Z19_REACH_METRES = 60;
/** Ground closer than this is coloured from z18 tiles. */
export const Z18_REACH_METRES = 160;
/** Ground closer than this is coloured from z16 tiles, farther ground from z13. */
export const Z16_REACH_METRES = 700;
const ZOOMS = [21, 19, 18, 16, 13] as const;

/** Rendered tiles kept between panoramas (256 KB each). */
const tileCache = new LruCache<string, Uint8Array>(240);

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
  /**
   * The window's pixel of a local point east/north metres from the camera: x = xCamera + east × xPerEast,
   * y = yCamera + north × yPerNorth + north² × yPerNorthSquared (Mercator's second-order term; the third is
   * below a thousandth of a pixel at 5 km).
   */
  xCamera: number;
  xPerEast: number;
  yCamera: number;
  yPerNorth: number;
  yPerNorthSquared: number;
  x0: number;
  y0: number;
  columns: number;
  rows: number;
  tiles: Array<Uint8Array | undefined>;
}

export interface GroundTextureSources {
  dem: DemSampler;
  /** Roads and rail of the street plan, asked for when the first tile is drawn. */
  vectors: () => StreetVectors | null;
  /** The building records whose footprints the z16–z21 tiles draw (every record meeting their windows). */
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

  /**
   * @param metresPerDegree the camera's tangent plane (../geo/local-metres.ts), as the scene maps local metres
   */
  constructor(
    private readonly sources: GroundTextureSources,
    longitude: number,
    latitude: number,
    metresPerDegree: { longitude: number; latitude: number },
    farthestMetres: number,
  ) {
    const reaches = [Z21_REACH_METRES, Z19_REACH_METRES, Z18_REACH_METRES, Z16_REACH_METRES, farthestMetres];
    const phi = (latitude * Math.PI) / 180;
    const radiansPerNorth = Math.PI / 180 / metresPerDegree.latitude;
    this.windows = ZOOMS.map((zoom, index) => {
      const [west, south, east, north] = boundsAround(longitude, latitude, reaches[index] + 20);
      const x0 = Math.floor(mercatorPixelX(west, zoom) / TILE_SIZE);
      const x1 = Math.floor(mercatorPixelX(east, zoom) / TILE_SIZE);
      const y0 = Math.floor(mercatorPixelY(north, zoom) / TILE_SIZE);
      const y1 = Math.floor(mercatorPixelY(south, zoom) / TILE_SIZE);
      const columns = x1 - x0 + 1;
      const rows = y1 - y0 + 1;
      // d(y)/d(phi) = -size / 2π × sec(phi); d²(y)/d(phi)² = -size / 2π × sec(phi) tan(phi), size = the world in pixels.
      const worldPixels = 2 ** zoom * TILE_SIZE;
      const perRadian = -(worldPixels / (2 * Math.PI)) / Math.cos(phi);
      return {
        zoom,
        xCamera: mercatorPixelX(longitude, zoom) - x0 * TILE_SIZE,
        xPerEast: worldPixels / 360 / metresPerDegree.longitude,
        yCamera: mercatorPixelY(latitude, zoom) - y0 * TILE_SIZE,
        yPerNorth: perRadian * radiansPerNorth,
        yPerNorthSquared: (perRadian * Math.tan(phi) * radiansPerNorth * radiansPerNorth) / 2,
        x0,
        y0,
        columns,
        rows,
        tiles: new Array(columns * rows),
      };
    });
    this.footprintBoxes = sources.footprints.map((record) => footprintBounds(record.footprint));
  }

  /** The bounds every footprint the z16–z21 tiles draw lies in (what to read from the store). */
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
      rgba = renderBaseMapRgba(this.sources.dem, window.zoom, x, y, 'default', this.sources.vectors(), footprints);
      tileCache.set(key, rgba);
    }
    window.tiles[index] = rgba;
    return rgba;
  }

  /**
   * The base map's colour at a local point `east`, `north` metres from the camera (0..1 per channel into `out`),
   * from the zoom that suits its horizontal distance. Outside every window the window's edge colour is used.
   */
  colourAt(east: number, north: number, distanceMetres: number, out: Float32Array): void {
    const window =
      this.windows[
        distanceMetres < Z21_REACH_METRES ? 0 : distanceMetres < Z19_REACH_METRES ? 1 : distanceMetres < Z18_REACH_METRES ? 2 : distanceMetres < Z16_REACH_METRES ? 3 : 4
      ];
    // Pixel centres are at +0.5: bilinear between the four nearest centres.
    const px = window.xCamera + east * window.xPerEast - 0.5;
    const py = window.yCamera + north * window.yPerNorth + north * north * window.yPerNorthSquared - 0.5;
    const maxX = window.columns * TILE_SIZE - 1;
    const maxY = window.rows * TILE_SIZE - 1;
    const x = px < 0 ? 0 : px > maxX ? maxX : px;
    const y = py < 0 ? 0 : py > maxY ? maxY : py;
    const ix = Math.min(maxX - 1, Math.floor(x));
    const iy = Math.min(maxY - 1, Math.floor(y));
    const fx = x - ix;
    const fy = y - iy;
    const tileX = Math.floor(ix / TILE_SIZE);
    const tileY = Math.floor(iy / TILE_SIZE);
    const localX = ix - tileX * TILE_SIZE;
    const localY = iy - tileY * TILE_SIZE;
    if (localX < TILE_SIZE - 1 && localY < TILE_SIZE - 1) {
      // The four centres lie in one tile (all but one row and column of each).
      const rgba = this.tile(window, tileX, tileY);
      const o = (localY * TILE_SIZE + localX) * 4;
      const below = o + TILE_SIZE * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = rgba[o + channel] + (rgba[o + 4 + channel] - rgba[o + channel]) * fx;
        const bottom = rgba[below + channel] + (rgba[below + 4 + channel] - rgba[below + channel]) * fx;
        out[channel] = (top + (bottom - top) * fy) / 255;
      }
      return;
    }
    out[0] = out[1] = out[2] = 0;
    for (let corner = 0; corner < 4; corner += 1) {
      const cx = ix + (corner & 1);
      const cy = iy + (corner >> 1);
      const weight = (corner & 1 ? fx : 1 - fx) * (corner >> 1 ? fy : 1 - fy);
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
