/**
 * Line of sight on the surface model: the straight sight line between two eyes is marched in short steps and the
 * first surface point that rises above it (after the earth's curvature and refraction, ./curvature.ts) is the
 * obstruction. Pure.
 *
 * The march interpolates longitude and latitude linearly between the two points: over the 20 km the API allows
 * this strays from the geodesic by well under a metre, far below the DTM's 31 m cell; distances are geodesic.
 */
import type { LineOfSightResponse } from '../../core/contracts/analysis';
import { geodesicDistance, type LonLat } from '../../core/contracts/geodesy';
import { dropBelowChord } from './curvature';
import { buildingNameOf } from './names';
import type { SurfaceModel } from './surface';

/** The march takes at most this many steps, and steps of at least {@link MIN_STEP_METRES}. */
const MAX_STEPS = 5000;
const MIN_STEP_METRES = 1;

/** Thrown when the surface has no height under one of the two points (outside the DEM). */
export class NoSurfaceError extends Error {
  constructor(readonly parameter: string) {
    super(`No terrain data at ${parameter} (it lies outside the DTM)`);
  }
}

export interface SightRequest {
  from: LonLat;
  fromHeight: number;
  to: LonLat;
  toHeight: number;
}

export type LineOfSight = Omit<LineOfSightResponse, 'attribution'>;

export function lineOfSight(surface: SurfaceModel, request: SightRequest): LineOfSight {
  const { from, to } = request;
  const start = surface.at(from.longitude, from.latitude).surfaceMetres;
  if (start === null) throw new NoSurfaceError('from');
  const end = surface.at(to.longitude, to.latitude).surfaceMetres;
  if (end === null) throw new NoSurfaceError('to');
  const eye = start + request.fromHeight;
  const target = end + request.toHeight;
  const lengthMetres = geodesicDistance(from, to);
  const steps = Math.max(1, Math.min(MAX_STEPS, Math.ceil(lengthMetres / MIN_STEP_METRES)));
  const stepMetres = lengthMetres > 0 ? lengthMetres / steps : MIN_STEP_METRES;
  const base = {
    lengthMetres,
    from: { longitude: from.longitude, latitude: from.latitude, heightMetres: eye },
    to: { longitude: to.longitude, latitude: to.latitude, heightMetres: target },
    stepMetres,
  };
  for (let i = 1; i < steps; i++) {
    const fraction = i / steps;
    const longitude = from.longitude + (to.longitude - from.longitude) * fraction;
    const latitude = from.latitude + (to.latitude - from.latitude) * fraction;
    const point = surface.at(longitude, latitude);
    if (point.surfaceMetres === null) continue;
    const distanceMetres = lengthMetres * fraction;
    const sight = eye + (target - eye) * fraction;
    if (point.surfaceMetres + dropBelowChord(distanceMetres, lengthMetres) <= sight) continue;
    const building = point.building;
    return {
      ...base,
      visible: false,
      obstruction: building
        ? { distanceMetres, longitude, latitude, heightMetres: point.surfaceMetres, kind: 'building', buildingId: building.record.id, buildingName: buildingNameOf(building.record) }
        : { distanceMetres, longitude, latitude, heightMetres: point.surfaceMetres, kind: 'terrain' },
    };
  }
  return { ...base, visible: true, obstruction: null };
}
