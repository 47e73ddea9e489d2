/** Pixel statistics of PNG screenshots (pngjs), for "the canvas shows a picture" and "the overlay changed it". */
import { PNG } from 'pngjs';

export interface PixelStats {
  width: number;
  height: number;
  /** Standard deviation of the R, G and B channels over all pixels. */
  stdDev: [number, number, number];
  /** Distinct RGB colours. */
  distinctColours: number;
}

export function pixelStats(png: Buffer): PixelStats {
  const { width, height, data } = PNG.sync.read(png);
  const sums = [0, 0, 0];
  const squares = [0, 0, 0];
  const colours = new Set<number>();
  const count = width * height;
  for (let offset = 0; offset < data.length; offset += 4) {
    for (let channel = 0; channel < 3; channel += 1) {
      const value = data[offset + channel];
      sums[channel] += value;
      squares[channel] += value * value;
    }
    colours.add((data[offset] << 16) | (data[offset + 1] << 8) | data[offset + 2]);
  }
  const stdDev = sums.map((sum, channel) => Math.sqrt(Math.max(0, squares[channel] / count - (sum / count) ** 2))) as [number, number, number];
  return { width, height, stdDev, distinctColours: colours.size };
}

/** Pixels whose colour differs by more than `tolerance` in any channel; images must have the same size. */
export function differingPixels(a: Buffer, b: Buffer, tolerance = 24): number {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height) throw new Error(`size differs: ${first.width}x${first.height} vs ${second.width}x${second.height}`);
  let differing = 0;
  for (let offset = 0; offset < first.data.length; offset += 4) {
    if (
      Math.abs(first.data[offset] - second.data[offset]) > tolerance ||
      Math.abs(first.data[offset + 1] - second.data[offset + 1]) > tolerance ||
      Math.abs(first.data[offset + 2] - second.data[offset + 2]) > tolerance
    ) {
      differing += 1;
    }
  }
  return differing;
}

/**
 * Share (0..1) of `blockSize`-pixel square blocks whose mean colour differs by more than `tolerance` in any
 * channel. Unlike {@link differingPixels} it ignores fine texture (the speckled sea of the relief tiles) resampled
 * a little differently after imagery is reloaded, while a changed style, tint or label still moves whole blocks.
 */
export function differingBlockShare(a: Buffer, b: Buffer, blockSize = 8, tolerance = 12): number {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height) throw new Error(`size differs: ${first.width}x${first.height} vs ${second.width}x${second.height}`);
  const columns = Math.floor(first.width / blockSize);
  const rows = Math.floor(first.height / blockSize);
  let differing = 0;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const sums = [0, 0, 0];
      for (let y = row * blockSize; y < (row + 1) * blockSize; y += 1) {
        for (let x = column * blockSize; x < (column + 1) * blockSize; x += 1) {
          const offset = (y * first.width + x) * 4;
          for (let channel = 0; channel < 3; channel += 1) sums[channel] += first.data[offset + channel] - second.data[offset + channel];
        }
      }
      if (sums.some((sum) => Math.abs(sum) / (blockSize * blockSize) > tolerance)) differing += 1;
    }
  }
  return differing / (columns * rows);
}

/** An RGB colour, 0–255 per channel. */
export type Rgb = readonly [red: number, green: number, blue: number];

/** Pixels within `tolerance` of any of `colours` in every channel. */
export function pixelsNear(png: Buffer, colours: readonly Rgb[], tolerance = 16): number {
  const { data } = PNG.sync.read(png);
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const r = data[offset];
    const g = data[offset + 1];
    const b = data[offset + 2];
    if (colours.some((c) => Math.abs(c[0] - r) <= tolerance && Math.abs(c[1] - g) <= tolerance && Math.abs(c[2] - b) <= tolerance)) count += 1;
  }
  return count;
}
