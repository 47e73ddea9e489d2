/**
 * A scene (scene.ts) drawn as an equirectangular colour image and depth map after core/contracts/equirectangular.ts:
 * the middle column looks toward the pose's heading, azimuth grows to the right, row 0 is the zenith.
 *
 * The colour image is supersampled 2 × 2 (four rays per pixel, averaged); the depth map takes one ray per pixel,
 * through the pixel's centre, so a depth read at a pixel is the distance along exactly that pixel's direction.
 *
 * Both are drawn by generators that pause after every {@link COLUMNS_PER_SLICE} columns: the server runs them a slice
 * at a time (`drawInSlices`), so a 4096-wide image (seconds of work) never holds up its other requests that long.
 */
import { imagePointToDirection } from '../../core/contracts/equirectangular';
import { ColumnCaster, ColumnHits, HIT_GROUND, HIT_ROOF, HIT_SKY, HIT_WALL, rowTangents } from './renderCaster';
import { WINDOW_BAY_METRES } from '../../core/contracts/buildingLook';
import { applyHaze, facadeColour, footShade, groundLight, roofColour, skyColour, wallShade } from './renderLook';
import type { PanoramaScene } from './scene';

const RADIANS = Math.PI / 180;
/** Columns drawn between two pauses of a drawing (tens of milliseconds at 4096 wide). */
export const COLUMNS_PER_SLICE = 128;
/** How much darker a building's corner line is than its walls. */
const CORNER_SHADE = 0.72;

/** Runs a drawing to its end at once (tests, the bench). */
export function drawAtOnce<T>(drawing: Generator<void, T>): T {
  for (;;) {
    const step = drawing.next();
    if (step.done) return step.value;
  }
}

/** Runs a drawing a slice at a time, letting the event loop serve other work between slices. */
export async function drawInSlices<T>(drawing: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = drawing.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Azimuth (radians, clockwise from north) of a continuous image column x in an image `width` wide. */
function columnAzimuth(x: number, width: number, headingDegrees: number): number {
  return imagePointToDirection({ x, y: 0 }, width, width / 2, headingDegrees).azimuthDegrees * RADIANS;
}

/** Distances along each pixel's ray through its centre, metres, row by row (NaN: sky). */
export function renderDepthMetres(scene: PanoramaScene, width: number): Float32Array {
  return drawAtOnce(depthDrawing(scene, width));
}

/** {@link renderDepthMetres} as a drawing that pauses between slices of columns. */
export function* depthDrawing(scene: PanoramaScene, width: number): Generator<void, Float32Array> {
  const height = width / 2;
  const tangents = rowTangents(height, 0.5);
  const cosines = Float64Array.from(tangents, (tangent) => 1 / Math.sqrt(1 + tangent * tangent));
  const caster = new ColumnCaster(scene, tangents);
  const hits = new ColumnHits(height);
  const metres = new Float32Array(width * height);
  for (let column = 0; column < width; column += 1) {
    caster.cast(columnAzimuth(column + 0.5, width, scene.pose.headingDegrees), hits);
    for (let row = 0; row < height; row += 1) {
      metres[row * width + column] = hits.kind[row] === HIT_SKY ? Number.NaN : hits.horizontal[row] / cosines[row];
    }
    if ((column + 1) % COLUMNS_PER_SLICE === 0) yield;
  }
  return metres;
}

/** The colour image, RGBA bytes (alpha 255), `width` × `width / 2`, supersampled 2 × 2. */
export function renderColourRgba(scene: PanoramaScene, width: number): Uint8Array {
  return drawAtOnce(colourDrawing(scene, width));
}

/** {@link renderColourRgba} as a drawing that pauses between slices of columns. */
export function* colourDrawing(scene: PanoramaScene, width: number): Generator<void, Uint8Array> {
  const height = width / 2;
  const subRows = height * 2;
  const tangents = rowTangents(subRows, 0.5);
  const elevations = Float64Array.from(tangents, (tangent) => Math.atan(tangent));
  const cosines = Float64Array.from(elevations, (elevation) => Math.cos(elevation));
  const caster = new ColumnCaster(scene, tangents);
  const hits = new ColumnHits(subRows);
  const rgba = new Uint8Array(width * height * 4);
  const sums = new Float32Array(height * 3);
  const colour = new Float32Array(3);
  // The sky depends on the row only.
  const sky = new Float32Array(subRows * 3);
  for (let row = 0; row < subRows; row += 1) {
    skyColour(elevations[row], colour);
    sky.set(colour, row * 3);
  }
  // Angle one sub-pixel spans, radians (the same across and down an equirectangular image).
  const subPixelRadians = Math.PI / subRows;
  const { buildings, edges } = scene;
  for (let column = 0; column < width; column += 1) {
    sums.fill(0);
    for (let sub = 0; sub < 2; sub += 1) {
      const azimuth = columnAzimuth(column + 0.25 + 0.5 * sub, width, scene.pose.headingDegrees);
      const dirEast = Math.sin(azimuth);
      const dirNorth = Math.cos(azimuth);
      caster.cast(azimuth, hits);
      for (let row = 0; row < subRows; row += 1) {
        const kind = hits.kind[row];
        if (kind === HIT_SKY) {
          colour[0] = sky[row * 3];
          colour[1] = sky[row * 3 + 1];
          colour[2] = sky[row * 3 + 2];
        } else {
          const t = hits.horizontal[row];
          const distance = t / cosines[row];
          if (kind === HIT_GROUND) {
            scene.ground.colourAt(t * dirEast, t * dirNorth, t, colour);
            groundLight(colour);
          } else {
            const building = buildings[hits.building[row]];
            if (kind === HIT_ROOF) {
              roofColour(building.colour, colour);
            } else if (kind === HIT_WALL) {
              const edge = hits.edge[row];
              const ax = edges.startEast[edge];
              const ay = edges.startNorth[edge];
              const ex = edges.endEast[edge] - ax;
              const ey = edges.endNorth[edge] - ay;
              const length = Math.hypot(ex, ey) || 1;
              // The wall's normal, turned toward the camera.
              let normalEast = ey / length;
              let normalNorth = -ex / length;
              if (normalEast * dirEast + normalNorth * dirNorth > 0) {
                normalEast = -normalEast;
                normalNorth = -normalNorth;
              }
              const along = ((t * dirEast - ax) * ex + (t * dirNorth - ay) * ey) / length;
              const hitHeight = scene.pose.heightMeters + t * tangents[row];
              const storeys = (building.topMetres - hitHeight) / building.storeyHeightMetres;
              const floorsPerPixel = (distance * subPixelRadians) / (cosines[row] * building.storeyHeightMetres);
              // One sub-pixel across spans t × angle horizontally, stretched along a wall seen at a slant.
              const facing = Math.max(0.05, -(normalEast * dirEast + normalNorth * dirNorth));
              const baysPerPixel = (t * subPixelRadians) / (facing * WINDOW_BAY_METRES);
              // A building's corner: a dark line about one output pixel (two sub-pixels) wide.
              const cornerMetres = (2 * t * subPixelRadians) / facing;
              const corner = edges.corners[edge];
              const atCorner = ((corner & 1) !== 0 && along < cornerMetres) || ((corner & 2) !== 0 && length - along < cornerMetres);
              const aboveGround = hitHeight - scene.terrainHeightAt(t * dirEast, t * dirNorth);
              facadeColour(building.colour, wallShade(normalEast, normalNorth) * footShade(aboveGround) * (atCorner ? CORNER_SHADE : 1), storeys, along, floorsPerPixel, baysPerPixel, colour);
            }
          }
          applyHaze(distance, colour);
        }
        const target = (row >> 1) * 3;
        sums[target] += colour[0];
        sums[target + 1] += colour[1];
        sums[target + 2] += colour[2];
      }
    }
    for (let row = 0; row < height; row += 1) {
      const offset = (row * width + column) * 4;
      rgba[offset] = Math.min(255, Math.round(sums[row * 3] * 63.75));
      rgba[offset + 1] = Math.min(255, Math.round(sums[row * 3 + 1] * 63.75));
      rgba[offset + 2] = Math.min(255, Math.round(sums[row * 3 + 2] * 63.75));
      rgba[offset + 3] = 255;
    }
    if ((column + 1) % COLUMNS_PER_SLICE === 0) yield;
  }
  return rgba;
}
