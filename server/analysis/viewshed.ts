/**
 * The view shed: which cells of a surface raster (./surface.ts) an observer at its centre can see, within a
 * sector, a range and a vertical field. Pure.
 *
 * Method: a radial horizon sweep of the R2 family (Franklin & Ray 1994). A ray is cast from the observer to every
 * cell of the grid's border; walking out one cell at a time along the ray's major axis it keeps the steepest
 * elevation angle seen so far (the horizon). A cell the ray passes is visible when its own surface rises to or
 * above that horizon; the horizon is then raised with the surface interpolated where the ray crosses that column
 * (or row). Every cell lies on some ray, and a cell any ray sees is visible. Cost: about 4·n rays of n/2 steps,
 * O(n²) for an n × n grid — each cell is visited a small constant number of times — against O(n³) for a separate
 * line-of-sight march to every cell ({@link viewshedByRayMarch}, kept as the reference the tests and the
 * benchmark compare with). XDraw would be as fast but propagates its horizon from neighbouring cells' horizons
 * (an approximation that grows with distance); R2's rays carry the true horizon along their own line, so its
 * answer agrees with the per-cell march except where rays and cell centres part by under half a cell.
 *
 * Heights are angles on the curved earth: a cell d metres away appears d²·(1 − k)/(2R) lower (./curvature.ts).
 */
import { VIEWSHED_CELL } from '../../core/contracts/analysis';
import { dropFromEye } from './curvature';
import type { SurfaceRaster } from './surface';

export interface ViewshedRequest {
  /** Eye above the surface under the observer (the centre cell), metres. */
  observerHeight: number;
  /** Centre of the sector, degrees clockwise from north. */
  heading: number;
  /** Width of the sector, degrees (360: all round). */
  horizontalAngle: number;
  /** Height of the vertical field, degrees, centred on the horizon. */
  verticalAngle: number;
  /** Range, metres. */
  distance: number;
}

export interface Viewshed {
  /** Absolute eye height, mPD. */
  eyeMetres: number;
  /** One character per raster cell: VIEWSHED_CELL codes. */
  cells: string;
  visibleShare: number;
  buildings: Array<{ id: string; visible: boolean }>;
}

const OUTSIDE = 0;
const VISIBLE = 1;
const HIDDEN = 2;
const CODES = [VIEWSHED_CELL.outside, VIEWSHED_CELL.visible, VIEWSHED_CELL.hidden].map((code) => code.charCodeAt(0));

/** Thrown when the raster has no surface under the observer. */
export class NoObserverSurfaceError extends Error {
  constructor() {
    super('No terrain data at observer (it lies outside the DTM)');
  }
}

/** 1 for each cell inside the range, sector and vertical field (with data), else 0; the observer's cell is in. */
function sectorMask(raster: SurfaceRaster, eye: number, request: ViewshedRequest): Uint8Array {
  const { size, cellSizeMetres: cell, heights } = raster;
  const half = (size - 1) / 2;
  const mask = new Uint8Array(size * size);
  const allRound = request.horizontalAngle >= 360;
  const halfWidth = request.horizontalAngle / 2;
  const halfHeight = request.verticalAngle / 2;
  for (let row = 0; row < size; row++) {
    const north = (half - row) * cell;
    for (let column = 0; column < size; column++) {
      const index = row * size + column;
      const east = (column - half) * cell;
      const distance = Math.sqrt(east * east + north * north);
      if (distance === 0) {
        mask[index] = 1;
        continue;
      }
      if (distance > request.distance || Number.isNaN(heights[index])) continue;
      if (!allRound) {
        const azimuth = (Math.atan2(east, north) * 180) / Math.PI;
        const offset = ((((azimuth - request.heading) % 360) + 540) % 360) - 180;
        if (Math.abs(offset) > halfWidth) continue;
      }
      if (halfHeight < 90) {
        const elevation = (Math.atan2(heights[index] - dropFromEye(distance) - eye, distance) * 180) / Math.PI;
        if (Math.abs(elevation) > halfHeight) continue;
      }
      mask[index] = 1;
    }
  }
  return mask;
}

function eyeOf(raster: SurfaceRaster, request: ViewshedRequest): number {
  const centre = ((raster.size - 1) / 2) * (raster.size + 1);
  const ground = raster.heights[centre];
  if (Number.isNaN(ground)) throw new NoObserverSurfaceError();
  return ground + request.observerHeight;
}

/** The R2 horizon sweep (see the file comment). */
export function computeViewshed(raster: SurfaceRaster, request: ViewshedRequest): Viewshed {
  const eye = eyeOf(raster, request);
  const mask = sectorMask(raster, eye, request);
  const { size, cellSizeMetres: cell, heights } = raster;
  const half = (size - 1) / 2;
  const state = new Uint8Array(size * size);

  const castRay = (targetColumn: number, targetRow: number) => {
    const dx = targetColumn - half;
    const dy = targetRow - half;
    const steps = Math.max(Math.abs(dx), Math.abs(dy));
    const xMajor = Math.abs(dx) >= Math.abs(dy);
    const cellsPerStep = Math.sqrt(dx * dx + dy * dy) / steps;
    // Past the range nothing is marked, so the ray stops one cell beyond it.
    const lastStep = Math.min(steps, Math.ceil((request.distance / cell + 1) / cellsPerStep));
    let horizon = -Infinity;
    for (let i = 1; i <= lastStep; i++) {
      const x = half + (dx * i) / steps;
      const y = half + (dy * i) / steps;
      const column = Math.round(x);
      const row = Math.round(y);
      const index = row * size + column;
      const own = heights[index];
      if (!Number.isNaN(own)) {
        const cellDistance = Math.sqrt((column - half) * (column - half) + (row - half) * (row - half)) * cell;
        const slope = (own - dropFromEye(cellDistance) - eye) / cellDistance;
        if (slope >= horizon) state[index] = VISIBLE;
        else if (state[index] !== VISIBLE) state[index] = HIDDEN;
      }
      // The horizon rises with the surface where the ray crosses this column (or row), between the two cells there.
      const minor = xMajor ? y : x;
      const low = Math.floor(minor);
      const weight = minor - low;
      const a = xMajor ? heights[low * size + column] : heights[row * size + low];
      const b = weight > 0 ? (xMajor ? heights[(low + 1) * size + column] : heights[row * size + low + 1]) : a;
      const crossing = Number.isNaN(a) ? b : Number.isNaN(b) ? a : a + (b - a) * weight;
      if (!Number.isNaN(crossing)) {
        const distance = i * cellsPerStep * cell;
        const slope = (crossing - dropFromEye(distance) - eye) / distance;
        if (slope > horizon) horizon = slope;
      }
    }
  };
  for (let k = 0; k < size; k++) {
    castRay(k, 0);
    castRay(k, size - 1);
    if (k > 0 && k < size - 1) {
      castRay(0, k);
      castRay(size - 1, k);
    }
  }
  state[half * size + half] = VISIBLE;
  return summarise(raster, mask, state, eye);
}

/**
 * The reference view shed: a separate line-of-sight march from the observer to every in-sector cell, one step per
 * cell length, sampling the surface bilinearly. O(n³); the benchmark's baseline and the tests' check on the sweep.
 */
export function viewshedByRayMarch(raster: SurfaceRaster, request: ViewshedRequest): Viewshed {
  const eye = eyeOf(raster, request);
  const mask = sectorMask(raster, eye, request);
  const { size, cellSizeMetres: cell, heights } = raster;
  const half = (size - 1) / 2;
  const state = new Uint8Array(size * size);
  const bilinear = (x: number, y: number): number => {
    const x0 = Math.min(Math.floor(x), size - 2);
    const y0 = Math.min(Math.floor(y), size - 2);
    const fx = x - x0;
    const fy = y - y0;
    const i = y0 * size + x0;
    return (heights[i] * (1 - fx) + heights[i + 1] * fx) * (1 - fy) + (heights[i + size] * (1 - fx) + heights[i + size + 1] * fx) * fy;
  };
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const index = row * size + column;
      if (!mask[index]) continue;
      const cellsAway = Math.sqrt((column - half) * (column - half) + (row - half) * (row - half));
      if (cellsAway === 0) {
        state[index] = VISIBLE;
        continue;
      }
      const targetDistance = cellsAway * cell;
      const targetSlope = (heights[index] - dropFromEye(targetDistance) - eye) / targetDistance;
      const steps = Math.ceil(cellsAway);
      let visible = true;
      for (let i = 1; i < steps; i++) {
        const fraction = i / steps;
        const height = bilinear(half + (column - half) * fraction, half + (row - half) * fraction);
        if (Number.isNaN(height)) continue;
        const distance = targetDistance * fraction;
        if ((height - dropFromEye(distance) - eye) / distance > targetSlope) {
          visible = false;
          break;
        }
      }
      state[index] = visible ? VISIBLE : HIDDEN;
    }
  }
  return summarise(raster, mask, state, eye);
}

function summarise(raster: SurfaceRaster, mask: Uint8Array, state: Uint8Array, eye: number): Viewshed {
  const codes = new Uint8Array(mask.length);
  let visible = 0;
  let hidden = 0;
  const buildingSeen = new Map<number, boolean>();
  for (let index = 0; index < mask.length; index++) {
    const value = mask[index] ? state[index] : OUTSIDE;
    codes[index] = CODES[value];
    if (value === OUTSIDE) continue;
    if (value === VISIBLE) visible++;
    else hidden++;
    const building = raster.buildingIndex[index];
    if (building >= 0) buildingSeen.set(building, (buildingSeen.get(building) ?? false) || value === VISIBLE);
  }
  const buildings = [...buildingSeen].map(([index, seen]) => ({ id: raster.buildings[index].record.id, visible: seen }));
  buildings.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { eyeMetres: eye, cells: new TextDecoder('latin1').decode(codes), visibleShare: visible + hidden > 0 ? visible / (visible + hidden) : 0, buildings };
}
