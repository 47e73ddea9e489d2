/**
 * What a map address may say besides the language: which layers to show and which area to look at, so a page
 * elsewhere (a dataset's "Open in the map viewer", a shared link) can open the viewer on a layer's data.
 *
 * - `layers=<overlay id>[,<overlay id>…]`: those overlays are switched on (their layer-drawer checkbox ticked) once
 *   the variant has registered them; ids the variant does not have are ignored.
 * - `bbox=<west>,<south>,<east>,<north>`: WGS84 degrees; the map starts looking straight down on the box's centre
 *   from a height at which the whole box fits the window (instead of the variant's start view).
 *
 * SPEC §2 lists no map parameter for either, so these are the portal's own; the landing panel treats any
 * parameter besides `l` as a shared link and stays closed. Pure (unit-tested in Node).
 */
import type { View } from '../../core/manifests/schemas';
import { DEFAULT_FIELD_OF_VIEW_RADIANS } from '../../core/map/views';

export const LAYERS_PARAM = 'layers';
export const BBOX_PARAM = 'bbox';

/** A WGS84 box, degrees. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface MapAddress {
  layers: string[];
  bbox: LonLatBox | null;
}

/** Overlay ids are manifest ids: letters, digits, hyphens and underscores. */
const LAYER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** The lowest and highest start heights, metres (a single building; the whole territory and its waters). */
export const BOX_VIEW_HEIGHT_LIMITS = { min: 800, max: 160_000 } as const;
/** Room kept around the box, as a share of its size on each side. */
const MARGIN = 0.1;
const EARTH_RADIUS_METERS = 6_371_000;

/** Reads `layers` and `bbox`; anything malformed is left out (the map then opens as it would without it). */
export function parseMapAddress(search: string): MapAddress {
  const params = new URLSearchParams(search);
  const layers = [
    ...new Set(
      (params.get(LAYERS_PARAM) ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => LAYER_ID.test(id)),
    ),
  ];
  return { layers, bbox: parseBox(params.get(BBOX_PARAM)) };
}

export function parseBox(text: string | null): LonLatBox | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '')) return null;
  const [west, south, east, north] = parts.map(Number);
  if (![west, south, east, north].every(Number.isFinite)) return null;
  if (west < -180 || east > 180 || south < -90 || north > 90 || west >= east || south >= north) return null;
  return { west, south, east, north };
}

/** `bbox` text for a box (6 decimals, about 0.1 m). */
export function formatBox(box: LonLatBox): string {
  return [box.west, box.south, box.east, box.north].map((value) => Number(value.toFixed(6))).join(',');
}

/** The address of the map showing `layers` over `box`, as a path with its query (without `l`). */
export function mapAddressFor(layers: readonly string[], box: LonLatBox | null): string {
  const params = new URLSearchParams();
  if (layers.length > 0) params.set(LAYERS_PARAM, layers.join(','));
  if (box) params.set(BBOX_PARAM, formatBox(box));
  const query = params.toString();
  return query ? `/map?${query}` : '/map';
}

/**
 * The camera looking straight down on the box's centre from the height at which the box (plus a margin) fits a
 * window of `aspect` = width / height. Cesium's 60° field of view spans the wider side of the window, so the
 * narrower side sees less; both are checked.
 */
export function viewOverBox(box: LonLatBox, aspect: number): View {
  const latitude = (box.south + box.north) / 2;
  const longitude = (box.west + box.east) / 2;
  const toRadians = Math.PI / 180;
  const widthMeters = (box.east - box.west) * toRadians * EARTH_RADIUS_METERS * Math.cos(latitude * toRadians) * (1 + 2 * MARGIN);
  const heightMeters = (box.north - box.south) * toRadians * EARTH_RADIUS_METERS * (1 + 2 * MARGIN);
  const safeAspect = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const tanWide = Math.tan(DEFAULT_FIELD_OF_VIEW_RADIANS / 2);
  // Half-angle tangents across the window's width and height.
  const tanAcross = safeAspect >= 1 ? tanWide : tanWide * safeAspect;
  const tanUpDown = safeAspect >= 1 ? tanWide / safeAspect : tanWide;
  const needed = Math.max(widthMeters / (2 * tanAcross), heightMeters / (2 * tanUpDown));
  return {
    longitude,
    latitude,
    heightMeters: Math.round(Math.min(BOX_VIEW_HEIGHT_LIMITS.max, Math.max(BOX_VIEW_HEIGHT_LIMITS.min, needed))),
    headingDegrees: 0,
    pitchDegrees: -90,
    rollDegrees: 0,
  };
}
