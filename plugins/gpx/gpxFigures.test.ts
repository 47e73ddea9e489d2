// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { climb, cumulativeDistances, gpxBounds, gpxFigures, hasFileElevations, profileSamples, PROFILE_MAX_SAMPLES } from './gpxFigures';
import { parseGpx, type GpxDocument } from './gpxParser';

const wilsonText = readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/gpx/Wilson-Trail-Hong-Kong-track.gpx'), 'utf8');
const parsed = parseGpx(wilsonText);
if (!parsed.ok) throw new Error('fixture did not parse');
const wilson = parsed.gpx;

/** Haversine on the mean Earth radius: an independent length, within 0.5 % of the ellipsoid's geodesic. */
function haversineMeters(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

const line = (points: Array<[number, number, number | null]>, kind: 'track' | 'route' = 'track') => ({
  kind,
  name: null,
  points: points.map(([longitude, latitude, elevationMeters]) => ({ longitude, latitude, elevationMeters })),
});

describe('GPX figures', () => {
  it('ascent and descent sum the rises and falls within each line, skipping unknown elevations', () => {
    expect(climb([[10, 15, 12, null, 20, 20, 5]])).toEqual({ ascentMeters: 13, descentMeters: 18 });
    // The jump between two lines is not climbed.
    expect(climb([[0, 10], [100, 90]])).toEqual({ ascentMeters: 10, descentMeters: 10 });
    expect(climb([])).toEqual({ ascentMeters: 0, descentMeters: 0 });
  });

  it('the real trail: length along the geodesic, ascent and descent from the file’s elevations', () => {
    const distances = cumulativeDistances(wilson);
    const figures = gpxFigures(wilson, distances, profileSamples(wilson, distances));
    const points = wilson.lines[0].points;
    const haversine = points.slice(1).reduce((sum, point, index) => sum + haversineMeters(points[index], point), 0);
    expect(Math.abs(figures.lengthMeters - haversine) / haversine).toBeLessThan(0.005);
    // Ascent/descent read from the text's <ele> values, independently of the parser.
    const elevations = [...wilsonText.matchAll(/<trkpt[^>]*>\s*<ele>([-\d.]+)<\/ele>/g)].map((match) => Number(match[1]));
    let ascent = 0;
    let descent = 0;
    for (let index = 1; index < elevations.length; index += 1) {
      const change = elevations[index] - elevations[index - 1];
      if (change > 0) ascent += change;
      else descent -= change;
    }
    expect(figures).toMatchObject({ elevationSource: 'file', ascentMeters: ascent, descentMeters: descent });
    // Climb minus fall is the height gained from start to end.
    expect(ascent - descent).toBe(elevations[elevations.length - 1] - elevations[0]);
    expect(figures.profile).toHaveLength(941);
    expect(figures.profile[0]).toEqual({ line: 0, distanceMeters: 0, elevationMeters: elevations[0] });
    expect(figures.profile[940].distanceMeters).toBeCloseTo(figures.lengthMeters, 6);
  });

  it('a long file is sampled to at most PROFILE_MAX_SAMPLES points, keeping each line’s ends', () => {
    const many: GpxDocument = { name: null, waypoints: [], lines: [wilson.lines[0], wilson.lines[0], wilson.lines[0]] };
    const distances = cumulativeDistances(many);
    const samples = profileSamples(many, distances);
    expect(samples.length).toBeLessThanOrEqual(PROFILE_MAX_SAMPLES + 3);
    expect(samples.length).toBeGreaterThan(PROFILE_MAX_SAMPLES - 3);
    for (const lineIndex of [0, 1, 2]) {
      const own = samples.filter((sample) => sample.line === lineIndex);
      expect(own[0].distanceMeters).toBe(distances[lineIndex][0]);
      expect(own[own.length - 1].distanceMeters).toBe(distances[lineIndex][940]);
    }
    // Distances keep growing from line to line (the three copies follow on).
    expect(distances[2][940]).toBeCloseTo(3 * distances[0][940], 6);
  });

  it('without elevations in the file the terrain’s heights make the profile, ascent and descent', () => {
    const gpx: GpxDocument = { name: null, waypoints: [], lines: [line([[114.1, 22.3, null], [114.101, 22.3, 5], [114.102, 22.3, null]])] };
    expect(hasFileElevations(gpx)).toBe(false);
    const distances = cumulativeDistances(gpx);
    const samples = profileSamples(gpx, distances);
    expect(gpxFigures(gpx, distances, samples)).toMatchObject({ elevationSource: null, ascentMeters: null, descentMeters: null, profile: [] });
    const figures = gpxFigures(gpx, distances, samples, [100, 130, null]);
    expect(figures).toMatchObject({ elevationSource: 'terrain', ascentMeters: 30, descentMeters: 0 });
    expect(figures.profile.map((point) => point.elevationMeters)).toEqual([100, 130]);
    expect(figures.lengthMeters).toBeCloseTo(haversineMeters({ longitude: 114.1, latitude: 22.3 }, { longitude: 114.102, latitude: 22.3 }), -0.5);
  });

  it('the box takes in the lines and the waypoints', () => {
    const gpx: GpxDocument = {
      name: null,
      lines: [line([[114.1, 22.3, null], [114.2, 22.25, null]], 'route')],
      waypoints: [{ name: 'far', longitude: 113.9, latitude: 22.5, elevationMeters: null }],
    };
    expect(gpxBounds(gpx)).toEqual({ west: 113.9, south: 22.25, east: 114.2, north: 22.5 });
  });
});
