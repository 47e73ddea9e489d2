/**
 * The drone-zone layer's rules (SPEC §3 "Low-altitude flying", §7 WFS call, §9 height bands), pure so they are
 * tested without a map: the GetFeature address with the 7-day CQL window, the band of a zone's highest flying
 * height with its fill and outline colours, the extrusion height in metres, and the popup rows.
 */
import { droneWindowCqlFilter } from '../../core/contracts/cql';
import { droneWindow, UAV_HEIGHT_BANDS, UAV_ZONE_TYPENAME, uavZoneWfsEndpoint } from '../../core/contracts/geopin';
import type { Language } from '../../core/plugin/types';

/** The overlay, URL builder and handler id (manifests/overlays/uav.json). */
export const UAV_OVERLAY_ID = 'uav';
export const UAV_URL_BUILDER_ID = 'uav-zones';
export const UAV_HANDLER_ID = 'uav-zones';

/** SPEC §9: feet to metres divides by 3.28084. */
export const FEET_PER_METRE = 3.28084;
/** SPEC §9: fill alpha 128 and outline alpha 32, of 255. */
export const FILL_ALPHA_BYTE = 128;
export const OUTLINE_ALPHA_BYTE = 32;

export type BandColour = (typeof UAV_HEIGHT_BANDS)[number]['colour'];
/**
 * The RGB of each band colour name of the contract. Amber and orange sit apart enough to tell from yellow and red
 * on the relief map (amber #ffbf00, orange #ff7f00).
 */
export const BAND_RGB: Readonly<Record<BandColour, readonly [number, number, number]>> = {
  yellow: [255, 255, 0],
  amber: [255, 191, 0],
  orange: [255, 127, 0],
  red: [255, 0, 0],
};

export interface HeightBand {
  colour: BandColour;
  /** The band's upper limit, feet; null for the default band (above 1200 ft, or no height given). */
  maxFeet: number | null;
}

/** The band of a highest flying height in feet: 0-300 yellow, 301-600 amber, 601-900 orange, 901-1200 red, else red. */
export function heightBand(heightFeet: unknown): HeightBand {
  const feet = typeof heightFeet === 'number' ? heightFeet : typeof heightFeet === 'string' && heightFeet.trim() !== '' ? Number(heightFeet) : Number.NaN;
  if (Number.isFinite(feet) && feet >= 0) {
    const band = UAV_HEIGHT_BANDS.find((candidate) => feet <= candidate.maxFeet);
    if (band) return { colour: band.colour, maxFeet: band.maxFeet };
  }
  return { colour: 'red', maxFeet: null };
}

function rgba(colour: BandColour, alphaByte: number): string {
  const [r, g, b] = BAND_RGB[colour];
  return `rgba(${r}, ${g}, ${b}, ${alphaByte / 255})`;
}

/** CSS fill colour of a zone: its band's colour at alpha 128/255. */
export function zoneFillColour(properties: Record<string, unknown>): string {
  return rgba(heightBand(properties.HIGHEST_FLYING_HEIGHT).colour, FILL_ALPHA_BYTE);
}

/** CSS outline colour of a zone: its band's colour at alpha 32/255. */
export function zoneOutlineColour(properties: Record<string, unknown>): string {
  return rgba(heightBand(properties.HIGHEST_FLYING_HEIGHT).colour, OUTLINE_ALPHA_BYTE);
}

/**
 * Extrusion height of a zone, metres: the top of its height band in feet / 3.28084 ("extruded by the height
 * bands", SPEC §9), so a no-fly zone (0 ft) still stands as the 0-300 ft block instead of vanishing into the
 * ground. A zone above 1200 ft stands to its own height; one without a height to the top band's 1200 ft.
 */
export function zoneExtrusionMeters(properties: Record<string, unknown>): number {
  const band = heightBand(properties.HIGHEST_FLYING_HEIGHT);
  const feet = Number(properties.HIGHEST_FLYING_HEIGHT);
  const topFeet = band.maxFeet ?? (Number.isFinite(feet) && feet > 0 ? feet : UAV_HEIGHT_BANDS[UAV_HEIGHT_BANDS.length - 1].maxFeet);
  return topFeet / FEET_PER_METRE;
}

/**
 * The GetFeature address the layer polls: GeoJSON in WGS84 with SPEC §7's CQL_FILTER for the zones whose
 * START_TIME or END_TIME fall from now to the end of the 7th day ahead, or that span that window.
 */
export function droneZonesUrl(nowMs: number): string {
  const { fromMs, toMs } = droneWindow(nowMs);
  const query = new URLSearchParams({
    service: 'WFS',
    version: '2.0.0',
    request: 'GetFeature',
    typename: UAV_ZONE_TYPENAME,
    outputFormat: 'application/json',
    srsname: 'EPSG:4326',
    CQL_FILTER: droneWindowCqlFilter(fromMs, toMs),
  });
  return `${uavZoneWfsEndpoint.path}?${query.toString()}`;
}

const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

/** Epoch milliseconds as a date and 24-hour time in Hong Kong, in the page language ("26 Nov 2026, 18:00"). */
export function formatHongKongTime(epochMs: number, language: Language): string {
  const locale = language === 'en-US' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, {
    timeZone: HONG_KONG_TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochMs));
}

export type Format = (id: string, values?: Record<string, string | number>) => string;

/**
 * Popup rows after the title (the caption) and the action type (manifest fields): buffer in km (the feed gives
 * metres), highest flying height in ft, start and end in 24-hour Hong Kong time, and the sample note.
 */
export function describeZone(properties: Record<string, unknown>, language: Language, format: Format): Array<{ label: string; value: string }> {
  const rows: Array<{ label: string; value: string }> = [];
  const numberFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const buffer = Number(properties.BUFFER_DISTANCE);
  if (properties.BUFFER_DISTANCE !== null && Number.isFinite(buffer)) {
    rows.push({ label: format('droneZones.popup.buffer'), value: format('droneZones.popup.km', { km: numberFormat.format(buffer / 1000) }) });
  }
  const height = Number(properties.HIGHEST_FLYING_HEIGHT);
  if (properties.HIGHEST_FLYING_HEIGHT !== null && Number.isFinite(height)) {
    rows.push({ label: format('droneZones.popup.height'), value: format('droneZones.popup.feet', { feet: numberFormat.format(height) }) });
  }
  for (const [property, label] of [
    ['START_TIME', 'droneZones.popup.start'],
    ['END_TIME', 'droneZones.popup.end'],
  ] as const) {
    const value = properties[property];
    if (typeof value === 'number' && Number.isFinite(value)) rows.push({ label: format(label), value: formatHongKongTime(value, language) });
  }
  if (properties.sample === true) rows.push({ label: format('droneZones.popup.data'), value: format('droneZones.popup.sample') });
  return rows;
}
