import { describe, expect, it } from 'vitest';
import { earClip, earClipWithHoles, signedDoubleArea } from './earClip';

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

describe('earClipWithHoles', () => {
  const outerSquare = [0, 0, 30, 0, 30, 30, 0, 30];
  const holeArea = (hole: number[]) => Math.abs(signedDoubleArea(hole));

  it('covers a square courtyard building exactly: the outer area less the hole, every triangle counter-clockwise', () => {
    const hole = [10, 10, 20, 10, 20, 20, 10, 20];
    const triangles = earClipWithHoles(outerSquare, [hole]);
    const xy = [...outerSquare, ...hole];
    const { doubleArea, allCounterClockwise } = triangulationArea(xy, triangles);
    expect(doubleArea).toBeCloseTo(signedDoubleArea(outerSquare) - holeArea(hole), 9);
    expect(allCounterClockwise).toBe(true);
    expect(Math.max(...triangles)).toBe(7);
  });

  it('takes holes of either orientation, and two holes side by side', () => {
    const west = [4, 4, 4, 12, 12, 12, 12, 4]; // clockwise
    const east = [18, 18, 26, 18, 26, 26, 18, 26]; // counter-clockwise
    const xy = [...outerSquare, ...west, ...east];
    const { doubleArea, allCounterClockwise } = triangulationArea(xy, earClipWithHoles(outerSquare, [west, east]));
    expect(doubleArea).toBeCloseTo(signedDoubleArea(outerSquare) - holeArea(west) - holeArea(east), 9);
    expect(allCounterClockwise).toBe(true);
  });

  it('bridges round a ring vertex that hides the nearest edge end (a notch east of the hole)', () => {
    // The notch's corner (22, 16) lies between the hole and the eastern edge's ends.
    const notched = [0, 0, 30, 0, 30, 12, 22, 16, 30, 20, 30, 30, 0, 30];
    const hole = [8, 12, 14, 12, 14, 18, 8, 18];
    const xy = [...notched, ...hole];
    const { doubleArea, allCounterClockwise } = triangulationArea(xy, earClipWithHoles(notched, [hole]));
    expect(doubleArea).toBeCloseTo(signedDoubleArea(notched) - holeArea(hole), 9);
    expect(allCounterClockwise).toBe(true);
  });

  it('is earClip when there are no holes', () => {
    expect(earClipWithHoles(outerSquare, [])).toEqual(earClip(outerSquare));
  });
});
