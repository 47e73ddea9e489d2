import { describe, expect, it } from 'vitest';
import {
  type Ellipsoid,
  geodesicDirect,
  geodesicInverse,
  GeodesicNotConvergedError,
  heightFigures,
  polygonFigures,
  polylineLengths,
  slopeFigures,
  triangleFigures,
  WGS84,
} from './geodesy';

const BESSEL: Ellipsoid = { semiMajorAxisMeters: 6_377_397.155, flattening: 1 / 299.1528128 };
const INTERNATIONAL: Ellipsoid = { semiMajorAxisMeters: 6_378_388, flattening: 1 / 297 };

/** Degrees of a degrees–minutes–seconds angle with its sign. */
const dms = (degrees: number, minutes: number, seconds: number, sign = 1) => sign * (degrees + minutes / 60 + seconds / 3600);

/** One arc-second is 1/3600 degree; Vincenty published azimuths to 1e-5″. */
const ARC_SECOND = 1 / 3600;

describe('geodesic inverse and direct (Vincenty 1975)', () => {
  /**
   * Vincenty's own test lines (Survey Review XXIII 176, 1975, table II): lines (a) on Bessel 1841, (b)–(e) on the
   * International ellipsoid; distances published to the millimetre, azimuths to 1e-5″.
   */
  const vincentyLines: Array<[string, Ellipsoid, number, number, number, number, number, number]> = [
    ['(a)', BESSEL, dms(55, 45, 0), dms(33, 26, 0, -1), dms(108, 13, 0), 14_110_526.17, dms(96, 36, 8.7996), dms(137, 52, 22.01454)],
    ['(b)', INTERNATIONAL, dms(37, 19, 54.95367), dms(26, 7, 42.83946), dms(41, 28, 35.50729), 4_085_966.703, dms(95, 27, 59.63089), dms(118, 5, 58.96161)],
    ['(c)', INTERNATIONAL, dms(35, 16, 11.24862), dms(67, 22, 14.77638), dms(137, 47, 28.31435), 8_084_823.839, dms(15, 44, 23.7485), dms(144, 55, 39.92147)],
    ['(d)', INTERNATIONAL, dms(1, 0, 0), dms(0, 59, 53.83076, -1), dms(179, 17, 48.02997), 19_960_000, dms(89, 0, 0), dms(91, 0, 6.11733)],
    ['(e)', INTERNATIONAL, dms(1, 0, 0), dms(1, 1, 15.18952), dms(179, 46, 17.84244), 19_780_006.558, dms(4, 59, 59.99995), dms(174, 59, 59.88481)],
  ];

  it.each(vincentyLines)('line %s: distance to the centimetre and both azimuths as published', (_line, ellipsoid, lat1, lat2, L, s, alpha1, alpha2) => {
    const inverse = geodesicInverse({ longitude: 0, latitude: lat1 }, { longitude: L, latitude: lat2 }, ellipsoid);
    expect(Math.abs(inverse.distanceMeters - s)).toBeLessThan(0.01);
    // Azimuths within 0.002″ (6 cm sideways at 6,000 km): line (d), 0.7° from the antipode, differs by 0.001″.
    expect(Math.abs(inverse.initialAzimuthDegrees - alpha1)).toBeLessThan(0.002 * ARC_SECOND);
    // Vincenty's α2 is the azimuth at the second point in the direction of travel.
    expect(Math.abs(inverse.finalAzimuthDegrees - alpha2)).toBeLessThan(0.002 * ARC_SECOND);
  });

  it.each(vincentyLines)('line %s: the direct problem lands on the published end point within a centimetre', (_line, ellipsoid, lat1, lat2, L, s, alpha1) => {
    const end = geodesicDirect({ longitude: 0, latitude: lat1 }, alpha1, s, ellipsoid);
    // 1e-7° is about 1 cm of latitude (and less of longitude away from the equator).
    expect(Math.abs(end.latitude - lat2)).toBeLessThan(1e-7);
    expect(Math.abs(end.longitude - L)).toBeLessThan(1e-7);
  });

  /**
   * WGS84 lines of Karney's GeodTest (GeographicLib tests/geodtest.cpp, computed with his exact method): lat1, lon1,
   * azi1, lat2, lon2, azi2, s12.
   */
  const karneyLines: Array<[number, number, number, number, number, number, number]> = [
    [35.60777, -139.44815, 111.098748429560326, -11.17491, -69.95921, 129.289270889708762, 8_935_244.5604818305],
    [55.52454, 106.05087, 22.020059880982801, 77.03196, 197.18234, 109.112041110671519, 4_105_086.1713924406],
    [-21.97856, 142.59065, -32.44456876433189, 41.84138, 98.56635, -41.84359951440466, 8_394_328.894657671],
  ];

  it.each(karneyLines)('WGS84 line from (%f, %f): distance to the centimetre and azimuths to 1e-6°', (lat1, lon1, azi1, lat2, lon2, azi2, s12) => {
    const inverse = geodesicInverse({ longitude: lon1, latitude: lat1 }, { longitude: lon2, latitude: lat2 }, WGS84);
    expect(Math.abs(inverse.distanceMeters - s12)).toBeLessThan(0.01);
    expect(Math.abs(inverse.initialAzimuthDegrees - azi1)).toBeLessThan(1e-6);
    expect(Math.abs(inverse.finalAzimuthDegrees - azi2)).toBeLessThan(1e-6);
    const end = geodesicDirect({ longitude: lon1, latitude: lat1 }, azi1, s12, WGS84);
    expect(Math.abs(end.latitude - lat2)).toBeLessThan(1e-7);
    expect(Math.abs(((end.longitude - lon2 + 540) % 360) - 180)).toBeLessThan(1e-7);
  });

  it('gives zero for one place twice and refuses places that are not numbers or off the globe', () => {
    expect(geodesicInverse({ longitude: 114.17, latitude: 22.3 }, { longitude: 114.17, latitude: 22.3 }).distanceMeters).toBe(0);
    expect(() => geodesicInverse({ longitude: Number.NaN, latitude: 22 }, { longitude: 114, latitude: 22 })).toThrow(/first point: longitude and latitude must be finite/);
    expect(() => geodesicInverse({ longitude: 114, latitude: 22 }, { longitude: 114, latitude: 95 })).toThrow(/second point: latitude 95 is outside/);
  });

  it('says when two places are too nearly antipodal to compute, instead of answering a wrong figure', () => {
    expect(() => geodesicInverse({ longitude: 0, latitude: 0 }, { longitude: 179.8, latitude: 0.1 })).toThrow(GeodesicNotConvergedError);
  });
});

describe('polyline lengths', () => {
  it('gives every segment and their sum', () => {
    const points = [
      { longitude: 114.1586, latitude: 22.2866 },
      { longitude: 114.1687, latitude: 22.2937 },
      { longitude: 114.1745, latitude: 22.2966 },
    ];
    const lengths = polylineLengths(points);
    expect(lengths.segmentsMeters).toHaveLength(2);
    expect(lengths.segmentsMeters[0]).toBeCloseTo(geodesicInverse(points[0], points[1]).distanceMeters, 9);
    expect(lengths.totalMeters).toBeCloseTo(lengths.segmentsMeters[0] + lengths.segmentsMeters[1], 9);
    expect(polylineLengths([points[0]])).toEqual({ segmentsMeters: [], totalMeters: 0 });
  });
});

/**
 * Exact area of the ellipsoidal quadrangle between two parallels and two meridians, by Simpson's rule over
 * dA = M(φ)·N(φ)·cos φ dφ dλ (meridian and prime-vertical radii of curvature) — independent of the projection the
 * module uses.
 */
function quadrangleArea(south: number, north: number, west: number, east: number, ellipsoid: Ellipsoid = WGS84): number {
  const a = ellipsoid.semiMajorAxisMeters;
  const e2 = ellipsoid.flattening * (2 - ellipsoid.flattening);
  const integrand = (phi: number) => {
    const w = 1 - e2 * Math.sin(phi) ** 2;
    return ((a * (1 - e2)) / w ** 1.5) * (a / Math.sqrt(w)) * Math.cos(phi);
  };
  const intervals = 2000;
  const from = (south * Math.PI) / 180;
  const step = (((north - south) * Math.PI) / 180) / intervals;
  let sum = integrand(from) + integrand(from + intervals * step);
  for (let index = 1; index < intervals; index += 1) sum += (index % 2 === 1 ? 4 : 2) * integrand(from + index * step);
  return ((sum * step) / 3) * (((east - west) * Math.PI) / 180);
}

/** The quadrangle's ring, its parallels given as vertices every `spacingDegrees` (so its edges follow them). */
function quadrangleRing(south: number, north: number, west: number, east: number, spacingDegrees: number) {
  const ring: Array<{ longitude: number; latitude: number }> = [];
  const steps = Math.ceil((east - west) / spacingDegrees);
  for (let index = 0; index <= steps; index += 1) ring.push({ longitude: west + ((east - west) * index) / steps, latitude: south });
  for (let index = 0; index <= steps; index += 1) ring.push({ longitude: east - ((east - west) * index) / steps, latitude: north });
  return ring;
}

describe('polygon area and perimeter on the ellipsoid', () => {
  it('gives a Hong Kong-sized quadrangle (about 40 km × 30 km) to within 0.1 m² of its exact ellipsoidal area', () => {
    // Parallels given every 1e-4° (about 10 m): the geodesics between those vertices leave the parallel by under
    // a micrometre, so the ring's area is the quadrangle's.
    const [south, north, west, east] = [22.2, 22.47, 113.95, 114.34];
    const figures = polygonFigures(quadrangleRing(south, north, west, east, 1e-4));
    const exact = quadrangleArea(south, north, west, east);
    expect(exact).toBeGreaterThan(1.1e9);
    expect(Math.abs(figures.areaSquareMeters - exact)).toBeLessThan(0.1);
    expect(figures.selfIntersecting).toBe(false);
  });

  it('gives a 1 km square block to the square centimetre and its perimeter as the sum of its geodesic sides', () => {
    const [south, north, west, east] = [22.28, 22.289, 114.16, 114.1697];
    const figures = polygonFigures(quadrangleRing(south, north, west, east, 1e-5));
    expect(Math.abs(figures.areaSquareMeters - quadrangleArea(south, north, west, east))).toBeLessThan(1e-4);
    const corners = [
      { longitude: west, latitude: south },
      { longitude: east, latitude: south },
      { longitude: east, latitude: north },
      { longitude: west, latitude: north },
    ];
    const sides = polylineLengths([...corners, corners[0]]).totalMeters;
    // Four corners only: the east–west sides are now geodesics, not parallels; the perimeter is their sum exactly.
    expect(polygonFigures(corners).perimeterMeters).toBeCloseTo(sides, 6);
  });

  it('answers the same whichever way round and wherever the ring starts, and ignores a repeated closing point', () => {
    const ring = [
      { longitude: 114.15, latitude: 22.28 },
      { longitude: 114.19, latitude: 22.285 },
      { longitude: 114.18, latitude: 22.31 },
      { longitude: 114.155, latitude: 22.3 },
    ];
    const area = polygonFigures(ring).areaSquareMeters;
    expect(polygonFigures([...ring].reverse()).areaSquareMeters).toBeCloseTo(area, 3);
    expect(polygonFigures([...ring.slice(2), ...ring.slice(0, 2)]).areaSquareMeters).toBeCloseTo(area, 3);
    expect(polygonFigures([...ring, ring[0]]).areaSquareMeters).toBeCloseTo(area, 6);
  });

  it('flags a ring whose edges cross and refuses fewer than three points', () => {
    const bowTie = [
      { longitude: 114.15, latitude: 22.28 },
      { longitude: 114.19, latitude: 22.31 },
      { longitude: 114.19, latitude: 22.28 },
      { longitude: 114.15, latitude: 22.31 },
    ];
    expect(polygonFigures(bowTie).selfIntersecting).toBe(true);
    expect(() => polygonFigures(bowTie.slice(0, 2))).toThrow(/at least three points \(got 2\)/);
  });
});

describe('slope, height and triangle of two points', () => {
  const foot = { longitude: 114.17, latitude: 22.3, heightMeters: 10 };
  // About 300 m due north of the foot, 100 m higher.
  const top = { ...geodesicDirect(foot, 0, 300), heightMeters: 110 };

  it('gives the slope as an angle and a gradient from the horizontal geodesic run', () => {
    const slope = slopeFigures(foot, top);
    expect(slope.horizontalMeters).toBeCloseTo(300, 6);
    expect(slope.verticalMeters).toBe(100);
    expect(slope.angleDegrees).toBeCloseTo((Math.atan(100 / 300) * 180) / Math.PI, 9);
    expect(slope.gradientPercent).toBeCloseTo(33.333333333, 6);
    expect(slopeFigures(top, foot).angleDegrees).toBeCloseTo(-slope.angleDegrees, 9);
    // One point above the other: straight up, no gradient to give.
    const above = slopeFigures(foot, { ...foot, heightMeters: 50 });
    expect(above.angleDegrees).toBe(90);
    expect(above.gradientPercent).toBeNull();
  });

  it('gives both heights and the difference, and the three sides of the right triangle', () => {
    expect(heightFigures(foot, top)).toEqual({ fromHeightMeters: 10, toHeightMeters: 110, differenceMeters: 100 });
    const triangle = triangleFigures(top, foot);
    expect(triangle.horizontalMeters).toBeCloseTo(300, 6);
    expect(triangle.verticalMeters).toBe(100);
    expect(triangle.slantMeters).toBeCloseTo(Math.sqrt(300 ** 2 + 100 ** 2), 6);
    expect(() => heightFigures(foot, { ...top, heightMeters: Number.POSITIVE_INFINITY })).toThrow(/second point: the height must be a finite number/);
  });
});
