/**
 * The texture of the `textured` dataset: the portal's shaded relief (server/terrain/relief.ts) over the sheet,
 * resampled from Web Mercator tiles onto the sheet's HK1980 square so that texture coordinates are simply
 * (east / width, 1 - north / height).
 */
import type { DemSampler } from '../../terrain/dem';
import { encodePng, renderReliefRgba, TILE_SIZE } from '../../terrain/relief';
import type { SheetFrame } from './frame';

/** Texture side in pixels: 1.5 m x 1.2 m per pixel over a 750 m x 600 m sheet. */
export const TEXTURE_SIZE = 512;
/**
 * The relief zoom the texture is taken from: 4.4 m pixels. The DEM is a 31 m grid, so finer relief pixels
 * only show its cells as flat-shaded squares; at zoom 15 the hillshade kernel spans enough of a cell to soften
 * them, and bilinear resampling does the rest.
 */
export const TEXTURE_ZOOM = 15;

/** RGBA pixels of the sheet texture, row 0 at the north edge, sampled bilinearly from the relief tiles. */
export function renderSheetTextureRgba(frame: SheetFrame, dem: DemSampler, size = TEXTURE_SIZE, zoom = TEXTURE_ZOOM): Uint8Array {
  const worldPixels = 2 ** zoom * TILE_SIZE;
  const tiles = new Map<string, Uint8Array>();
  /** Channel c of the relief pixel at global Mercator pixel (x, y). */
  const pixel = (x: number, y: number, channel: number): number => {
    const tileX = Math.floor(x / TILE_SIZE);
    const tileY = Math.floor(y / TILE_SIZE);
    const key = `${tileX}/${tileY}`;
    let tile = tiles.get(key);
    if (!tile) {
      tile = renderReliefRgba(dem, zoom, tileX, tileY);
      tiles.set(key, tile);
    }
    return tile[((y - tileY * TILE_SIZE) * TILE_SIZE + (x - tileX * TILE_SIZE)) * 4 + channel];
  };
  const out = new Uint8Array(size * size * 4);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const [longitude, latitude] = frame.lonLatAt(((column + 0.5) / size) * frame.width, (1 - (row + 0.5) / size) * frame.height);
      const phi = (latitude * Math.PI) / 180;
      // Global pixel coordinates, shifted so integer values are pixel centres.
      const x = ((longitude + 180) / 360) * worldPixels - 0.5;
      const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * worldPixels - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const o = (row * size + column) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = pixel(x0, y0, channel) * (1 - fx) + pixel(x0 + 1, y0, channel) * fx;
        const bottom = pixel(x0, y0 + 1, channel) * (1 - fx) + pixel(x0 + 1, y0 + 1, channel) * fx;
        out[o + channel] = Math.round(top * (1 - fy) + bottom * fy);
      }
      out[o + 3] = 255;
    }
  }
  return out;
}

/** The sheet texture as PNG. */
export function renderSheetTexturePng(frame: SheetFrame, dem: DemSampler, size = TEXTURE_SIZE): Buffer {
  return encodePng(renderSheetTextureRgba(frame, dem, size), size, size);
}
