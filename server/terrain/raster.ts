/**
 * A small anti-aliased rasteriser for the base map's vectors (roads, rail, building footprints), drawing into a
 * square RGBA tile. Shapes are first accumulated as coverage (0..1 per pixel) in a {@link CoverageMask}, then the
 * mask is blended over the tile in one colour: the pieces of one layer (the segments of a road network, the
 * footprints of a block) merge without darker seams where they overlap, as one map layer should.
 *
 * Coordinates are tile pixels with (0, 0) the top-left corner of the top-left pixel; pixel (i, j) is the unit
 * square whose centre is (i + 0.5, j + 0.5).
 */

export type Rgb = readonly [number, number, number];

export class CoverageMask {
  readonly coverage: Float32Array;
  constructor(readonly size: number) {
    this.coverage = new Float32Array(size * size);
  }

  /**
   * A thick segment with round caps: a pixel's coverage is how far its centre lies inside the capsule of
   * half-width `halfWidth` around the segment, over a one-pixel ramp (1 inside, 0 beyond, linear between).
   */
  strokeSegment(x0: number, y0: number, x1: number, y1: number, halfWidth: number): void {
    const size = this.size;
    const reach = halfWidth + 0.5;
    const left = Math.max(0, Math.floor(Math.min(x0, x1) - reach));
    const right = Math.min(size - 1, Math.ceil(Math.max(x0, x1) + reach));
    const top = Math.max(0, Math.floor(Math.min(y0, y1) - reach));
    const bottom = Math.min(size - 1, Math.ceil(Math.max(y0, y1) + reach));
    if (left > right || top > bottom) return;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const lengthSquared = dx * dx + dy * dy;
    const coverage = this.coverage;
    for (let j = top; j <= bottom; j++) {
      const py = j + 0.5 - y0;
      for (let i = left; i <= right; i++) {
        const px = i + 0.5 - x0;
        const t = lengthSquared > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared)) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const value = reach - Math.sqrt(ex * ex + ey * ey);
        if (value <= 0) continue;
        const k = j * size + i;
        const clamped = value >= 1 ? 1 : value;
        if (clamped > coverage[k]) coverage[k] = clamped;
      }
    }
  }

  /** A polyline given as [x0, y0, x1, y1, ...] pixel coordinates. */
  strokePolyline(points: ArrayLike<number>, halfWidth: number): void {
    if (points.length === 2) this.strokeSegment(points[0], points[1], points[0], points[1], halfWidth);
    for (let k = 0; k + 3 < points.length; k += 2) this.strokeSegment(points[k], points[k + 1], points[k + 2], points[k + 3], halfWidth);
  }

  /**
   * A polygon with holes (rings of [x0, y0, x1, y1, ...], even-odd rule), anti-aliased: each pixel row is cut by
   * SUBROWS scanlines, and along each scanline the covered span is counted exactly, fractions of a pixel included.
   */
  fillPolygon(rings: ReadonlyArray<ArrayLike<number>>): void {
    const size = this.size;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const ring of rings) {
      for (let k = 1; k < ring.length; k += 2) {
        minY = Math.min(minY, ring[k]);
        maxY = Math.max(maxY, ring[k]);
      }
    }
    const top = Math.max(0, Math.floor(minY));
    const bottom = Math.min(size - 1, Math.ceil(maxY));
    if (top > bottom) return;
    const row = new Float32Array(size + 1);
    const crossings: number[] = [];
    for (let j = top; j <= bottom; j++) {
      row.fill(0);
      let touched = false;
      for (let s = 0; s < SUBROWS; s++) {
        const y = j + (s + 0.5) / SUBROWS;
        crossings.length = 0;
        for (const ring of rings) {
          const n = ring.length / 2;
          for (let k = 0; k < n; k++) {
            const ax = ring[2 * k];
            const ay = ring[2 * k + 1];
            const next = (k + 1) % n;
            const bx = ring[2 * next];
            const by = ring[2 * next + 1];
            if (ay <= y !== by <= y) crossings.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
          }
        }
        crossings.sort((a, b) => a - b);
        for (let k = 0; k + 1 < crossings.length; k += 2) {
          const from = Math.max(0, crossings[k]);
          const to = Math.min(size, crossings[k + 1]);
          if (to <= from) continue;
          touched = true;
          addSpan(row, from, to, 1 / SUBROWS);
        }
      }
      if (!touched) continue;
      const coverage = this.coverage;
      for (let i = 0; i < size; i++) {
        const value = Math.min(1, row[i]);
        const k = j * size + i;
        if (value > coverage[k]) coverage[k] = value;
      }
    }
  }

  /** Blends `colour` over the RGBA tile with this coverage times `opacity`, and clears the mask. */
  paint(rgba: Uint8Array, colour: Rgb, opacity = 1): void {
    const coverage = this.coverage;
    for (let k = 0; k < coverage.length; k++) {
      const alpha = coverage[k] * opacity;
      if (alpha <= 0) continue;
      const o = k * 4;
      rgba[o] += (colour[0] - rgba[o]) * alpha;
      rgba[o + 1] += (colour[1] - rgba[o + 1]) * alpha;
      rgba[o + 2] += (colour[2] - rgba[o + 2]) * alpha;
    }
    coverage.fill(0);
  }
}

/** Scanlines per pixel row of a polygon fill: 4 gives 5 coverage levels vertically, exact ones horizontally. */
const SUBROWS = 4;

/** Adds `weight` times the covered length of [from, to) to each pixel of a row. */
function addSpan(row: Float32Array, from: number, to: number, weight: number): void {
  const first = Math.floor(from);
  const last = Math.floor(to);
  if (first === last) {
    row[first] += (to - from) * weight;
    return;
  }
  row[first] += (first + 1 - from) * weight;
  for (let i = first + 1; i < last; i++) row[i] += weight;
  if (last < row.length) row[last] += (to - last) * weight;
}
