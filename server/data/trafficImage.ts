/**
 * Snapshot images of the SAMPLE traffic cameras, rendered from real data: what a camera on a pole at its position
 * would see of the terrain ahead, drawn from the Hong Kong DEM (server/terrain/dem.ts), with a straight road
 * along its heading, vehicles on it, a SAMPLE mark, the camera id and the time.
 *
 * How: a ray-marched height-field view (the "voxel space" technique): for each image column a ray walks away
 * from the camera over the DEM, each sample is projected to a screen row, and the column is filled upwards from
 * the nearest hit to the farthest, so nearer ground hides what lies behind it. Land is tinted by height and lit
 * by its slope, the sea is flat, and distance fades into haze, so ridges and harbours read as they do in a
 * real Transport Department snapshot. The terrain view is the costly part (tens of milliseconds; ~160 ms each on a
 * loaded two-core machine) and is kept per camera; each new slot then costs ~20 ms, and a repeat within a slot
 * nothing (see TrafficSnapshotRenderer).
 *
 * Deterministic: the terrain depends only on the camera; the vehicles come from a generator seeded with the
 * camera id and the 30-second refresh slot, and the time written is the slot's start, so one slot gives the
 * same bytes to every request and the next slot gives a different picture: a cheap "live" image.
 */
import { TRAFFIC_IMAGE_HEIGHT, TRAFFIC_IMAGE_REFRESH_MS, TRAFFIC_IMAGE_WIDTH } from '../../core/contracts';
import { encodePng } from '../terrain/relief';
import { metresPerDegree } from './localFrame';
import { drawText, GLYPH_HEIGHT, textWidth } from './pixelFont';
import { between, seededRandom } from './seededRandom';
import type { TrafficCamera } from './traffic';

/** Anything that gives a ground height in metres at WGS84 lon/lat (the DEM sampler). */
export interface HeightSource {
  heightAt(longitude: number, latitude: number): number | null;
}

type Rgb = readonly [number, number, number];

const WIDTH = TRAFFIC_IMAGE_WIDTH;
const HEIGHT = TRAFFIC_IMAGE_HEIGHT;
const HORIZONTAL_FIELD_OF_VIEW_DEGREES = 62;
const FOCAL_PIXELS = WIDTH / 2 / Math.tan(((HORIZONTAL_FIELD_OF_VIEW_DEGREES / 2) * Math.PI) / 180);
/** Traffic cameras look slightly down at the road. */
const PITCH_DOWN_DEGREES = 5;
const HORIZON_ROW = HEIGHT / 2 - FOCAL_PIXELS * Math.tan((PITCH_DOWN_DEGREES * Math.PI) / 180);
/** How far the rays reach, metres. */
const VIEW_DISTANCE_METERS = 15_000;
const EARTH_RADIUS_METERS = 6_371_000;
/** Standard refraction coefficient: light bends round the Earth a little, so the far terrain drops less. */
const REFRACTION = 0.13;
/** Below this the DEM is sea (LandsD writes sea as 0; bilinear reads smear it near the shore). */
const SEA_LEVEL_METERS = 0.5;

/**
 * The road the camera watches: straight along its heading, four lanes, on the ground (or deck) below the camera,
 * its centre line this far to the camera's right (the pole stands at the kerb).
 */
const ROAD_CENTRE_OFFSET_METERS = 7;
const ROAD_HALF_WIDTH_METERS = 8;
/** Steepest climb of the drawn road (rise per metre); steeper ground ahead is a hill with a tunnel. */
const MAX_ROAD_GRADIENT = 0.08;
const ROAD_LENGTH_METERS = 800;
const LANE_CENTRES_METERS = [-5.25, -1.75, 1.75, 5.25];
const LANE_MARKINGS_METERS = [-3.5, 0, 3.5];
/** The camera's pole: the road surface lies this far below the camera when the camera is higher than that. */
const POLE_HEIGHT_METERS = 10;

const SKY_TOP: Rgb = [92, 146, 208];
const SKY_HORIZON: Rgb = [200, 216, 233];
const HAZE: Rgb = [198, 211, 224];
const SEA: Rgb = [52, 98, 134];
const ROAD: Rgb = [86, 87, 92];
const ROAD_MARKING: Rgb = [232, 232, 222];
const LAND_STOPS: ReadonlyArray<readonly [number, Rgb]> = [
  [0, [128, 154, 96]],
  [80, [98, 138, 76]],
  [250, [104, 128, 78]],
  [500, [138, 130, 96]],
  [800, [160, 150, 128]],
  [1000, [178, 170, 156]],
];
const VEHICLE_COLOURS: readonly Rgb[] = [
  [236, 236, 236],
  [182, 186, 192],
  [42, 42, 46],
  [176, 36, 40],
  [44, 72, 150],
  [200, 32, 44],
  [44, 140, 72],
  [218, 196, 62],
];
/** Sun from the south-west, 40° up (a Hong Kong afternoon). */
const SUN = (() => {
  const azimuth = (225 * Math.PI) / 180;
  const altitude = (40 * Math.PI) / 180;
  return { east: Math.sin(azimuth) * Math.cos(altitude), north: Math.cos(azimuth) * Math.cos(altitude), up: Math.sin(altitude) };
})();

/** The refresh slot a time falls in (TRAFFIC_IMAGE_REFRESH_MS long, counted from the Unix epoch). */
export function refreshSlot(epochMs: number): number {
  return Math.floor(epochMs / TRAFFIC_IMAGE_REFRESH_MS);
}

function mix(a: Rgb, b: Rgb, t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function landTint(heightMeters: number): [number, number, number] {
  for (let i = 1; i < LAND_STOPS.length; i += 1) {
    const [upper, upperRgb] = LAND_STOPS[i];
    if (heightMeters <= upper) {
      const [lower, lowerRgb] = LAND_STOPS[i - 1];
      return mix(lowerRgb, upperRgb, Math.max(0, (heightMeters - lower) / (upper - lower)));
    }
  }
  return [...LAND_STOPS[LAND_STOPS.length - 1][1]];
}

interface RenderedView {
  rgba: Uint8Array;
  /** Distance along the view axis of what each pixel shows; Infinity for sky. */
  depth: Float32Array;
  eyeHeightMeters: number;
  /** Height of the road surface at a point given across and along the view axis, metres; null off the road. */
  roadAt(lateral: number, forward: number): number | null;
}

/** Draws the terrain, sea, sky and road the camera sees. Depends only on the camera. */
function renderView(terrain: HeightSource, camera: TrafficCamera): RenderedView {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
  const depth = new Float32Array(WIDTH * HEIGHT).fill(Number.POSITIVE_INFINITY);
  const scale = metresPerDegree(camera.latitude);
  const groundBelowCamera = Math.max(0, terrain.heightAt(camera.longitude, camera.latitude) ?? 0);
  const eye = groundBelowCamera + camera.eyeHeightMeters;
  const road = eye - Math.min(camera.eyeHeightMeters, POLE_HEIGHT_METERS);
  const heading = (camera.headingDegrees * Math.PI) / 180;
  const heightAt = (east: number, north: number) =>
    terrain.heightAt(camera.longitude + east / scale.longitude, camera.latitude + north / scale.latitude) ?? 0;
  // The road follows rising ground up to a steep road's gradient; ground above that is a hill the road
  // tunnels into, so the hillside is drawn instead.
  const onRoad = (lateral: number, forward: number, ground: number) =>
    forward < ROAD_LENGTH_METERS &&
    Math.abs(lateral - ROAD_CENTRE_OFFSET_METERS) < ROAD_HALF_WIDTH_METERS &&
    ground <= road + 2 + forward * MAX_ROAD_GRADIENT;
  const roadAt = (lateral: number, forward: number) => {
    const ground = heightAt(forward * Math.sin(heading) + lateral * Math.cos(heading), forward * Math.cos(heading) - lateral * Math.sin(heading));
    return onRoad(lateral, forward, ground) ? Math.max(ground, road) : null;
  };

  for (let column = 0; column < WIDTH; column += 1) {
    const offset = Math.atan((column + 0.5 - WIDTH / 2) / FOCAL_PIXELS);
    const bearing = heading + offset;
    const dirEast = Math.sin(bearing);
    const dirNorth = Math.cos(bearing);
    const cosOffset = Math.cos(offset);
    let lowestPaintedRow = HEIGHT;
    for (let distance = 4; distance < VIEW_DISTANCE_METERS && lowestPaintedRow > 0; distance += Math.max(1, distance * 0.008)) {
      const east = dirEast * distance;
      const north = dirNorth * distance;
      const forward = distance * cosOffset;
      const lateral = distance * Math.sin(offset);
      const ground = heightAt(east, north);
      const roadHere = onRoad(lateral, forward, ground);
      const surface = roadHere ? Math.max(ground, road) : ground;
      const curvatureDrop = ((1 - REFRACTION) * forward * forward) / (2 * EARTH_RADIUS_METERS);
      const row = HORIZON_ROW + ((eye - (surface - curvatureDrop)) / forward) * FOCAL_PIXELS;
      if (row >= lowestPaintedRow) continue;
      let colour: [number, number, number];
      if (roadHere) {
        // Lines widen with distance so they stay a pixel wide; lane lines are dashed 6 m on, 6 m off.
        const lineHalfWidth = 0.12 + forward * 0.002;
        const acrossRoad = lateral - ROAD_CENTRE_OFFSET_METERS;
        const laneLine = forward % 12 < 6 && LANE_MARKINGS_METERS.some((line) => Math.abs(acrossRoad - line) < lineHalfWidth);
        const edgeLine = Math.abs(Math.abs(acrossRoad) - (ROAD_HALF_WIDTH_METERS - 0.5)) < lineHalfWidth;
        colour = [...(laneLine || edgeLine ? ROAD_MARKING : ROAD)];
      } else if (ground < SEA_LEVEL_METERS) {
        colour = [...SEA];
      } else {
        // Lambert shading from the slope (central differences over 20 m), with a floor so shadows keep colour.
        const slopeEast = (heightAt(east + 10, north) - heightAt(east - 10, north)) / 20;
        const slopeNorth = (heightAt(east, north + 10) - heightAt(east, north - 10)) / 20;
        const length = Math.hypot(slopeEast, slopeNorth, 1);
        const light = Math.max(0, (-slopeEast * SUN.east - slopeNorth * SUN.north + SUN.up) / length);
        const shade = 0.45 + 0.75 * light;
        colour = landTint(ground).map((channel) => Math.min(255, channel * shade)) as [number, number, number];
      }
      const haze = Math.min(0.9, (forward / VIEW_DISTANCE_METERS) ** 0.7 * 0.9);
      const [red, green, blue] = mix(colour, HAZE, haze);
      for (let y = Math.max(0, Math.ceil(row)); y < lowestPaintedRow; y += 1) {
        const pixel = y * WIDTH + column;
        rgba[pixel * 4] = red;
        rgba[pixel * 4 + 1] = green;
        rgba[pixel * 4 + 2] = blue;
        rgba[pixel * 4 + 3] = 255;
        depth[pixel] = forward;
      }
      lowestPaintedRow = Math.max(0, Math.ceil(row));
    }
    for (let y = 0; y < lowestPaintedRow; y += 1) {
      const [red, green, blue] = mix(SKY_TOP, SKY_HORIZON, Math.min(1, Math.max(0, y / Math.max(1, HORIZON_ROW))));
      const pixel = (y * WIDTH + column) * 4;
      rgba[pixel] = red;
      rgba[pixel + 1] = green;
      rgba[pixel + 2] = blue;
      rgba[pixel + 3] = 255;
    }
  }
  return { rgba, depth, eyeHeightMeters: eye, roadAt };
}

/** Fills a screen rectangle with a colour where nothing nearer than `distance` has been drawn. */
function fillBox(view: RenderedView, left: number, top: number, right: number, bottom: number, distance: number, rgb: Rgb): void {
  for (let y = Math.max(0, Math.floor(top)); y < Math.min(HEIGHT, Math.ceil(bottom)); y += 1) {
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(WIDTH, Math.ceil(right)); x += 1) {
      const pixel = y * WIDTH + x;
      if (view.depth[pixel] < distance) continue;
      view.depth[pixel] = distance;
      view.rgba[pixel * 4] = rgb[0];
      view.rgba[pixel * 4 + 1] = rgb[1];
      view.rgba[pixel * 4 + 2] = rgb[2];
    }
  }
}

/** Vehicles for one camera and slot, farthest first so nearer ones cover them. */
function drawVehicles(view: RenderedView, camera: TrafficCamera, slot: number): void {
  const random = seededRandom(`${camera.id}:${slot}`);
  const count = 5 + Math.floor(random() * 10);
  const vehicles = Array.from({ length: count }, () => {
    const large = random() < 0.2;
    return {
      lateral: ROAD_CENTRE_OFFSET_METERS + LANE_CENTRES_METERS[Math.floor(random() * LANE_CENTRES_METERS.length)],
      forward: between(random, 18, 420),
      length: large ? between(random, 10, 12) : between(random, 4.2, 5.2),
      height: large ? between(random, 3.2, 4.2) : between(random, 1.4, 1.9),
      halfWidth: large ? 1.25 : 0.9,
      colour: VEHICLE_COLOURS[Math.floor(random() * VEHICLE_COLOURS.length)],
    };
  }).sort((a, b) => b.forward - a.forward);
  const project = (lateral: number, forward: number, height: number) => ({
    x: WIDTH / 2 + (lateral / forward) * FOCAL_PIXELS,
    y: HORIZON_ROW + ((view.eyeHeightMeters - height) / forward) * FOCAL_PIXELS,
  });
  for (const vehicle of vehicles) {
    const base = view.roadAt(vehicle.lateral, vehicle.forward);
    if (base === null) continue; // the road has gone into a tunnel by then
    const roof = base + vehicle.height;
    const nearBottomLeft = project(vehicle.lateral - vehicle.halfWidth, vehicle.forward, base);
    const nearTopRight = project(vehicle.lateral + vehicle.halfWidth, vehicle.forward, roof);
    const farTopLeft = project(vehicle.lateral - vehicle.halfWidth, vehicle.forward + vehicle.length, roof);
    const farTopRight = project(vehicle.lateral + vehicle.halfWidth, vehicle.forward + vehicle.length, roof);
    // The roof, seen from above, then the rear face with a darker window band.
    const roofColour = mix(vehicle.colour, [255, 255, 255], 0.25);
    fillBox(view, farTopLeft.x, farTopLeft.y, farTopRight.x, nearTopRight.y, vehicle.forward + vehicle.length / 2, roofColour);
    fillBox(view, nearBottomLeft.x, nearTopRight.y, nearTopRight.x, nearBottomLeft.y, vehicle.forward, vehicle.colour);
    const windowBottom = nearTopRight.y + (nearBottomLeft.y - nearTopRight.y) * 0.4;
    fillBox(view, nearBottomLeft.x + 1, nearTopRight.y + 1, nearTopRight.x - 1, windowBottom, vehicle.forward - 0.01, mix(vehicle.colour, [20, 24, 30], 0.7));
  }
}

function fillRect(rgba: Uint8Array, left: number, top: number, width: number, height: number, rgb: Rgb, alpha = 1): void {
  for (let y = Math.max(0, top); y < Math.min(HEIGHT, top + height); y += 1) {
    for (let x = Math.max(0, left); x < Math.min(WIDTH, left + width); x += 1) {
      const offset = (y * WIDTH + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        rgba[offset + channel] = Math.round(rgba[offset + channel] * (1 - alpha) + rgb[channel] * alpha);
      }
    }
  }
}

/** `2024-04-21 10:40:30 HKT` for a time (Hong Kong has no daylight saving: UTC+8 all year). */
export function hongKongTimeText(epochMs: number): string {
  const iso = new Date(epochMs + 8 * 3_600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} HKT`;
}

/** The SAMPLE mark, camera id and slot time, on bands that keep them legible over any picture. */
function drawCaptions(rgba: Uint8Array, camera: TrafficCamera, slotStartMs: number): void {
  const mark = 'SAMPLE';
  fillRect(rgba, 4, 4, textWidth(mark, 2) + 8, GLYPH_HEIGHT * 2 + 8, [200, 24, 32]);
  drawText(rgba, WIDTH, HEIGHT, mark, 8, 8, [255, 255, 255], 2);
  const bandTop = HEIGHT - (GLYPH_HEIGHT * 2 + 9);
  fillRect(rgba, 0, bandTop, WIDTH, HEIGHT - bandTop, [0, 0, 0], 0.6);
  drawText(rgba, WIDTH, HEIGHT, camera.id, 4, bandTop + 3, [255, 255, 255]);
  drawText(rgba, WIDTH, HEIGHT, hongKongTimeText(slotStartMs), 4, bandTop + GLYPH_HEIGHT + 6, [255, 236, 150]);
}

/**
 * Renders camera snapshots and keeps what can be reused: each camera's terrain view (it depends only on the
 * camera: ~0.6 MB each, so ~20 MB for the 34 sample cameras) and its latest PNG with the slot it belongs to.
 * Within a slot a request costs a map lookup; a new slot costs the vehicles, captions and PNG encoding.
 */
export class TrafficSnapshotRenderer {
  private readonly views = new Map<string, RenderedView>();
  private readonly latest = new Map<string, { slot: number; png: Buffer }>();

  constructor(private readonly terrain: HeightSource) {}

  /**
   * The snapshot of a camera for the refresh slot containing `epochMs`: a TRAFFIC_IMAGE_WIDTH x
   * TRAFFIC_IMAGE_HEIGHT PNG. Same camera and slot, same bytes.
   */
  snapshot(camera: TrafficCamera, epochMs: number): Buffer {
    const slot = refreshSlot(epochMs);
    const cached = this.latest.get(camera.id);
    if (cached && cached.slot === slot) return cached.png;
    let view = this.views.get(camera.id);
    if (!view) {
      view = renderView(this.terrain, camera);
      this.views.set(camera.id, view);
    }
    const frame: RenderedView = { ...view, rgba: view.rgba.slice(), depth: view.depth.slice() };
    drawVehicles(frame, camera, slot);
    drawCaptions(frame.rgba, camera, slot * TRAFFIC_IMAGE_REFRESH_MS);
    const png = encodePng(frame.rgba, WIDTH, HEIGHT);
    this.latest.set(camera.id, { slot, png });
    return png;
  }
}
