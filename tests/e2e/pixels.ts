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
