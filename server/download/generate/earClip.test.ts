import { describe, expect, it } from 'vitest';
import { earClip, signedDoubleArea } from './earClip';

/** Sum of the triangles' doubled areas, and whether every one is counter-clockwise. */
function triangulationArea(xy: number[], triangles: number[]): { doubleArea: number; allCounterClockwise: boolean } {
  let doubleArea = 0;
  let allCounterClockwise = true;
  for (let k = 0; k < triangles.length; k += 3) {
    const corners = [triangles[k], triangles[k + 1], triangles[k + 2]].flatMap((index) => [xy[index * 2], xy[index * 2 + 1]]);
    const area = signedDoubleArea(corners);
    doubleArea += area;
    if (area <= 0) allCounterClockwise = false;
  }
  return { doubleArea, allCounterClockwise };
}

describe('earClip', () => {
  it('splits a square into two counter-clockwise triangles covering it', () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const triangles = earClip(square);
    expect(triangles).toHaveLength(6);
    expect(triangulationArea(square, triangles)).toEqual({ doubleArea: 200, allCounterClockwise: true });
  });

  it('covers a concave L-shaped footprint exactly, without a triangle outside it', () => {
    const shape = [0, 0, 20, 0, 20, 5, 5, 5, 5, 15, 0, 15];
    const triangles = earClip(shape);
    expect(triangles).toHaveLength((6 - 2) * 3);
    const { doubleArea, allCounterClockwise } = triangulationArea(shape, triangles);
    expect(doubleArea).toBeCloseTo(signedDoubleArea(shape), 9);
    expect(allCounterClockwise).toBe(true);
  });

  it('covers a comb with several reflex corners', () => {
    const comb = [0, 0, 30, 0, 30, 20, 25, 20, 25, 5, 20, 5, 20, 20, 10, 20, 10, 5, 5, 5, 5, 20, 0, 20];
    const { doubleArea, allCounterClockwise } = triangulationArea(comb, earClip(comb));
    expect(doubleArea).toBeCloseTo(signedDoubleArea(comb), 9);
    expect(allCounterClockwise).toBe(true);
  });

  it('makes no flat triangle from vertices in the middle of straight edges', () => {
    const withMidpoints = [0, 0, 5, 0, 10, 0, 10, 5, 10, 10, 5, 10, 0, 10, 0, 5];
    expect(triangulationArea(withMidpoints, earClip(withMidpoints))).toEqual({ doubleArea: 200, allCounterClockwise: true });
  });
});
