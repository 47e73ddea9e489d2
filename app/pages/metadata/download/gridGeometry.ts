/**
 * The arithmetic of GridMap, kept pure so it can be tested without a browser: Web Mercator XYZ (256-pixel
 * tiles, row 0 at the north, the relief base map's grid), the view (centre, integer zoom, size), which tiles
 * and sheets it shows, screen <-> longitude/latitude, and the sheet under a screen point (HK1980 via
 * core/contracts/hk1980, the sheet with core/contracts/mapSheets `sheetAt`).
 */
import { fromHk1980, toHk1980 } from '../../../../core/contracts/hk1980';
import { formatSheetId, parseSheetId, sheetAt, type GridBounds } from '../../../../core/contracts/mapSheets';

export const TILE_SIZE = 256;
/** Zoom limits of the grid map: 9 shows the whole territory, 17 a single sheet large. */
export const MIN_ZOOM = 9;
export const MAX_ZOOM = 17;
/** From this zoom on each 1:1000 sheet is drawn (about 21 pixels wide); below it the 1:20000 series outlines. */
export const SHEET_DETAIL_ZOOM = 12;
/** The centre stays within Hong Kong, so the map cannot be dragged away. */
const CENTRE_LIMITS = { west: 113.75, east: 114.5, south: 22.1, north: 22.6 } as const;

export type LonLat = readonly [longitude: number, latitude: number];
export type Point = readonly [x: number, y: number];

export interface MapView {
  center: LonLat;
  zoom: number;
  /** Size of the map on screen, CSS pixels. */
  width: number;
  height: number;
}

/** World pixel coordinates of a longitude/latitude at `zoom` (the world is 256 x 2^zoom pixels). */
export function lonLatToWorld([longitude, latitude]: LonLat, zoom: number): Point {
  const size = TILE_SIZE * 2 ** zoom;
  const sine = Math.sin((latitude * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * size];
}

export function worldToLonLat([x, y]: Point, zoom: number): LonLat {
  const size = TILE_SIZE * 2 ** zoom;
  const longitude = (x / size) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return [longitude, latitude];
}

/** Screen position (from the map's top-left corner) of a longitude/latitude. */
export function lonLatToScreen(view: MapView, lonLat: LonLat): Point {
  const [cx, cy] = lonLatToWorld(view.center, view.zoom);
  const [x, y] = lonLatToWorld(lonLat, view.zoom);
  return [x - cx + view.width / 2, y - cy + view.height / 2];
}

export function screenToLonLat(view: MapView, [x, y]: Point): LonLat {
  const [cx, cy] = lonLatToWorld(view.center, view.zoom);
  return worldToLonLat([cx + x - view.width / 2, cy + y - view.height / 2], view.zoom);
}

function clampCenter([longitude, latitude]: LonLat): LonLat {
  return [
    Math.min(CENTRE_LIMITS.east, Math.max(CENTRE_LIMITS.west, longitude)),
    Math.min(CENTRE_LIMITS.north, Math.max(CENTRE_LIMITS.south, latitude)),
  ];
}

/** The view moved so the map content shifts by (dx, dy) screen pixels (a drag of the map by that much). */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const [cx, cy] = lonLatToWorld(view.center, view.zoom);
  return { ...view, center: clampCenter(worldToLonLat([cx - dx, cy - dy], view.zoom)) };
}

/** The view zoomed by `steps` levels, keeping the place under `anchor` (default: the centre) where it is. */
export function zoomBy(view: MapView, steps: number, anchor: Point = [view.width / 2, view.height / 2]): MapView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(view.zoom + steps)));
  if (zoom === view.zoom) return view;
  const anchored = screenToLonLat(view, anchor);
  const [ax, ay] = lonLatToWorld(anchored, zoom);
  const center = worldToLonLat([ax - anchor[0] + view.width / 2, ay - anchor[1] + view.height / 2], zoom);
  return { ...view, zoom, center: clampCenter(center) };
}

/** A view of the given size centred on `center`. */
export function viewAt(center: LonLat, zoom: number, width: number, height: number): MapView {
  return { center: clampCenter(center), zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom))), width, height };
}

export interface VisibleTile {
  /** Tile address on the base map (at most `maximumLevel`; deeper views scale that level's tiles up). */
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  /** Drawn size, pixels (256, or larger when scaled up). */
  size: number;
}

/** The base-map tiles covering the view. */
export function visibleTiles(view: MapView, maximumLevel: number): VisibleTile[] {
  const z = Math.min(view.zoom, maximumLevel);
  const size = TILE_SIZE * 2 ** (view.zoom - z);
  const [cx, cy] = lonLatToWorld(view.center, view.zoom);
  const left = cx - view.width / 2;
  const top = cy - view.height / 2;
  const count = 2 ** z;
  const tiles: VisibleTile[] = [];
  for (let ty = Math.max(0, Math.floor(top / size)); ty <= Math.min(count - 1, Math.floor((top + view.height) / size)); ty++) {
    for (let tx = Math.max(0, Math.floor(left / size)); tx <= Math.min(count - 1, Math.floor((left + view.width) / size)); tx++) {
      tiles.push({ z, x: tx, y: ty, left: tx * size - left, top: ty * size - top, size });
    }
  }
  return tiles;
}

/** The grid as the map needs it: sheet id -> HK1980 bounds. */
export type SheetGrid = ReadonlyMap<string, GridBounds>;

/** The sheet of the grid under a screen point, or null (outside the scheme or not in the grid). */
export function sheetAtScreen(view: MapView, point: Point, grid: SheetGrid): string | null {
  return sheetAtLonLat(screenToLonLat(view, point), grid);
}

/** The sheet of the grid at a longitude/latitude, or null. */
export function sheetAtLonLat(lonLat: LonLat, grid: SheetGrid): string | null {
  const [easting, northing] = toHk1980(lonLat);
  const parts = sheetAt(easting, northing);
  if (!parts) return null;
  const id = formatSheetId(parts);
  return grid.has(id) ? id : null;
}

/** HK1980 bounds covered by the view (the box around its four projected corners). */
export function viewBoundsHk1980(view: MapView): GridBounds {
  const corners = [
    [0, 0],
    [view.width, 0],
    [0, view.height],
    [view.width, view.height],
  ].map((corner) => toHk1980(screenToLonLat(view, corner as unknown as Point)));
  const eastings = corners.map(([easting]) => easting);
  const northings = corners.map(([, northing]) => northing);
  return [Math.min(...eastings), Math.min(...northings), Math.max(...eastings), Math.max(...northings)];
}

function overlaps(a: GridBounds, b: GridBounds): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Ids of the grid's sheets that touch the view. */
export function sheetsInView(view: MapView, grid: SheetGrid): string[] {
  const box = viewBoundsHk1980(view);
  const ids: string[] = [];
  for (const [id, bounds] of grid) if (overlaps(bounds, box)) ids.push(id);
  return ids;
}

/**
 * The 1:20000 series the grid covers, each the box around its sheets: the coarse hint drawn below
 * {@link SHEET_DETAIL_ZOOM} instead of thousands of cells a few pixels wide.
 */
export function seriesOutlines(grid: SheetGrid): Array<{ series: number; bounds: GridBounds }> {
  const bySeries = new Map<number, GridBounds>();
  for (const [id, [minE, minN, maxE, maxN]] of grid) {
    const series = parseSheetId(id)?.series;
    if (series === undefined) continue;
    const box = bySeries.get(series);
    bySeries.set(series, box ? [Math.min(box[0], minE), Math.min(box[1], minN), Math.max(box[2], maxE), Math.max(box[3], maxN)] : [minE, minN, maxE, maxN]);
  }
  return [...bySeries].sort(([a], [b]) => a - b).map(([series, bounds]) => ({ series, bounds }));
}

/** The longitude/latitude corners of HK1980 bounds (south-west, south-east, north-east, north-west). */
export function boundsCorners([minE, minN, maxE, maxN]: GridBounds): LonLat[] {
  return [fromHk1980([minE, minN]), fromHk1980([maxE, minN]), fromHk1980([maxE, maxN]), fromHk1980([minE, maxN])];
}

/** SVG path data of HK1980 bounds on screen (a closed quadrilateral: the HK1980 grid is slightly turned against Mercator). */
export function boundsPath(view: MapView, bounds: GridBounds): string {
  const points = boundsCorners(bounds).map((corner) => lonLatToScreen(view, corner));
  return `M${points.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}Z`;
}

/** The centre of HK1980 bounds as longitude/latitude. */
export function boundsCentre([minE, minN, maxE, maxN]: GridBounds): LonLat {
  return fromHk1980([(minE + maxE) / 2, (minN + maxN) / 2]);
}

/**
 * The view of `width` x `height` pixels centred on the given HK1980 bounds together (the chosen sheets), at the
 * deepest zoom (at most `maxZoom`) where all of them fit inside the view less `padding` pixels on every side.
 * Null when `boundsList` is empty.
 */
export function viewFitting(boundsList: readonly GridBounds[], width: number, height: number, { padding = 24, maxZoom = 15 } = {}): MapView | null {
  const corners = boundsList.flatMap((bounds) => boundsCorners(bounds));
  if (corners.length === 0) return null;
  const longitudes = corners.map(([longitude]) => longitude);
  const latitudes = corners.map(([, latitude]) => latitude);
  const west = Math.min(...longitudes);
  const east = Math.max(...longitudes);
  const south = Math.min(...latitudes);
  const north = Math.max(...latitudes);
  // The centre in world pixels (Mercator is not linear in latitude, so the middle is taken on the projected box).
  const [x0, y0] = lonLatToWorld([west, north], 0);
  const [x1, y1] = lonLatToWorld([east, south], 0);
  const center = worldToLonLat([(x0 + x1) / 2, (y0 + y1) / 2], 0);
  const roomX = Math.max(1, width - 2 * padding);
  const roomY = Math.max(1, height - 2 * padding);
  let zoom = Math.min(MAX_ZOOM, maxZoom);
  while (zoom > MIN_ZOOM && ((x1 - x0) * 2 ** zoom > roomX || (y1 - y0) * 2 ** zoom > roomY)) zoom -= 1;
  return viewAt(center, zoom, width, height);
}
