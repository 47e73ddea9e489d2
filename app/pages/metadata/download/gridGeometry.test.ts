import { describe, expect, it } from 'vitest';
import { allSchemeSheets, formatSheetId, parseSheetId, sheetBounds } from '../../../../core/contracts/mapSheets';
import {
  boundsCentre,
  boundsCorners,
  lonLatToScreen,
  lonLatToWorld,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  screenToLonLat,
  seriesOutlines,
  sheetAtScreen,
  sheetsInView,
  viewAt,
  viewFitting,
  visibleTiles,
  worldToLonLat,
  zoomBy,
  type SheetGrid,
} from './gridGeometry';

/** The Tsim Sha Tsui clock tower, on sheet 11-SW-4D (SOURCES.md). */
const CLOCK_TOWER = [114.16945, 22.29361] as const;

/** OpenStreetMap's slippy-map tile formula, written independently of the module under test. */
function osmTile(longitude: number, latitude: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return [Math.floor(((longitude + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

const grid: SheetGrid = new Map(
  allSchemeSheets()
    .filter((parts) => parts.series === 11 || parts.series === 7)
    .map((parts) => [formatSheetId(parts), sheetBounds(parts)]),
);

describe('Web Mercator', () => {
  it('puts longitude/latitude on the tile the slippy-map formula names', () => {
    for (const zoom of [9, 12, 14]) {
      const [x, y] = lonLatToWorld(CLOCK_TOWER, zoom);
      expect([Math.floor(x / 256), Math.floor(y / 256)]).toEqual(osmTile(CLOCK_TOWER[0], CLOCK_TOWER[1], zoom));
    }
    expect(lonLatToWorld([0, 0], 0)).toEqual([128, 128]);
  });

  it('round-trips world pixels and screen points', () => {
    const [x, y] = lonLatToWorld(CLOCK_TOWER, 15);
    const [longitude, latitude] = worldToLonLat([x, y], 15);
    expect(longitude).toBeCloseTo(CLOCK_TOWER[0], 9);
    expect(latitude).toBeCloseTo(CLOCK_TOWER[1], 9);
    const view = viewAt([114.1, 22.35], 13, 800, 500);
    const screen = lonLatToScreen(view, CLOCK_TOWER);
    const back = screenToLonLat(view, screen);
    expect(back[0]).toBeCloseTo(CLOCK_TOWER[0], 9);
    expect(back[1]).toBeCloseTo(CLOCK_TOWER[1], 9);
    expect(lonLatToScreen(view, view.center)).toEqual([400, 250]);
  });

  it('covers the view with base-map tiles, scaling the deepest level beyond it', () => {
    const view = viewAt(CLOCK_TOWER, 12, 600, 400);
    const tiles = visibleTiles(view, 14);
    expect(tiles.every((tile) => tile.z === 12 && tile.size === 256)).toBe(true);
    const [cx, cy] = osmTile(CLOCK_TOWER[0], CLOCK_TOWER[1], 12);
    expect(tiles).toContainEqual(expect.objectContaining({ x: cx, y: cy }));
    // Every screen pixel lies in exactly one tile: the tiles' area equals the union's columns x rows.
    const columns = new Set(tiles.map((tile) => tile.x)).size;
    const rows = new Set(tiles.map((tile) => tile.y)).size;
    expect(tiles).toHaveLength(columns * rows);
    expect(Math.min(...tiles.map((tile) => tile.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((tile) => tile.left + tile.size))).toBeGreaterThanOrEqual(600);

    const deep = visibleTiles(viewAt(CLOCK_TOWER, 16, 600, 400), 14);
    expect(deep.every((tile) => tile.z === 14 && tile.size === 1024)).toBe(true);
    expect(deep).toContainEqual(expect.objectContaining({ x: osmTile(CLOCK_TOWER[0], CLOCK_TOWER[1], 14)[0] }));
  });

  it('pans with the drag and zooms around the pointer, within limits', () => {
    const view = viewAt(CLOCK_TOWER, 13, 800, 500);
    const panned = panBy(view, 100, -50);
    // The place that was at the centre is now 100 px right and 50 px up.
    const [x, y] = lonLatToScreen(panned, view.center);
    expect(x).toBeCloseTo(500, 6);
    expect(y).toBeCloseTo(200, 6);

    const anchor = [200, 120] as const;
    const under = screenToLonLat(view, anchor);
    const zoomed = zoomBy(view, 1, anchor);
    expect(zoomed.zoom).toBe(14);
    const [ax, ay] = lonLatToScreen(zoomed, under);
    expect(ax).toBeCloseTo(200, 6);
    expect(ay).toBeCloseTo(120, 6);

    expect(zoomBy(viewAt(CLOCK_TOWER, MAX_ZOOM, 100, 100), 1).zoom).toBe(MAX_ZOOM);
    expect(zoomBy(viewAt(CLOCK_TOWER, MIN_ZOOM, 100, 100), -3).zoom).toBe(MIN_ZOOM);
    // Dragged far away, the centre stays over Hong Kong.
    const far = panBy(view, -1e6, 0);
    expect(far.center[0]).toBeLessThanOrEqual(114.5);
  });
});

describe('sheets on the grid map', () => {
  it('finds the sheet under a click', () => {
    const view = viewAt(CLOCK_TOWER, 14, 800, 500);
    expect(sheetAtScreen(view, [400, 250], grid)).toBe('11-SW-4D');
    // One sheet (750 m, about 330 px at zoom 14 at this latitude) to the east: 11-SW-5C.
    const east = lonLatToScreen(view, boundsCentre(sheetBounds({ series: 11, quadrant: 'SW', block: 5, quarter: 'C' })));
    expect(sheetAtScreen(view, east, grid)).toBe('11-SW-5C');
  });

  it('finds nothing where the grid has no sheet', () => {
    const onlyOne: SheetGrid = new Map([['11-SW-9A', grid.get('11-SW-9A')!]]);
    const view = viewAt(CLOCK_TOWER, 14, 800, 500);
    expect(sheetAtScreen(view, [400, 250], onlyOne)).toBeNull();
    // Far outside the scheme (south-west of its origin).
    expect(sheetAtScreen(viewAt([113.75, 22.1], 14, 10, 10), [5, 5], grid)).toBeNull();
  });

  it('lists the sheets in view and no others', () => {
    const view = viewAt(CLOCK_TOWER, 14, 800, 500);
    const ids = new Set(sheetsInView(view, grid));
    expect(ids.has('11-SW-4D')).toBe(true);
    for (const [id, bounds] of grid) {
      const [x, y] = lonLatToScreen(view, boundsCentre(bounds));
      const centreOnScreen = x >= 0 && x <= 800 && y >= 0 && y <= 500;
      // About 8.8 m per pixel here: a sheet is about 85 x 68 px, so one whose centre is 100 px off screen cannot show.
      const farOff = x < -100 || x > 900 || y < -100 || y > 600;
      if (centreOnScreen) expect(ids.has(id), id).toBe(true);
      if (farOff) expect(ids.has(id), id).toBe(false);
    }
    expect(ids.size).toBeLessThan(grid.size / 4);
  });

  it('outlines each 1:20000 series the grid covers', () => {
    expect(seriesOutlines(grid)).toEqual([
      { series: 7, bounds: [830000, 824000, 845000, 836000] },
      { series: 11, bounds: [830000, 812000, 845000, 824000] },
    ]);
  });
});

describe('viewFitting', () => {
  const boundsOf = (id: string) => {
    const sheet = parseSheetId(id);
    if (!sheet) throw new Error(id);
    return sheetBounds(sheet);
  };

  it('centres on the chosen sheets and zooms so each lies inside the padded view', () => {
    const chosen = ['7-NE-22A', '11-SW-4D'].map(boundsOf);
    const view = viewFitting(chosen, 600, 400, { padding: 20 })!;
    for (const bounds of chosen) {
      for (const [x, y] of boundsCorners(bounds).map((corner) => lonLatToScreen(view, corner))) {
        expect(x).toBeGreaterThanOrEqual(20 - 0.5);
        expect(x).toBeLessThanOrEqual(580 + 0.5);
        expect(y).toBeGreaterThanOrEqual(20 - 0.5);
        expect(y).toBeLessThanOrEqual(380 + 0.5);
      }
    }
    // One zoom deeper, they would not fit (the deepest fitting zoom is chosen).
    const deeper = { ...view, zoom: view.zoom + 1 };
    const xs = chosen.flatMap((bounds) => boundsCorners(bounds).map((corner) => lonLatToScreen(deeper, corner)[0]));
    const ys = chosen.flatMap((bounds) => boundsCorners(bounds).map((corner) => lonLatToScreen(deeper, corner)[1]));
    expect(Math.max(Math.max(...xs) - Math.min(...xs) > 560 ? 1 : 0, Math.max(...ys) - Math.min(...ys) > 360 ? 1 : 0)).toBe(1);
  });

  it('shows one sheet large, at most zoom 15, centred', () => {
    const one = boundsOf('11-SW-4D');
    const view = viewFitting([one], 600, 400)!;
    expect(view.zoom).toBe(15);
    const centre = lonLatToScreen(view, boundsCentre(one));
    expect(Math.abs(centre[0] - 300)).toBeLessThan(3);
    expect(Math.abs(centre[1] - 200)).toBeLessThan(3);
  });

  it('is null for no sheets', () => {
    expect(viewFitting([], 600, 400)).toBeNull();
  });
});
