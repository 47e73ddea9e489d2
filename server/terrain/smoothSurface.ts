/**
 * A smooth surface over the DEM sampler's 1″ grid, for drawing only (the shaded relief). The sampler itself is
 * bilinear: its heights are continuous but its slopes jump at every grid line, so a hillshade computed from it
 * shows the grid (and, through the 70 m source grid, 70 m blocks) at street-level zooms, and a sea/land test on
 * it gives a stair-stepped coast. Here heights and a land indicator are read with a uniform cubic B-spline, whose
 * value and slope are both continuous: the shading is smooth at every zoom and the coast is a contour of a smooth
 * field, which the renderer anti-aliases from the field's gradient.
 *
 * The B-spline approximates rather than interpolates (a summit reads a few metres lower); heights for
 * measurement (getZ, terrain tiles) keep using the sampler.
 */
import { NO_DATA, type DemSampler } from './dem';

/** Below this a sample counts as sea (LandsD sea is exactly 0; the sampler's bilinear resampling smears it near the shore). */
export const SEA_LEVEL_THRESHOLD_M = 0.5;

export interface SmoothSurface {
  /** Height in metres (0 where the sampler has no data); the coast is where it crosses SEA_LEVEL_THRESHOLD_M. */
  heightAt(lon: number, lat: number): number;
  /** A smoother height for the hillshade: a spline over knots as far apart as the 70 m source grid's. */
  shadingHeightAt(lon: number, lat: number): number;
  /** 1 inside the HKSAR boundary, 0 outside, blended across the boundary. */
  insideHkAt(lon: number, lat: number): number;
  /**
   * 1 where a DEM source has a height (LandsD or SRTM), 0 where none does (e.g. Shenzhen west of 114° E), blended
   * across the edge. Heights there read 0, so without this the renderer would take "no data" for sea.
   */
  dataAt(lon: number, lat: number): number;
}

/** Cubic B-spline weights of the four taps around a fractional position t in [0, 1). */
function splineWeights(t: number, out: Float64Array): void {
  const t2 = t * t;
  const t3 = t2 * t;
  const u = 1 - t;
  out[0] = (u * u * u) / 6;
  out[1] = (3 * t3 - 6 * t2 + 4) / 6;
  out[2] = (-3 * t3 + 3 * t2 + 3 * t + 1) / 6;
  out[3] = t3 / 6;
}

const cache = new WeakMap<DemSampler, SmoothSurface>();

/** The smooth surface of a sampler (built once per sampler: two height grids, ~25 MB). */
export function smoothSurfaceOf(sampler: DemSampler): SmoothSurface {
  let surface = cache.get(sampler);
  if (!surface) {
    surface = createSmoothSurface(sampler);
    cache.set(sampler, surface);
  }
  return surface;
}

/** Grid cells per knot of the coarse surface that shades the relief (2: ~60 m, the 70 m source's own spacing). */
const SHADING_KNOT_CELLS = 2;

function createSmoothSurface(sampler: DemSampler): SmoothSurface {
  const { lon0, lat0, step, width: W, height: H, dm, hk } = sampler.grid;
  const heights = Float32Array.from(dm, (value) => (value === NO_DATA ? 0 : value / 10));
  const known = Uint8Array.from(dm, (value) => (value === NO_DATA ? 0 : 1));
  // The sampler's 1″ grid is a bilinear resampling of the 70 m grid: a spline through its samples still bends at
  // every 70 m grid line. Shading reads a spline over 2 x 2 means instead, whose knots are as far apart as the
  // source's, so the slopes change smoothly across the old cells.
  const CW = Math.floor(W / SHADING_KNOT_CELLS);
  const CH = Math.floor(H / SHADING_KNOT_CELLS);
  const coarse = new Float32Array(CW * CH);
  for (let r = 0; r < CH; r++) {
    for (let c = 0; c < CW; c++) {
      let sum = 0;
      for (let dr = 0; dr < SHADING_KNOT_CELLS; dr++) {
        for (let dc = 0; dc < SHADING_KNOT_CELLS; dc++) sum += heights[(r * SHADING_KNOT_CELLS + dr) * W + c * SHADING_KNOT_CELLS + dc];
      }
      coarse[r * CW + c] = sum / SHADING_KNOT_CELLS ** 2;
    }
  }

  const wx = new Float64Array(4);
  const wy = new Float64Array(4);

  /** B-spline of a grid at a fractional column/row; taps beyond the grid edge repeat the edge. */
  function spline(values: ArrayLike<number>, width: number, height: number, c: number, r: number): number {
    const ci = Math.floor(c);
    const ri = Math.floor(r);
    splineWeights(c - ci, wx);
    splineWeights(r - ri, wy);
    let sum = 0;
    if (ci >= 1 && ri >= 1 && ci + 2 < width && ri + 2 < height) {
      // Inside the grid (every tile but those at its very edge): no clamping.
      let row = (ri - 1) * width + ci - 1;
      for (let j = 0; j < 4; j++, row += width) {
        sum += wy[j] * (wx[0] * values[row] + wx[1] * values[row + 1] + wx[2] * values[row + 2] + wx[3] * values[row + 3]);
      }
      return sum;
    }
    for (let j = 0; j < 4; j++) {
      const row = Math.min(height - 1, Math.max(0, ri - 1 + j)) * width;
      let rowSum = 0;
      for (let i = 0; i < 4; i++) rowSum += wx[i] * values[row + Math.min(width - 1, Math.max(0, ci - 1 + i))];
      sum += wy[j] * rowSum;
    }
    return sum;
  }

  const inGrid = (c: number, r: number) => c >= 0 && r >= 0 && c <= W - 1 && r <= H - 1;
  // Knot (i, j) of the coarse grid is the mean of fine cells i*K .. i*K+K-1: its centre is (K-1)/2 cells in.
  const coarseOffset = (SHADING_KNOT_CELLS - 1) / 2;

  /** Bilinear read of a 0/1 grid (a fade only needs to be free of steps). */
  function bilinear(values: Uint8Array, c: number, r: number): number {
    const c0 = Math.min(Math.floor(c), W - 2);
    const r0 = Math.min(Math.floor(r), H - 2);
    const fc = c - c0;
    const fr = r - r0;
    const i = r0 * W + c0;
    return (values[i] * (1 - fc) + values[i + 1] * fc) * (1 - fr) + (values[i + W] * (1 - fc) + values[i + W + 1] * fc) * fr;
  }

  return {
    heightAt(lon, lat) {
      const c = (lon - lon0) / step;
      const r = (lat0 - lat) / step;
      if (inGrid(c, r)) return Math.max(0, spline(heights, W, H, c, r));
      return sampler.heightAt(lon, lat) ?? 0;
    },
    shadingHeightAt(lon, lat) {
      const c = (lon - lon0) / step;
      const r = (lat0 - lat) / step;
      if (inGrid(c, r)) return spline(coarse, CW, CH, (c - coarseOffset) / SHADING_KNOT_CELLS, (r - coarseOffset) / SHADING_KNOT_CELLS);
      return sampler.heightAt(lon, lat) ?? 0;
    },
    insideHkAt(lon, lat) {
      const c = (lon - lon0) / step;
      const r = (lat0 - lat) / step;
      if (!inGrid(c, r)) return 0;
      // Bilinear is enough for a fade: the boundary only needs to be free of steps, not of kinks.
      return bilinear(hk, c, r);
    },
    dataAt(lon, lat) {
      const c = (lon - lon0) / step;
      const r = (lat0 - lat) / step;
      if (inGrid(c, r)) return bilinear(known, c, r);
      return sampler.heightAt(lon, lat) === null ? 0 : 1;
    },
  };
}
