/**
 * Renders the lot-boundary WMTS tiles: 256 x 256 RGBA PNGs, transparent except for each lot's light fill and a
 * 2-pixel outline. Tiles are drawn on request and kept in a small LRU; the empty tile, by far the most common,
 * is encoded once and shared.
 */
import { PNG } from 'pngjs';
import { LOT_TILE_SIZE, lotTileMatrixSize, type LotTileMatrixSet } from '../../core/contracts';
import { LruCache } from '../terrain/lru';
import type { LandLot } from './lots';

/** Outline colour (dark orange, the lot layer's colour) and the alpha of fill and outline. */
export const LOT_OUTLINE_RGB: readonly [number, number, number] = [255, 140, 0];
export const LOT_FILL_ALPHA = 56;
export const LOT_OUTLINE_ALPHA = 255;
/** Outline half-width in pixels: pixels whose centre lies within it of an edge are painted. */
const OUTLINE_HALF_WIDTH_PX = 1;

/** Position in pixels of the whole tile matrix (x east, y south from the matrix's top-left corner). */
export function matrixPixel(set: LotTileMatrixSet, level: number, longitude: number, latitude: number): [number, number] {
  const { columns, rows } = lotTileMatrixSize(set, level);
  if (set === 'EPSG:4326') {
    return [((longitude + 180) / 360) * columns * LOT_TILE_SIZE, ((90 - latitude) / 180) * rows * LOT_TILE_SIZE];
  }
  const phi = (latitude * Math.PI) / 180;
  const worldPixels = columns * LOT_TILE_SIZE;
  return [((longitude + 180) / 360) * worldPixels, ((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * worldPixels];
}

function encode(rgba: Buffer): Buffer {
  const png = new PNG({ width: LOT_TILE_SIZE, height: LOT_TILE_SIZE, colorType: 6 });
  rgba.copy(png.data);
  return PNG.sync.write(png, { colorType: 6 });
}

/** Paints `alpha` over the pixel (keeping the higher alpha where fill and outline overlap). */
function paint(rgba: Buffer, x: number, y: number, alpha: number): void {
  if (x < 0 || y < 0 || x >= LOT_TILE_SIZE || y >= LOT_TILE_SIZE) return;
  const offset = (y * LOT_TILE_SIZE + x) * 4;
  if (rgba[offset + 3] >= alpha) return;
  rgba[offset] = LOT_OUTLINE_RGB[0];
  rgba[offset + 1] = LOT_OUTLINE_RGB[1];
  rgba[offset + 2] = LOT_OUTLINE_RGB[2];
  rgba[offset + 3] = alpha;
}

/** Even-odd fill of a polygon at pixel centres. */
function fillPolygon(rgba: Buffer, points: Array<[number, number]>): void {
  const ys = points.map((p) => p[1]);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(LOT_TILE_SIZE - 1, Math.ceil(Math.max(...ys)));
  for (let row = top; row <= bottom; row += 1) {
    const y = row + 0.5;
    const crossings: number[] = [];
    for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if (yi > y !== yj > y) crossings.push(xi + ((y - yi) / (yj - yi)) * (xj - xi));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const to = Math.min(LOT_TILE_SIZE - 1, Math.floor(crossings[k + 1] - 0.5));
      for (let column = from; column <= to; column += 1) paint(rgba, column, row, LOT_FILL_ALPHA);
    }
  }
}

/** Paints every pixel whose centre lies within the outline half-width of the segment. */
function strokeSegment(rgba: Buffer, [ax, ay]: [number, number], [bx, by]: [number, number]): void {
  const reach = OUTLINE_HALF_WIDTH_PX;
  const left = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
  const right = Math.min(LOT_TILE_SIZE - 1, Math.ceil(Math.max(ax, bx) + reach));
  const top = Math.max(0, Math.floor(Math.min(ay, by) - reach));
  const bottom = Math.min(LOT_TILE_SIZE - 1, Math.ceil(Math.max(ay, by) + reach));
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  for (let row = top; row <= bottom; row += 1) {
    for (let column = left; column <= right; column += 1) {
      const px = column + 0.5 - ax;
      const py = row + 0.5 - ay;
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
      if (Math.hypot(px - t * dx, py - t * dy) <= reach) paint(rgba, column, row, LOT_OUTLINE_ALPHA);
    }
  }
}

export interface LotTileRenderer {
  /** The PNG of one tile; the shared empty tile where no lot reaches. */
  tile(set: LotTileMatrixSet, level: number, row: number, column: number): Buffer;
  readonly emptyTile: Buffer;
}

export function createLotTileRenderer(lots: readonly LandLot[], cacheSize = 512): LotTileRenderer {
  const emptyTile = encode(Buffer.alloc(LOT_TILE_SIZE * LOT_TILE_SIZE * 4));
  const cache = new LruCache<string, Buffer>(cacheSize);

  function render(set: LotTileMatrixSet, level: number, row: number, column: number): Buffer {
    const originX = column * LOT_TILE_SIZE;
    const originY = row * LOT_TILE_SIZE;
    // Lots reaching the tile, by their pixel bounding boxes (plus the outline's reach).
    const margin = OUTLINE_HALF_WIDTH_PX + 1;
    const visible: Array<Array<[number, number]>> = [];
    for (const lot of lots) {
      const [west, south, east, north] = lot.bbox;
      const [minX, minY] = matrixPixel(set, level, west, north);
      const [maxX, maxY] = matrixPixel(set, level, east, south);
      if (maxX < originX - margin || minX > originX + LOT_TILE_SIZE + margin) continue;
      if (maxY < originY - margin || minY > originY + LOT_TILE_SIZE + margin) continue;
      visible.push(lot.ring.map(([lon, lat]) => {
        const [x, y] = matrixPixel(set, level, lon, lat);
        return [x - originX, y - originY];
      }));
    }
    if (visible.length === 0) return emptyTile;
    const rgba = Buffer.alloc(LOT_TILE_SIZE * LOT_TILE_SIZE * 4);
    for (const points of visible) fillPolygon(rgba, points);
    for (const points of visible) {
      for (let i = 0; i + 1 < points.length; i += 1) strokeSegment(rgba, points[i], points[i + 1]);
    }
    return encode(rgba);
  }

  return {
    emptyTile,
    tile(set, level, row, column) {
      const key = `${set}/${level}/${row}/${column}`;
      let png = cache.get(key);
      if (!png) {
        png = render(set, level, row, column);
        cache.set(key, png);
      }
      return png;
    },
  };
}
