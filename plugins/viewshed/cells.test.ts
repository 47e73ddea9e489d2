import { describe, expect, it } from 'vitest';
import { type CellRectangle, mergeCells, rectangleRing } from './cells';

/** Paints the rectangles back into a grid of codes, to check they cover exactly the visible and hidden cells. */
function paint(rectangles: CellRectangle[], columns: number, rows: number): string {
  const grid = Array.from({ length: rows * columns }, () => '0');
  for (const rectangle of rectangles) {
    for (let row = rectangle.row; row < rectangle.row + rectangle.rows; row++) {
      for (let column = rectangle.column; column < rectangle.column + rectangle.columns; column++) {
        expect(grid[row * columns + column], `cell ${column},${row} covered twice`).toBe('0');
        grid[row * columns + column] = rectangle.kind === 'visible' ? '1' : '2';
      }
    }
  }
  return grid.join('');
}

describe('mergeCells', () => {
  it('joins a row run with equal runs below it into one rectangle and leaves outside cells out', () => {
    const cells = ['0110', '0112', '0110', '2222'].join('');
    expect(mergeCells(cells, 4, 4)).toEqual([
      { kind: 'visible', column: 1, row: 0, columns: 2, rows: 3 },
      { kind: 'hidden', column: 3, row: 1, columns: 1, rows: 1 },
      { kind: 'hidden', column: 0, row: 3, columns: 4, rows: 1 },
    ]);
  });

  it('covers every visible and hidden cell exactly once on a random grid, with fewer rectangles than cells', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const columns = 60;
    const rows = 45;
    // Blobs rather than noise, as a view shed has: a code changes with a probability of 0.1 along a row.
    let code = '1';
    let cells = '';
    for (let i = 0; i < columns * rows; i++) {
      if (random() < 0.1) code = '012'[Math.floor(random() * 3)]!;
      cells += code;
    }
    const rectangles = mergeCells(cells, columns, rows);
    expect(paint(rectangles, columns, rows)).toBe(cells);
    expect(rectangles.length).toBeLessThan(cells.replace(/0/g, '').length / 4);
  });

  it('gives one rectangle for a grid of one code', () => {
    expect(mergeCells('2'.repeat(12), 4, 3)).toEqual([{ kind: 'hidden', column: 0, row: 0, columns: 4, rows: 3 }]);
  });

  it('refuses a cell string of the wrong length', () => {
    expect(() => mergeCells('0101', 2, 3)).toThrow(/4 codes for a 2 × 3 grid/);
  });
});

describe('rectangleRing', () => {
  it('places grid rows from the north and columns from the west', () => {
    const grid = { west: 114, east: 114.4, south: 22, north: 22.3, columns: 4, rows: 3 };
    const ring = rectangleRing({ kind: 'visible', column: 1, row: 1, columns: 2, rows: 2 }, grid);
    const expected = [
      [114.1, 22],
      [114.3, 22],
      [114.3, 22.2],
      [114.1, 22.2],
    ];
    ring.forEach(([longitude, latitude], index) => {
      expect(longitude).toBeCloseTo(expected[index]![0]!, 12);
      expect(latitude).toBeCloseTo(expected[index]![1]!, 12);
    });
  });
});
