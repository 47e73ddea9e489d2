/**
 * How a rendered panorama's surfaces look: the sky, the façades (the city-buildings layer's category colours, floor
 * lines and window bays like its façade shader, plugins/city-buildings/appearance.ts), roofs, and light haze with
 * distance. Colours are 0..1 per channel, written into an `out` array to keep the per-pixel work free of garbage.
 */
import { WINDOW_BAY_METRES } from '../../core/contracts/buildingLook';

/** The fixed light from the north-west and above (east, north, up), as the 3D city's buildings are lit. */
const LIGHT = (() => {
  const [east, north, up] = [-0.55, 0.45, 0.7];
  const length = Math.hypot(east, north, up);
  return [east / length, north / length, up / length] as const;
})();

const HORIZON_SKY = [0.83, 0.88, 0.93] as const;
const ZENITH_SKY = [0.38, 0.58, 0.85] as const;
/** The haze distant surfaces fade into (the horizon's sky). */
const HAZE = HORIZON_SKY;
/** Distance at which a surface keeps 1/e of its own colour, metres. */
const HAZE_METRES = 2600;
const GLASS = [0.6, 0.67, 0.76] as const;

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** The sky at an elevation (radians): pale at the horizon, deeper blue above. */
export function skyColour(elevationRadians: number, out: Float32Array): void {
  const t = Math.pow(Math.max(0, Math.sin(elevationRadians)), 0.6);
  for (let channel = 0; channel < 3; channel += 1) out[channel] = HORIZON_SKY[channel] + (ZENITH_SKY[channel] - HORIZON_SKY[channel]) * t;
}

/** Lambert term of a wall facing (east, north) horizontally, as the 3D city shades walls: 0.5 to 0.9. */
export function wallShade(normalEast: number, normalNorth: number): number {
  return 0.5 + 0.4 * Math.max(0, normalEast * LIGHT[0] + normalNorth * LIGHT[1]);
}

/** Where a wall meets the street it is a little darker (the light the street and the wall block), up to 1.5 m. */
export function footShade(metresAboveGround: number): number {
  return 0.78 + 0.22 * smoothstep(0, 1.5, metresAboveGround);
}

/**
 * A façade point's colour: `storeysBelowRoof` counts storeys down from the roof (its fraction gives the position
 * within a storey), `alongMetres` the position along the wall (window bays); `floorsPerPixel` and `baysPerPixel` how
 * many storeys and window bays one pixel spans there, so the pattern fades out before it would alias (far away, and
 * along a wall seen edge-on).
 */
export function facadeColour(
  base: readonly number[],
  shade: number,
  storeysBelowRoof: number,
  alongMetres: number,
  floorsPerPixel: number,
  baysPerPixel: number,
  out: Float32Array,
): void {
  const detail = 1 - smoothstep(0.25, 0.5, Math.max(floorsPerPixel, baysPerPixel));
  const inStorey = 1 - (storeysBelowRoof - Math.floor(storeysBelowRoof));
  const bay = alongMetres / WINDOW_BAY_METRES;
  const inBay = bay - Math.floor(bay);
  const slab = 1 - smoothstep(0.04, 0.1, inStorey);
  const windowRow = smoothstep(0.28, 0.32, inStorey) * (1 - smoothstep(0.82, 0.86, inStorey));
  const windowColumn = smoothstep(0.14, 0.18, inBay) * (1 - smoothstep(0.82, 0.86, inBay));
  const glass = windowRow * windowColumn * detail;
  const darken = 1 - 0.2 * slab * detail;
  for (let channel = 0; channel < 3; channel += 1) {
    out[channel] = base[channel] * (1 + (GLASS[channel] - 1) * glass) * darken * shade;
  }
}

/** A roof: its building's colour, lit from above (the 3D city's roofs are unshaded, as here). */
export function roofColour(base: readonly number[], out: Float32Array): void {
  out[0] = base[0];
  out[1] = base[1];
  out[2] = base[2];
}

/**
 * The base map's colours seen as ground in daylight: a little darker than on the map, where white streets on a
 * screen would glare as a lit surface beside the shaded walls.
 */
const GROUND_LIGHT = 0.84;

export function groundLight(out: Float32Array): void {
  out[0] *= GROUND_LIGHT;
  out[1] *= GROUND_LIGHT;
  out[2] *= GROUND_LIGHT;
}

/** Fades a surface colour into the haze by its distance along the ray, metres. */
export function applyHaze(distanceMetres: number, out: Float32Array): void {
  const keep = Math.exp(-distanceMetres / HAZE_METRES);
  for (let channel = 0; channel < 3; channel += 1) out[channel] = HAZE[channel] + (out[channel] - HAZE[channel]) * keep;
}
