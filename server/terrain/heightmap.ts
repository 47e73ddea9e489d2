/**
 * Cesium "heightmap-1.0" terrain tiles (read by CesiumTerrainProvider, see
 * node_modules/@cesium/engine/Source/Core/CesiumTerrainProvider.js createHeightmapTerrainData):
 *
 *  - Geographic tiling scheme: level 0 = 2x1 tiles of 180°; TMS y (row 0 at the south).
 *  - Body: 65x65 uint16 little-endian heights, rows north to south, columns west to east, value =
 *    (h + 1000) * 5 (Cesium's default structure: heightScale 1/5, heightOffset -1000), then 1 byte child-tile
 *    mask (bit 0 SW, 1 SE, 2 NW, 3 NE; HeightmapTerrainData.isChildAvailable), then the water mask: either one
 *    byte (0 = all land, 1 = all water) or 256x256 bytes, north to south, 0 = land and 255 = water.
 *  - Cesium always reads the bytes after the child mask as the water mask, so there is always at least one.
 *  - Cesium sends Accept "application/vnd.quantized-mesh;extensions=watermask,application/octet-stream;q=0.9,…"
 *    and does not need gzip; we gzip when the client accepts it (the browser inflates transparently).
 */
import { TERRAIN_TILE_MAX_LEVEL } from '../../core/contracts/terrain';
import type { Bounds, DemSampler } from './dem';
import { DEM_ATTRIBUTION } from './dem';

export const HEIGHTMAP_SIZE = 65;
export const WATER_MASK_SIZE = 256;
export const TERRAIN_MAX_LEVEL = TERRAIN_TILE_MAX_LEVEL;
/** The layer's version: Cesium puts it in every tile address (`?v=`), so bump it when tiles change (1.1.0: no-data tiles are not water). */
export const TERRAIN_VERSION = '1.1.0';
/** Below this a sample is sea (water mask); LandsD sea is exactly 0. */
const WATER_THRESHOLD_M = 0.5;

export function tilesX(level: number): number {
  return 2 ** (level + 1);
}
export function tilesY(level: number): number {
  return 2 ** level;
}

/** [west, south, east, north] in degrees of a geographic TMS tile. */
export function geographicTileBounds(level: number, x: number, tmsY: number): Bounds {
  const size = 180 / 2 ** level;
  const west = -180 + x * size;
  const south = -90 + tmsY * size;
  return [west, south, west + size, south + size];
}

export interface TileRange {
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}

/** TMS tile range of a level covering bounds. */
export function tileRangeFor(level: number, b: Bounds): TileRange {
  const size = 180 / 2 ** level;
  const clampX = (v: number) => Math.max(0, Math.min(tilesX(level) - 1, v));
  const clampY = (v: number) => Math.max(0, Math.min(tilesY(level) - 1, v));
  return {
    startX: clampX(Math.floor((b[0] + 180) / size)),
    endX: clampX(Math.ceil((b[2] + 180) / size) - 1),
    startY: clampY(Math.floor((b[1] + 90) / size)),
    endY: clampY(Math.ceil((b[3] + 90) / size) - 1),
  };
}

/** The terrain's availability: level 0 whole world (both tiles), then the tiles over the DEM. */
export function availability(bounds: Bounds, maxLevel = TERRAIN_MAX_LEVEL): TileRange[][] {
  const out: TileRange[][] = [[{ startX: 0, startY: 0, endX: 1, endY: 0 }]];
  for (let level = 1; level <= maxLevel; level++) out.push([tileRangeFor(level, bounds)]);
  return out;
}

export function isAvailable(avail: TileRange[][], level: number, x: number, tmsY: number): boolean {
  const ranges = avail[level];
  if (!ranges) return false;
  return ranges.some((r) => x >= r.startX && x <= r.endX && tmsY >= r.startY && tmsY <= r.endY);
}

/** Child mask from the availability (children in TMS: SW = (2x, 2y), SE = (2x+1, 2y), NW = (2x, 2y+1)...). */
export function childMask(avail: TileRange[][], level: number, x: number, tmsY: number): number {
  if (level + 1 >= avail.length) return 0;
  let mask = 0;
  if (isAvailable(avail, level + 1, 2 * x, 2 * tmsY)) mask |= 1; // SW
  if (isAvailable(avail, level + 1, 2 * x + 1, 2 * tmsY)) mask |= 2; // SE
  if (isAvailable(avail, level + 1, 2 * x, 2 * tmsY + 1)) mask |= 4; // NW
  if (isAvailable(avail, level + 1, 2 * x + 1, 2 * tmsY + 1)) mask |= 8; // NE
  return mask;
}

export function encodeHeight(h: number): number {
  return Math.max(0, Math.min(65535, Math.round((h + 1000) * 5)));
}
export function decodeHeight(v: number): number {
  return v / 5 - 1000;
}

export function layerJson(bounds: Bounds, avail: TileRange[][]) {
  return {
    tilejson: '2.1.0',
    name: 'Hong Kong terrain',
    description: 'LandsD 5 m DTM (resampled 70 m / 36 m) inside the HKSAR boundary, SRTM3 around it',
    version: TERRAIN_VERSION,
    format: 'heightmap-1.0',
    scheme: 'tms',
    tiles: ['{z}/{x}/{y}.terrain?v={version}'],
    projection: 'EPSG:4326',
    bounds,
    minzoom: 0,
    maxzoom: avail.length - 1,
    available: avail,
    attribution: DEM_ATTRIBUTION,
  };
}

/** A flat tile at height 0 for tiles outside the DEM (no data: not marked as water), with the given child mask. */
export function flatSeaTile(mask: number): Buffer {
  const n = HEIGHTMAP_SIZE * HEIGHTMAP_SIZE;
  const buf = Buffer.alloc(n * 2 + 2);
  const v = encodeHeight(0);
  for (let i = 0; i < n; i++) buf.writeUInt16LE(v, i * 2);
  buf[n * 2] = mask;
  buf[n * 2 + 1] = 0; // no data, so not water: nothing says it is sea
  return buf;
}

/** Builds one tile from a sampler (the map's DEM, or another year's terrain: only heights and extent are read). */
export function buildHeightmapTile(
  sampler: Pick<DemSampler, 'heightAt' | 'dataBounds'>,
  level: number,
  x: number,
  tmsY: number,
  mask: number,
): Buffer {
  const [west, south, east, north] = geographicTileBounds(level, x, tmsY);
  const b = sampler.dataBounds;
  if (west >= b[2] || east <= b[0] || south >= b[3] || north <= b[1]) return flatSeaTile(mask);
  const S = HEIGHTMAP_SIZE;
  const n = S * S;
  const dLon = (east - west) / (S - 1);
  const dLat = (north - south) / (S - 1);
  const heights = Buffer.alloc(n * 2);
  for (let r = 0; r < S; r++) {
    const lat = north - r * dLat;
    for (let c = 0; c < S; c++) {
      const h = sampler.heightAt(west + c * dLon, lat) ?? 0;
      heights.writeUInt16LE(encodeHeight(h), (r * S + c) * 2);
    }
  }
  // Water mask at 256x256 (pixel centres), collapsed to one byte when uniform.
  const M = WATER_MASK_SIZE;
  const water = Buffer.alloc(M * M);
  let wet = 0;
  const mLon = (east - west) / M;
  const mLat = (north - south) / M;
  for (let r = 0; r < M; r++) {
    const lat = north - (r + 0.5) * mLat;
    for (let c = 0; c < M; c++) {
      const h = sampler.heightAt(west + (c + 0.5) * mLon, lat);
      // Only known sea is water: where no source has a height (null) Cesium must not draw an ocean effect.
      if (h !== null && h < WATER_THRESHOLD_M) {
        water[r * M + c] = 255;
        wet++;
      }
    }
  }
  const tail = wet === 0 ? Buffer.from([mask, 0]) : wet === M * M ? Buffer.from([mask, 1]) : null;
  if (tail) return Buffer.concat([heights, tail]);
  return Buffer.concat([heights, Buffer.from([mask]), water]);
}
