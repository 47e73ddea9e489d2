/**
 * Where the views of a multi view go (pure): two side by side, three in a row on a wide map (else two above one),
 * four as a 2×2 grid; on a narrow map (a phone) at most two, stacked. Cells are fractions of the map's area
 * (0–1, from its top-left corner), the first cell the main map's.
 */

/** The most views, and the most on a narrow map. */
export const MAX_VIEWS = 4;
export const MAX_VIEWS_NARROW = 2;
/** Maps narrower than this (CSS pixels) stack their views (phones, SPEC §9's small screens). */
export const NARROW_MAP_WIDTH = 600;
/** Width / height from which three views stand in one row rather than two above one. */
const WIDE_RATIO = 1.6;

export interface ViewCell {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How many views a map of this width can show: `requested` limited to 2–4, or 2 on a narrow map. */
export function viewCount(requested: number, mapWidth: number): number {
  const most = mapWidth < NARROW_MAP_WIDTH ? MAX_VIEWS_NARROW : MAX_VIEWS;
  if (!Number.isFinite(requested)) return 2;
  return Math.min(most, Math.max(2, Math.round(requested)));
}

/** The cells of `count` views (after {@link viewCount}) on a map of `mapWidth` × `mapHeight` CSS pixels. */
export function viewGrid(count: number, mapWidth: number, mapHeight: number): ViewCell[] {
  const views = viewCount(count, mapWidth);
  if (mapWidth < NARROW_MAP_WIDTH) return rows(views);
  if (views === 2) return columns(2);
  if (views === 3) {
    if (mapHeight > 0 && mapWidth / mapHeight >= WIDE_RATIO) return columns(3);
    return [
      { left: 0, top: 0, width: 0.5, height: 0.5 },
      { left: 0.5, top: 0, width: 0.5, height: 0.5 },
      { left: 0, top: 0.5, width: 1, height: 0.5 },
    ];
  }
  return [
    { left: 0, top: 0, width: 0.5, height: 0.5 },
    { left: 0.5, top: 0, width: 0.5, height: 0.5 },
    { left: 0, top: 0.5, width: 0.5, height: 0.5 },
    { left: 0.5, top: 0.5, width: 0.5, height: 0.5 },
  ];
}

function columns(count: number): ViewCell[] {
  return Array.from({ length: count }, (_, index) => ({ left: index / count, top: 0, width: 1 / count, height: 1 }));
}

function rows(count: number): ViewCell[] {
  return Array.from({ length: count }, (_, index) => ({ left: 0, top: index / count, width: 1, height: 1 / count }));
}

/** A cell as CSS percentages for `position: absolute` inside the map's area. */
export function cellStyle(cell: ViewCell): { left: string; top: string; width: string; height: string } {
  const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;
  return { left: percent(cell.left), top: percent(cell.top), width: percent(cell.width), height: percent(cell.height) };
}
