import { describe, expect, it } from 'vitest';
import { CoverageMask } from './raster';

const SIZE = 16;
const at = (mask: CoverageMask, i: number, j: number) => mask.coverage[j * SIZE + i];

describe('CoverageMask.strokeSegment', () => {
  it('covers the pixels of a 2 px horizontal line fully and nothing beyond its ends or sides', () => {
    const mask = new CoverageMask(SIZE);
    // Centre line y = 8 from x = 4 to x = 12: rows 7 and 8 lie inside, 1 px from the edge of each.
    mask.strokeSegment(4, 8, 12, 8, 1);
    for (let i = 4; i < 12; i++) {
      expect(at(mask, i, 7), `x ${i} row 7`).toBe(1);
      expect(at(mask, i, 8), `x ${i} row 8`).toBe(1);
      expect(at(mask, i, 5), `x ${i} row 5`).toBe(0);
      expect(at(mask, i, 10), `x ${i} row 10`).toBe(0);
    }
    expect(at(mask, 1, 8)).toBe(0);
    expect(at(mask, 14, 8)).toBe(0);
  });

  it('anti-aliases the edges: a pixel half inside the line gets half coverage', () => {
    const mask = new CoverageMask(SIZE);
    // Half-width 1.5 around y = 8: the edges lie at y = 6.5 and 9.5, exactly on the centres of rows 6 and 9.
    mask.strokeSegment(2, 8, 14, 8, 1.5);
    expect(at(mask, 8, 9)).toBeCloseTo(0.5, 5);
    expect(at(mask, 8, 6)).toBeCloseTo(0.5, 5);
    expect(at(mask, 8, 8)).toBe(1);
    expect(at(mask, 8, 10)).toBe(0);
    // A diagonal line has partial coverage along both edges.
    const diagonal = new CoverageMask(SIZE);
    diagonal.strokeSegment(0, 0, 16, 16, 1);
    const partial = Array.from(diagonal.coverage).filter((value) => value > 0 && value < 1);
    expect(partial.length).toBeGreaterThan(20);
  });

  it('merges overlapping pieces without exceeding full coverage', () => {
    const mask = new CoverageMask(SIZE);
    mask.strokePolyline([2, 8, 8, 8, 8, 14], 1.5);
    mask.strokePolyline([8, 2, 8, 8], 1.5);
    expect(Math.max(...mask.coverage)).toBe(1);
    expect(at(mask, 8, 8)).toBe(1);
  });
});

describe('CoverageMask.fillPolygon', () => {
  it('covers the area of a square exactly, with fractional edge pixels', () => {
    const mask = new CoverageMask(SIZE);
    // 6 x 6 square from (3.5, 3.5): the border pixels are half (or, at corners, a quarter) covered.
    mask.fillPolygon([[3.5, 3.5, 9.5, 3.5, 9.5, 9.5, 3.5, 9.5]]);
    const total = mask.coverage.reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(36, 3);
    expect(at(mask, 5, 5)).toBe(1);
    expect(at(mask, 3, 5)).toBeCloseTo(0.5, 5);
    expect(at(mask, 3, 3)).toBeCloseTo(0.25, 5);
    expect(at(mask, 10, 5)).toBe(0);
  });

  it('leaves a hole empty (even-odd rule)', () => {
    const mask = new CoverageMask(SIZE);
    mask.fillPolygon([
      [2, 2, 14, 2, 14, 14, 2, 14],
      [6, 6, 10, 6, 10, 10, 6, 10],
    ]);
    expect(at(mask, 3, 3)).toBe(1);
    expect(at(mask, 8, 8)).toBe(0);
    expect(mask.coverage.reduce((sum, value) => sum + value, 0)).toBeCloseTo(144 - 16, 3);
  });
});

describe('CoverageMask.paint', () => {
  it('blends the colour by coverage and clears the mask', () => {
    const mask = new CoverageMask(SIZE);
    mask.coverage[0] = 1;
    mask.coverage[1] = 0.5;
    const rgba = new Uint8Array(SIZE * SIZE * 4).fill(0);
    mask.paint(rgba, [200, 100, 50]);
    expect([...rgba.subarray(0, 3)]).toEqual([200, 100, 50]);
    expect([...rgba.subarray(4, 7)]).toEqual([100, 50, 25]);
    expect([...rgba.subarray(8, 11)]).toEqual([0, 0, 0]);
    expect(Math.max(...mask.coverage)).toBe(0);
  });
});
