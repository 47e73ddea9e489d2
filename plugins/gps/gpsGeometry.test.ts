import { describe, expect, it } from 'vitest';
import { accuracyRing, followedView, metresPerDegree, needsBoundaryCheck } from './gpsGeometry';

/** Haversine on the WGS84 mean radius: an independent check of the ring's radius (within 0.5 % at these sizes). */
function haversineMeters(a: readonly [number, number], b: readonly [number, number]): number {
  const r = 6_371_008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(h));
}

describe('GPS geometry', () => {
  it('metres per degree in Hong Kong match the textbook WGS84 series', () => {
    const phi = (22.3 * Math.PI) / 180;
    const latitudeSeries = 111_132.92 - 559.82 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi) - 0.0023 * Math.cos(6 * phi);
    const longitudeSeries = 111_412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi) + 0.118 * Math.cos(5 * phi);
    const scale = metresPerDegree(22.3);
    expect(Math.abs(scale.latitude - latitudeSeries)).toBeLessThan(1);
    expect(Math.abs(scale.longitude - longitudeSeries)).toBeLessThan(1);
  });

  it('the accuracy ring lies at its radius all round', () => {
    const centre = [114.1694, 22.3193] as const;
    const ring = accuracyRing(centre[0], centre[1], 250, 32);
    expect(ring).toHaveLength(32);
    for (const position of ring) expect(haversineMeters(centre, position)).toBeGreaterThan(248.5);
    for (const position of ring) expect(haversineMeters(centre, position)).toBeLessThan(251.5);
    // A zero radius is drawn as one metre, never a degenerate ring.
    expect(haversineMeters(centre, accuracyRing(centre[0], centre[1], 0)[0])).toBeCloseTo(1, 1);
  });

  it('tracking moves the camera by the position’s move and keeps height, heading and pitch', () => {
    const view = followedView({ longitude: 114.16, latitude: 22.27, heightMeters: 900, headingDegrees: 30, pitchDegrees: -40, rollDegrees: 2 }, { longitude: 114.17, latitude: 22.28 }, { longitude: 114.172, latitude: 22.279 });
    expect(view.longitude).toBeCloseTo(114.162, 9);
    expect(view.latitude).toBeCloseTo(22.269, 9);
    expect(view).toMatchObject({ heightMeters: 900, headingDegrees: 30, pitchDegrees: -40, rollDegrees: 2 });
  });

  it('the Hong Kong check runs for the first position and after a move of about 200 m', () => {
    expect(needsBoundaryCheck(null, { longitude: 114, latitude: 22 })).toBe(true);
    expect(needsBoundaryCheck({ longitude: 114, latitude: 22 }, { longitude: 114.001, latitude: 22.001 })).toBe(false);
    expect(needsBoundaryCheck({ longitude: 114, latitude: 22 }, { longitude: 114.0025, latitude: 22 })).toBe(true);
  });
});
