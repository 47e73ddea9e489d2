/**
 * The shapes the place search can highlight (GET /mapviewer/api/search/places/geometry): a district's outline
 * (the outer ring of each of its parts, data/districts) and a long trail's line (data/trails; a section of a trail
 * answers with the whole trail, which it belongs to). Lines are thinned to points at least
 * {@link LINE_SPACING_METRES} apart, enough for a highlight and a fraction of the file's 24,000 points.
 */
import type { PlaceGeometry } from '../../core/contracts';
import type { DistrictIndex } from './districts';
import { readDataJson } from './files';
import { splitBilingualName, TRAIL_FILES } from './trailPlaces';

/** Smallest distance between kept points of a trail line, metres. */
export const LINE_SPACING_METRES = 15;

type LonLat = [number, number];

interface TrailLineFile {
  features: Array<{ geometry: { type: string; coordinates: unknown }; properties: { name: string } }>;
}

/** The trail keys of trailPlaces.ts by the start of their English name. */
const TRAIL_KEYS: ReadonlyArray<[string, string]> = [
  ['MacLehose Trail', 'maclehose'],
  ['Hong Kong Trail', 'hong-kong'],
  ['Lantau Trail', 'lantau'],
  ['Wilson Trail', 'wilson'],
];

function metresBetween(a: LonLat, b: LonLat): number {
  const radians = Math.PI / 180;
  const x = (b[0] - a[0]) * radians * Math.cos(((a[1] + b[1]) / 2) * radians);
  const y = (b[1] - a[1]) * radians;
  return Math.hypot(x, y) * 6_371_000;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Keeps the first and last point and every point at least `spacing` metres from the last kept one. */
export function thinLine(points: ReadonlyArray<readonly number[]>, spacing = LINE_SPACING_METRES): LonLat[] {
  const kept: LonLat[] = [];
  points.forEach((point, index) => {
    const here: LonLat = [round(point[0]), round(point[1])];
    const last = kept[kept.length - 1];
    if (!last || index === points.length - 1 || metresBetween(last, here) >= spacing) kept.push(here);
  });
  return kept;
}

export interface PlaceGeometryIndex {
  /** The shape of the place with this id, or null when it has none (or no such place). */
  geometryOf(id: string): PlaceGeometry | null;
}

export function loadPlaceGeometry(dataDir: string, districts: DistrictIndex): PlaceGeometryIndex {
  const trailLines = new Map<string, LonLat[][]>();
  for (const feature of readDataJson<TrailLineFile>(dataDir, TRAIL_FILES.trails).features) {
    if (feature.geometry.type !== 'LineString') continue;
    const english = splitBilingualName(feature.properties.name)?.en ?? '';
    const key = TRAIL_KEYS.find(([name]) => english.startsWith(name))?.[1];
    if (!key) continue;
    trailLines.set(key, [...(trailLines.get(key) ?? []), thinLine(feature.geometry.coordinates as number[][])]);
  }
  const districtOutlines = new Map(
    districts.districts.map((district) => [
      district.code,
      district.polygons.map((rings) => {
        const ring = rings[0].map((point): LonLat => [point[0], point[1]]);
        const [first, last] = [ring[0], ring[ring.length - 1]];
        return first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
      }),
    ]),
  );
  return {
    geometryOf(id) {
      const [kind, key] = id.split(':');
      if (kind === 'district') {
        const outlines = districtOutlines.get(key);
        return outlines ? { id, lines: [], outlines } : null;
      }
      if (kind === 'trail' || kind === 'trail-section') {
        const lines = trailLines.get(key);
        return lines ? { id, lines, outlines: [] } : null;
      }
      return null;
    },
  };
}
