import { describe, expect, it } from 'vitest';
import { cellStyle, viewCount, viewGrid } from './layout';

const area = (cells: ReturnType<typeof viewGrid>) => cells.reduce((sum, cell) => sum + cell.width * cell.height, 0);

describe('multi view grid', () => {
  it('puts two views side by side and four in a 2×2 grid, covering the map once', () => {
    expect(viewGrid(2, 1280, 720)).toEqual([
      { left: 0, top: 0, width: 0.5, height: 1 },
      { left: 0.5, top: 0, width: 0.5, height: 1 },
    ]);
    const four = viewGrid(4, 1280, 720);
    expect(four.map((cell) => [cell.left, cell.top])).toEqual([
      [0, 0],
      [0.5, 0],
      [0, 0.5],
      [0.5, 0.5],
    ]);
    expect(area(four)).toBeCloseTo(1, 10);
  });

  it('puts three in a row on a wide map, else two above one', () => {
    expect(viewGrid(3, 1600, 800).map((cell) => cell.width)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    const tall = viewGrid(3, 800, 600);
    expect(tall[2]).toEqual({ left: 0, top: 0.5, width: 1, height: 0.5 });
    expect(area(tall)).toBeCloseTo(1, 10);
  });

  it('stacks at most two views on a phone', () => {
    expect(viewCount(4, 390)).toBe(2);
    expect(viewGrid(4, 390, 844)).toEqual([
      { left: 0, top: 0, width: 1, height: 0.5 },
      { left: 0, top: 0.5, width: 1, height: 0.5 },
    ]);
  });

  it('keeps the count between two and four', () => {
    expect(viewCount(1, 1280)).toBe(2);
    expect(viewCount(9, 1280)).toBe(4);
    expect(viewCount(Number.NaN, 1280)).toBe(2);
  });

  it('gives CSS percentages', () => {
    expect(cellStyle({ left: 1 / 3, top: 0, width: 1 / 3, height: 1 })).toEqual({ left: '33.33%', top: '0%', width: '33.33%', height: '100%' });
  });
});
