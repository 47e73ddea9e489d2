/**
 * What the viewer decides from the panorama index (core/contracts/panoramas.ts) alone: the panorama near a place
 * on the map, the covered streets a keyboard user picks from, and the image of a street-view boost level (SPEC §4).
 * Pure: no DOM, no map.
 */
import { geodesicDistance, geodesicInverse, type LonLat } from '../../core/contracts/geodesy';
import { normaliseDegrees } from '../../core/contracts/equirectangular';
import { PANORAMA_NEAR_METRES, type PanoramaIndex, type PanoramaSummary } from '../../core/contracts/panoramas';
import type { Language } from '../../core/plugin/types';

/** The panorama nearest `place` along the ground, when one lies within `withinMetres` (default PANORAMA_NEAR_METRES). */
export function nearestPanorama(
  panoramas: readonly PanoramaSummary[],
  place: LonLat,
  withinMetres = PANORAMA_NEAR_METRES,
): { panorama: PanoramaSummary; distanceMetres: number } | null {
  let best: { panorama: PanoramaSummary; distanceMetres: number } | null = null;
  for (const panorama of panoramas) {
    // A cheap box test first: a degree of latitude is ~111 km, so anything beyond it by 0.01° is ~1 km away.
    if (Math.abs(panorama.latitude - place.latitude) > 0.01 || Math.abs(panorama.longitude - place.longitude) > 0.01) continue;
    const distanceMetres = geodesicDistance(place, panorama);
    if (distanceMetres <= withinMetres && (!best || distanceMetres < best.distanceMetres)) best = { panorama, distanceMetres };
  }
  return best;
}

/** A street with panoramas along it, as the panel lists it. */
export interface CoveredStreet {
  /** `<set id>/<street id>`. */
  key: string;
  /** In the page language. */
  name: string;
  /** The set's name, in the page language. */
  setName: string;
  /** The first panorama along the street (lowest `street.order`). */
  first: PanoramaSummary;
  count: number;
}

/** The covered streets of every set, by set then street name; panoramas without a street are not listed. */
export function coveredStreets(index: PanoramaIndex, language: Language): CoveredStreet[] {
  const setNames = new Map(index.sets.map((set) => [set.id, set.name[language]]));
  const streets = new Map<string, CoveredStreet>();
  for (const panorama of index.panoramas) {
    if (!panorama.street) continue;
    const key = `${panorama.setId}/${panorama.street.id}`;
    const known = streets.get(key);
    if (!known) {
      streets.set(key, {
        key,
        name: panorama.street.name[language],
        setName: setNames.get(panorama.setId) ?? panorama.setId,
        first: panorama,
        count: 1,
      });
      continue;
    }
    known.count += 1;
    if (panorama.street.order < (known.first.street?.order ?? Number.POSITIVE_INFINITY)) known.first = panorama;
  }
  return [...streets.values()].sort((a, b) => a.setName.localeCompare(b.setName) || a.name.localeCompare(b.name));
}

/**
 * The image shown at boost level `level` (0 = the smallest image; SPEC §4 street view boost levels are the
 * panorama's quality steps, `images` smallest first): the level's image, or the largest there is when the
 * panorama has fewer steps.
 */
export function imageForLevel(panorama: PanoramaSummary, level: number): PanoramaSummary['images'][number] {
  const images = [...panorama.images].sort((a, b) => a.width - b.width);
  return images[Math.max(0, Math.min(images.length - 1, Math.floor(level)))];
}

/** How many boost levels the panoramas offer: the most quality steps any one of them has (at least 1). */
export function boostLevelCount(panoramas: readonly PanoramaSummary[]): number {
  return panoramas.reduce((most, panorama) => Math.max(most, panorama.images.length), 1);
}

/** A neighbour along the street, with the compass direction it lies in from the panorama. */
export interface StreetNeighbour {
  step: 'next' | 'previous';
  panorama: PanoramaSummary;
  /** Degrees clockwise from north, from the panorama to the neighbour. */
  azimuthDegrees: number;
}

/** The open panorama's neighbours along its street that the index holds (none at an end or without a street). */
export function streetNeighbours(panoramas: readonly PanoramaSummary[], panorama: PanoramaSummary): StreetNeighbour[] {
  const neighbours: StreetNeighbour[] = [];
  for (const [step, id] of [['next', panorama.nextId], ['previous', panorama.previousId]] as const) {
    const neighbour = id ? panoramas.find((candidate) => candidate.id === id) : undefined;
    if (!neighbour) continue;
    neighbours.push({ step, panorama: neighbour, azimuthDegrees: normaliseDegrees(geodesicInverse(panorama, neighbour).initialAzimuthDegrees) });
  }
  return neighbours;
}

/**
 * The neighbour a click toward `azimuthDegrees` below the horizon steps to: the one within `toleranceDegrees` of
 * that direction, nearest to it; null when none lies that way.
 */
export function neighbourToward(neighbours: readonly StreetNeighbour[], azimuthDegrees: number, toleranceDegrees = 45): StreetNeighbour | null {
  let best: { neighbour: StreetNeighbour; off: number } | null = null;
  for (const neighbour of neighbours) {
    const off = Math.abs(((neighbour.azimuthDegrees - azimuthDegrees + 540) % 360) - 180);
    if (off <= toleranceDegrees && (!best || off < best.off)) best = { neighbour, off };
  }
  return best?.neighbour ?? null;
}
