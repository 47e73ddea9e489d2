/**
 * A height profile along a polyline on the surface model: ground and roof every `spacing` metres, each vertex and
 * the end included, and the buildings crossed as spans. Pure.
 *
 * Distances are geodesic per segment; sample positions are interpolated linearly in longitude and latitude within
 * a segment (over the 20 km allowed this strays from the geodesic by well under a metre).
 */
import type { ProfileBuilding, ProfileResponse, ProfileSample } from '../../core/contracts/analysis';
import { geodesicDistance, type LonLat } from '../../core/contracts/geodesy';
import { buildingNameOf } from './names';
import type { SurfaceModel } from './surface';

export type Profile = Omit<ProfileResponse, 'attribution'>;

export function profileAlong(surface: SurfaceModel, line: readonly LonLat[], spacingMetres: number): Profile {
  const samples: ProfileSample[] = [];
  const sample = (longitude: number, latitude: number, distanceMetres: number) => {
    const point = surface.at(longitude, latitude);
    const building = point.building;
    samples.push({
      distanceMetres,
      longitude,
      latitude,
      groundMetres: point.groundMetres,
      roofMetres: building?.roofMetres ?? null,
      buildingId: building?.record.id ?? null,
      buildingName: building ? buildingNameOf(building.record) : null,
    });
  };
  let travelled = 0;
  sample(line[0].longitude, line[0].latitude, 0);
  for (let segment = 1; segment < line.length; segment++) {
    const a = line[segment - 1];
    const b = line[segment];
    const length = geodesicDistance(a, b);
    // Samples continue the spacing from the line's start, so a bend does not reset it; the vertex is sampled too.
    let next = (Math.floor(travelled / spacingMetres + 1e-9) + 1) * spacingMetres;
    while (next < travelled + length - 1e-6) {
      const fraction = (next - travelled) / length;
      sample(a.longitude + (b.longitude - a.longitude) * fraction, a.latitude + (b.latitude - a.latitude) * fraction, next);
      next += spacingMetres;
    }
    travelled += length;
    if (length > 0) sample(b.longitude, b.latitude, travelled);
  }
  return { lengthMetres: travelled, spacingMetres, samples, buildings: buildingSpans(samples) };
}

/** Runs of consecutive samples on one building, in order along the line. */
function buildingSpans(samples: readonly ProfileSample[]): ProfileBuilding[] {
  const spans: ProfileBuilding[] = [];
  let open: ProfileBuilding | null = null;
  for (const sample of samples) {
    if (open && sample.buildingId === open.id) {
      open.toMetres = sample.distanceMetres;
      continue;
    }
    open = null;
    if (sample.buildingId !== null && sample.roofMetres !== null) {
      open = { id: sample.buildingId, name: sample.buildingName, fromMetres: sample.distanceMetres, toMetres: sample.distanceMetres, roofMetres: sample.roofMetres };
      spans.push(open);
    }
  }
  return spans;
}
