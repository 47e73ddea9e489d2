/**
 * The part of the map that nothing covers: the room the app leaves between the open drawer, the search box and the
 * tool bars (app/map/MapPage.tsx lays it out as the element `.map-page__free`, which the overlay popups are kept
 * inside too). A tool that puts the camera on something it drew measures it here and fits the thing into it, so
 * it lands beside the drawer on a desktop and below it on a phone, not under either.
 */

/** The app's free-area element (app/map/MapPage.tsx, map-page.css). */
export const MAP_FREE_AREA_SELECTOR = '.map-page__free';

/** A part of the map as shares (0–1) of the map's width from its left edge and of its height from its top edge. */
export interface MapShare {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The free part of the map and the map's aspect. `free` is null (use the whole map) before the app has laid the
 * free area out or while the map has no size; `aspect` is the map's width / height in pixels (1.5 when unknown).
 */
export interface MapFreeArea {
  free: MapShare | null;
  aspect: number;
}

const UNKNOWN_ASPECT = 1.5;

/** Measures the app's free-area element against the map's container (`ctx.map.container()`). */
export function mapFreeArea(mapElement: HTMLElement | null): MapFreeArea {
  const freeElement = typeof document === 'undefined' ? null : document.querySelector(MAP_FREE_AREA_SELECTOR);
  if (!mapElement) return { free: null, aspect: UNKNOWN_ASPECT };
  const map = mapElement.getBoundingClientRect();
  if (map.width === 0 || map.height === 0) return { free: null, aspect: UNKNOWN_ASPECT };
  const aspect = map.width / map.height;
  if (!freeElement) return { free: null, aspect };
  const room = freeElement.getBoundingClientRect();
  const share = (value: number, from: number, size: number) => Math.min(1, Math.max(0, (value - from) / size));
  return {
    free: {
      left: share(room.left, map.left, map.width),
      right: share(room.right, map.left, map.width),
      top: share(room.top, map.top, map.height),
      bottom: share(room.bottom, map.top, map.height),
    },
    aspect,
  };
}

/** A free part narrower or lower than this share of the map is ignored: things are fitted to the whole map. */
const SMALLEST_FREE_SHARE = 0.2;
const METRES_PER_DEGREE = 111_320;

/** The free part when it is large enough to fit something into, else the whole map. */
export function usableFreeShare(free: MapShare | null): MapShare {
  const usable = free && free.right - free.left >= SMALLEST_FREE_SHARE && free.bottom - free.top >= SMALLEST_FREE_SHARE;
  return usable ? free : { left: 0, top: 0, right: 1, bottom: 1 };
}

/**
 * The WGS84 box to fly to (`ctx.map.flyToBounds` with `paddingRatio: 0`) so that `box`, with `paddingRatio` of its
 * size of room on every side, lands in the free part of the map: the padded box is first widened (or heightened)
 * about its centre to the free part's shape, so the camera's fit binds in both directions, then grown to what the
 * whole map shows around it. At least 50 m each way, so a point still gets a street's view.
 */
export function fitIntoFreeArea(
  box: { west: number; south: number; east: number; north: number },
  { free, aspect }: MapFreeArea,
  paddingRatio = 0,
): { west: number; south: number; east: number; north: number } {
  const { left, top, right, bottom } = usableFreeShare(free);
  const cosLat = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
  let width = (box.east - box.west) * (1 + 2 * paddingRatio);
  let height = (box.north - box.south) * (1 + 2 * paddingRatio);
  // The free part's shape in metres (its pixel aspect), and the padded box's.
  const freeAspect = (aspect * (right - left)) / (bottom - top);
  if ((width * cosLat) / Math.max(height, 1e-9) < freeAspect) width = (height * freeAspect) / cosLat;
  else height = (width * cosLat) / freeAspect;
  width = Math.max(width, 50 / (METRES_PER_DEGREE * cosLat));
  height = Math.max(height, 50 / METRES_PER_DEGREE);
  const centreLon = (box.east + box.west) / 2;
  const centreLat = (box.north + box.south) / 2;
  const mapWidth = width / (right - left);
  const mapHeight = height / (bottom - top);
  const west = centreLon - width / 2 - left * mapWidth;
  const north = centreLat + height / 2 + top * mapHeight;
  return { west, east: west + mapWidth, north, south: north - mapHeight };
}

/**
 * How far the free part's centre lies from the map's centre, as shares of the map's width (positive: right of it)
 * and height (positive: below it); zero each way for the whole map. A camera that looks at a point (not a box)
 * moves its target the other way by these shares of the view's extent, so the point shows in the free part.
 */
export function freeAreaCentreOffset(free: MapShare | null): { right: number; down: number } {
  const { left, top, right, bottom } = usableFreeShare(free);
  return { right: (left + right) / 2 - 0.5, down: (top + bottom) / 2 - 0.5 };
}
