/**
 * The view shed grid (`GET …/analysis/viewshed`: `columns` × `rows` cell codes, row 0 the northern row) as few
 * rectangles: each row's runs of equal codes, then runs of the same columns and code in consecutive rows joined
 * into one rectangle. Drawing thousands of cells as a few hundred rectangles keeps the classification primitives
 * (core temporary graphics, `drapeOver: 'terrain-and-models'`) small. Plain code, no Cesium.
 */
import { VIEWSHED_CELL, type ViewshedResponse } from '../../core/contracts/analysis';

export type CellKind = 'visible' | 'hidden';

/** A rectangle of equal cells in grid units: `column`/`row` of its north-west cell, its width and height in cells. */
export interface CellRectangle {
  kind: CellKind;
  column: number;
  row: number;
  columns: number;
  rows: number;
}

const KIND_OF_CODE: Record<string, CellKind | undefined> = { [VIEWSHED_CELL.visible]: 'visible', [VIEWSHED_CELL.hidden]: 'hidden' };

/**
 * Merged rectangles of the visible and hidden cells ('0' — outside, no data — is left out). Throws a `RangeError`
 * when `cells` is not `columns × rows` long, which would misplace every cell after the first wrong row.
 */
export function mergeCells(cells: string, columns: number, rows: number): CellRectangle[] {
  if (cells.length !== columns * rows) throw new RangeError(`view shed cells: ${cells.length} codes for a ${columns} × ${rows} grid`);
  const done: CellRectangle[] = [];
  /** Rectangles still growing downwards, by `column:columns:kind` of the run that ended the row above. */
  let open = new Map<string, CellRectangle>();
  for (let row = 0; row < rows; row++) {
    const next = new Map<string, CellRectangle>();
    let column = 0;
    while (column < columns) {
      const code = cells[row * columns + column]!;
      let end = column + 1;
      while (end < columns && cells[row * columns + end] === code) end++;
      const kind = KIND_OF_CODE[code];
      if (kind) {
        const key = `${column}:${end - column}:${kind}`;
        const growing = open.get(key);
        if (growing) {
          growing.rows += 1;
          open.delete(key);
          next.set(key, growing);
        } else {
          next.set(key, { kind, column, row, columns: end - column, rows: 1 });
        }
      }
      column = end;
    }
    for (const finished of open.values()) done.push(finished);
    open = next;
  }
  for (const finished of open.values()) done.push(finished);
  return done.sort((a, b) => a.row - b.row || a.column - b.column);
}

/** A rectangle's corners, longitude/latitude degrees, counter-clockwise from the south-west. */
export function rectangleRing(
  rectangle: CellRectangle,
  grid: Pick<ViewshedResponse, 'west' | 'south' | 'east' | 'north' | 'columns' | 'rows'>,
): Array<[longitude: number, latitude: number]> {
  const cellWidth = (grid.east - grid.west) / grid.columns;
  const cellHeight = (grid.north - grid.south) / grid.rows;
  const west = grid.west + rectangle.column * cellWidth;
  const east = west + rectangle.columns * cellWidth;
  const north = grid.north - rectangle.row * cellHeight;
  const south = north - rectangle.rows * cellHeight;
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
}
