/**
 * The product's one measurement geometry (DESIGN "one geodesic/HK80 measurement module"): geodesic distances and
 * azimuths on the WGS84 ellipsoid, polygon area and perimeter on the ellipsoid, and the slope / height / triangle
 * figures of two points. Pure functions, no DOM, no Cesium, isomorphic: the measurement plugin (and other plugins
 * through plugins/measurement/api.ts) and the server (trail lengths) use this one module.
 *
 * Geodesics: T. Vincenty, "Direct and inverse solutions of geodesics on the ellipsoid with application of nested
 * equations", Survey Review XXIII (176), April 1975, pp. 88–93 (the inverse and direct formulae, iterated to
 * 1e-12 rad). Accurate to about 0.5 mm on the ellipsoid. The inverse iteration does not converge for nearly
 * antipodal points (more than ~179.5° of longitude apart near the equator); {@link geodesicInverse} then throws
 * {@link GeodesicNotConvergedError} instead of answering a wrong figure. No measurement on a map of Hong Kong comes
 * near that.
 *
 * Area: the area of the polygon whose edges are geodesics, on the WGS84 ellipsoid. Each edge is divided along its
 * geodesic (Vincenty direct) into pieces of at most {@link AREA_DENSIFY_STEP_METERS}, the vertices are projected
 * with the Lambert cylindrical equal-area projection of the ellipsoid (J. P. Snyder, "Map Projections — A Working
 * Manual", USGS Professional Paper 1395, 1987, eqs. 3-12 and 10-15/10-16: x = a·Δλ, y = a·q(φ)/2), which keeps areas
 * exactly, and the plane polygon's area is taken (shoelace). What remains is the difference between each short
 * projected chord and the projected geodesic: under 0.1 m² for a 40 km × 30 km polygon at Hong Kong's latitude
 * (tested against the exact ellipsoidal area of a quadrangle, geometry.test.ts).
 * Why the ellipsoid and not the HK 1980 Grid: the grid is a conformal Transverse Mercator whose scale factor grows
 * with the distance from its central meridian (about 1 + 1.1e-5 at 30 km, so areas 22 ppm too large there), on
 * another ellipsoid (International 1924) and datum; the ellipsoid answer needs no such correction and also
 * holds for a polygon that reaches outside the grid's area.
 */

/** An ellipsoid of revolution. */
export interface Ellipsoid {
  /** Equatorial radius, metres. */
  semiMajorAxisMeters: number;
  /** Flattening (a − b) / a. */
  flattening: number;
}

/** WGS84 (NIMA TR8350.2): a = 6 378 137 m, 1/f = 298.257223563. */
export const WGS84: Ellipsoid = { semiMajorAxisMeters: 6_378_137, flattening: 1 / 298.257223563 };

/** A place: WGS84 longitude and latitude in degrees. */
export interface LonLat {
  longitude: number;
  latitude: number;
}

/** A place with a height in metres (the map's scene height: above HKPD, see the plugin's CONTEXT.md). */
export interface LonLatHeight extends LonLat {
  heightMeters: number;
}

/** The inverse geodesic problem's answer. */
export interface GeodesicInverse {
  /** Length of the geodesic, metres. */
  distanceMeters: number;
  /** Azimuth at the start, degrees clockwise from north, (−180, 180]; NaN for coincident points. */
  initialAzimuthDegrees: number;
  /** Azimuth at the end (direction of travel), degrees clockwise from north; NaN for coincident points. */
  finalAzimuthDegrees: number;
}

/** The direct geodesic problem's answer. */
export interface GeodesicDirect extends LonLat {
  /** Azimuth at the end point (direction of travel), degrees clockwise from north. */
  finalAzimuthDegrees: number;
}

/** Thrown when Vincenty's inverse iteration does not settle (nearly antipodal points). */
export class GeodesicNotConvergedError extends Error {
  constructor(from: LonLat, to: LonLat) {
    super(
      `the geodesic from (${from.longitude}, ${from.latitude}) to (${to.longitude}, ${to.latitude}) could not be computed: ` +
        'the points are nearly antipodal',
    );
    this.name = 'GeodesicNotConvergedError';
  }
}

/** Greatest piece of an edge, metres, when an area is computed (see the file comment). */
export const AREA_DENSIFY_STEP_METERS = 100;

const DEGREES = Math.PI / 180;
const CONVERGENCE_RADIANS = 1e-12;
const MAXIMUM_ITERATIONS = 200;

function checkPlace(place: LonLat, what: string): void {
  if (!Number.isFinite(place.longitude) || !Number.isFinite(place.latitude)) {
    throw new RangeError(`${what}: longitude and latitude must be finite numbers (got ${place.longitude}, ${place.latitude})`);
  }
  if (Math.abs(place.latitude) > 90) throw new RangeError(`${what}: latitude ${place.latitude} is outside −90…90 degrees`);
}

/** Vincenty's A and B series in u² (eqs. 3, 4). */
function seriesAB(uSquared: number): { A: number; B: number } {
  const A = 1 + (uSquared / 16384) * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)));
  const B = (uSquared / 1024) * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)));
  return { A, B };
}

/** Vincenty's Δσ (eq. 6). */
function deltaSigma(B: number, sinSigma: number, cosSigma: number, cos2SigmaM: number): number {
  const cos2SigmaMSquared = cos2SigmaM * cos2SigmaM;
  return (
    B *
    sinSigma *
    (cos2SigmaM +
      (B / 4) *
        (cosSigma * (-1 + 2 * cos2SigmaMSquared) -
          (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaMSquared)))
  );
}

/** Degrees in (−180, 180]. */
function wrapDegrees(degrees: number): number {
  const wrapped = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 ? 180 : wrapped;
}

/**
 * The inverse problem (Vincenty 1975, eqs. 13–20 with 3–6): length and azimuths of the geodesic between two places.
 * Throws `RangeError` for a place that is not a number or off the globe, {@link GeodesicNotConvergedError} for
 * nearly antipodal places.
 */
export function geodesicInverse(from: LonLat, to: LonLat, ellipsoid: Ellipsoid = WGS84): GeodesicInverse {
  checkPlace(from, 'first point');
  checkPlace(to, 'second point');
  const a = ellipsoid.semiMajorAxisMeters;
  const f = ellipsoid.flattening;
  const b = a * (1 - f);
  const L = wrapDegrees(to.longitude - from.longitude) * DEGREES;
  const U1 = Math.atan((1 - f) * Math.tan(from.latitude * DEGREES));
  const U2 = Math.atan((1 - f) * Math.tan(to.latitude * DEGREES));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);

  let lambda = L;
  let sinLambda = 0;
  let cosLambda = 1;
  let sinSigma = 0;
  let cosSigma = 1;
  let sigma = 0;
  let cosSquaredAlpha = 1;
  let cos2SigmaM = 0;
  let converged = false;
  for (let iteration = 0; iteration < MAXIMUM_ITERATIONS; iteration += 1) {
    sinLambda = Math.sin(lambda);
    cosLambda = Math.cos(lambda);
    const x = cosU2 * sinLambda;
    const y = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda;
    sinSigma = Math.sqrt(x * x + y * y);
    if (sinSigma === 0) return { distanceMeters: 0, initialAzimuthDegrees: Number.NaN, finalAzimuthDegrees: Number.NaN };
    cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    cosSquaredAlpha = 1 - sinAlpha * sinAlpha;
    // On the equator cos²α = 0 and the term vanishes (Vincenty's note to eq. 18).
    cos2SigmaM = cosSquaredAlpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cosSquaredAlpha;
    const C = (f / 16) * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha));
    const previous = lambda;
    lambda =
      L +
      (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda) > Math.PI) break;
    if (Math.abs(lambda - previous) < CONVERGENCE_RADIANS) {
      converged = true;
      break;
    }
  }
  if (!converged) throw new GeodesicNotConvergedError(from, to);

  const uSquared = (cosSquaredAlpha * (a * a - b * b)) / (b * b);
  const { A, B } = seriesAB(uSquared);
  const distanceMeters = b * A * (sigma - deltaSigma(B, sinSigma, cosSigma, cos2SigmaM));
  const initial = Math.atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
  const final = Math.atan2(cosU1 * sinLambda, -sinU1 * cosU2 + cosU1 * sinU2 * cosLambda);
  return { distanceMeters, initialAzimuthDegrees: initial / DEGREES, finalAzimuthDegrees: final / DEGREES };
}

/**
 * The direct problem (Vincenty 1975, eqs. 1–9): the place reached from `from` along the geodesic that starts at
 * `azimuthDegrees` (clockwise from north) after `distanceMeters`.
 */
export function geodesicDirect(from: LonLat, azimuthDegrees: number, distanceMeters: number, ellipsoid: Ellipsoid = WGS84): GeodesicDirect {
  checkPlace(from, 'start point');
  if (!Number.isFinite(azimuthDegrees) || !Number.isFinite(distanceMeters)) {
    throw new RangeError(`azimuth and distance must be finite numbers (got ${azimuthDegrees}, ${distanceMeters})`);
  }
  const a = ellipsoid.semiMajorAxisMeters;
  const f = ellipsoid.flattening;
  const b = a * (1 - f);
  const alpha1 = azimuthDegrees * DEGREES;
  const sinAlpha1 = Math.sin(alpha1);
  const cosAlpha1 = Math.cos(alpha1);
  const tanU1 = (1 - f) * Math.tan(from.latitude * DEGREES);
  const cosU1 = 1 / Math.sqrt(1 + tanU1 * tanU1);
  const sinU1 = tanU1 * cosU1;
  const sigma1 = Math.atan2(tanU1, cosAlpha1);
  const sinAlpha = cosU1 * sinAlpha1;
  const cosSquaredAlpha = 1 - sinAlpha * sinAlpha;
  const uSquared = (cosSquaredAlpha * (a * a - b * b)) / (b * b);
  const { A, B } = seriesAB(uSquared);

  let sigma = distanceMeters / (b * A);
  let sinSigma = 0;
  let cosSigma = 1;
  let cos2SigmaM = 0;
  for (let iteration = 0; iteration < MAXIMUM_ITERATIONS; iteration += 1) {
    cos2SigmaM = Math.cos(2 * sigma1 + sigma);
    sinSigma = Math.sin(sigma);
    cosSigma = Math.cos(sigma);
    const previous = sigma;
    sigma = distanceMeters / (b * A) + deltaSigma(B, sinSigma, cosSigma, cos2SigmaM);
    if (Math.abs(sigma - previous) < CONVERGENCE_RADIANS) break;
  }
  sinSigma = Math.sin(sigma);
  cosSigma = Math.cos(sigma);
  cos2SigmaM = Math.cos(2 * sigma1 + sigma);
  const x = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1;
  const latitude = Math.atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1, (1 - f) * Math.sqrt(sinAlpha * sinAlpha + x * x));
  const lambda = Math.atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1);
  const C = (f / 16) * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha));
  const L = lambda - (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
  return {
    longitude: wrapDegrees(from.longitude + L / DEGREES),
    latitude: latitude / DEGREES,
    finalAzimuthDegrees: Math.atan2(sinAlpha, -x) / DEGREES,
  };
}

/** Length of the geodesic between two places, metres (horizontal: heights play no part). */
export function geodesicDistance(from: LonLat, to: LonLat, ellipsoid: Ellipsoid = WGS84): number {
  return geodesicInverse(from, to, ellipsoid).distanceMeters;
}

/** A polyline's horizontal lengths. */
export interface PolylineLengths {
  /** Geodesic length of each segment, metres, in order (one fewer than the points). */
  segmentsMeters: number[];
  totalMeters: number;
}

/** Per-segment and total horizontal (geodesic) length of a polyline through `points`. */
export function polylineLengths(points: ReadonlyArray<LonLat>, ellipsoid: Ellipsoid = WGS84): PolylineLengths {
  const segmentsMeters: number[] = [];
  for (let index = 1; index < points.length; index += 1) segmentsMeters.push(geodesicDistance(points[index - 1], points[index], ellipsoid));
  return { segmentsMeters, totalMeters: segmentsMeters.reduce((sum, length) => sum + length, 0) };
}

/** Snyder's q(φ) (eq. 3-12), the authalic function of the latitude. */
function authalicQ(latitudeRadians: number, eccentricity: number): number {
  const sinPhi = Math.sin(latitudeRadians);
  const eSinPhi = eccentricity * sinPhi;
  return (
    (1 - eccentricity * eccentricity) *
    (sinPhi / (1 - eSinPhi * eSinPhi) - (1 / (2 * eccentricity)) * Math.log((1 - eSinPhi) / (1 + eSinPhi)))
  );
}

/** The places along the geodesic from `from` to `to`, `from` included and `to` left out, at most `stepMeters` apart. */
function densifiedEdge(from: LonLat, to: LonLat, stepMeters: number, ellipsoid: Ellipsoid): LonLat[] {
  const inverse = geodesicInverse(from, to, ellipsoid);
  const pieces = Math.max(1, Math.ceil(inverse.distanceMeters / stepMeters));
  const places: LonLat[] = [from];
  for (let piece = 1; piece < pieces; piece += 1) {
    places.push(geodesicDirect(from, inverse.initialAzimuthDegrees, (inverse.distanceMeters * piece) / pieces, ellipsoid));
  }
  return places;
}

/** A polygon's figures. */
export interface PolygonFigures {
  /** Area of the geodesic polygon on the ellipsoid, square metres (always positive). */
  areaSquareMeters: number;
  /** Sum of the geodesic edges, the closing edge included, metres. */
  perimeterMeters: number;
  /**
   * Whether two edges cross (a bow tie): the area of such a ring has no single meaning (the parts would partly
   * cancel), so callers should say so rather than show `areaSquareMeters`.
   */
  selfIntersecting: boolean;
}

/** Equal-area plane coordinates, metres, relative to `origin` (Lambert cylindrical equal-area, see the file comment). */
function equalAreaProjector(origin: LonLat, ellipsoid: Ellipsoid): (place: LonLat) => [number, number] {
  const a = ellipsoid.semiMajorAxisMeters;
  const f = ellipsoid.flattening;
  const eccentricity = Math.sqrt(f * (2 - f));
  const originQ = authalicQ(origin.latitude * DEGREES, eccentricity);
  return (place) => [
    a * wrapDegrees(place.longitude - origin.longitude) * DEGREES,
    (a * (authalicQ(place.latitude * DEGREES, eccentricity) - originQ)) / 2,
  ];
}

/**
 * Area (geodesic polygon on the ellipsoid) and perimeter of the ring through `ring` (at least three places, the
 * first not repeated at the end; a repeated closing place is dropped). Throws `RangeError` naming the problem for
 * fewer than three distinct places.
 */
export function polygonFigures(ring: ReadonlyArray<LonLat>, ellipsoid: Ellipsoid = WGS84, stepMeters = AREA_DENSIFY_STEP_METERS): PolygonFigures {
  const places = [...ring];
  if (places.length > 1) {
    const first = places[0];
    const last = places[places.length - 1];
    if (first.longitude === last.longitude && first.latitude === last.latitude) places.pop();
  }
  if (places.length < 3) throw new RangeError(`an area needs at least three points (got ${places.length})`);
  if (!(stepMeters > 0)) throw new RangeError(`the densification step must be a positive number of metres (got ${stepMeters})`);
  let perimeterMeters = 0;
  const dense: LonLat[] = [];
  for (let index = 0; index < places.length; index += 1) {
    const from = places[index];
    const to = places[(index + 1) % places.length];
    perimeterMeters += geodesicDistance(from, to, ellipsoid);
    dense.push(...densifiedEdge(from, to, stepMeters, ellipsoid));
  }
  const project = equalAreaProjector(places[0], ellipsoid);
  const plane = dense.map(project);
  let twiceArea = 0;
  for (let index = 0; index < plane.length; index += 1) {
    const [x1, y1] = plane[index];
    const [x2, y2] = plane[(index + 1) % plane.length];
    twiceArea += x1 * y2 - x2 * y1;
  }
  return { areaSquareMeters: Math.abs(twiceArea) / 2, perimeterMeters, selfIntersecting: edgesCross(places.map(project)) };
}

/** Whether two non-adjacent edges of the closed ring `points` (plane coordinates) cross or touch. */
function edgesCross(points: ReadonlyArray<readonly [number, number]>): boolean {
  const count = points.length;
  const orientation = (p: readonly [number, number], q: readonly [number, number], r: readonly [number, number]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  for (let i = 0; i < count; i += 1) {
    const a1 = points[i];
    const a2 = points[(i + 1) % count];
    for (let j = i + 1; j < count; j += 1) {
      // Adjacent edges share a vertex; that is not a crossing.
      if (j === i + 1 || (i === 0 && j === count - 1)) continue;
      const b1 = points[j];
      const b2 = points[(j + 1) % count];
      const o1 = orientation(a1, a2, b1);
      const o2 = orientation(a1, a2, b2);
      const o3 = orientation(b1, b2, a1);
      const o4 = orientation(b1, b2, a2);
      if (o1 !== o2 && o3 !== o4) return true;
    }
  }
  return false;
}

/** The right triangle of two points: horizontal (geodesic) leg, vertical leg and the slant side between them. */
export interface TriangleFigures {
  horizontalMeters: number;
  /** Absolute height difference, metres. */
  verticalMeters: number;
  /**
   * √(horizontal² + vertical²), metres: the side of the right triangle drawn with those legs (the chord through
   * the Earth differs from it by under a millimetre below 2 km horizontal).
   */
  slantMeters: number;
}

/** Height figures of two points. */
export interface HeightFigures {
  fromHeightMeters: number;
  toHeightMeters: number;
  /** `to` minus `from`, metres: positive when the second point is higher. */
  differenceMeters: number;
}

/** Slope figures of two points (from the first to the second). */
export interface SlopeFigures {
  horizontalMeters: number;
  /** `to` minus `from`, metres. */
  verticalMeters: number;
  /** Angle above (positive) or below (negative) the horizontal, degrees, −90…90. */
  angleDegrees: number;
  /** Vertical over horizontal, per cent; null when the points are one above the other (no horizontal run). */
  gradientPercent: number | null;
}

function checkHeight(place: LonLatHeight, what: string): void {
  if (!Number.isFinite(place.heightMeters)) throw new RangeError(`${what}: the height must be a finite number (got ${place.heightMeters})`);
}

/** Heights of two points and their difference. */
export function heightFigures(from: LonLatHeight, to: LonLatHeight): HeightFigures {
  checkHeight(from, 'first point');
  checkHeight(to, 'second point');
  return { fromHeightMeters: from.heightMeters, toHeightMeters: to.heightMeters, differenceMeters: to.heightMeters - from.heightMeters };
}

/** Horizontal, vertical and slant sides of the right triangle two points make. */
export function triangleFigures(from: LonLatHeight, to: LonLatHeight, ellipsoid: Ellipsoid = WGS84): TriangleFigures {
  const { differenceMeters } = heightFigures(from, to);
  const horizontalMeters = geodesicDistance(from, to, ellipsoid);
  const verticalMeters = Math.abs(differenceMeters);
  return { horizontalMeters, verticalMeters, slantMeters: Math.hypot(horizontalMeters, verticalMeters) };
}

/** Slope from the first point to the second: angle in degrees and gradient in per cent. */
export function slopeFigures(from: LonLatHeight, to: LonLatHeight, ellipsoid: Ellipsoid = WGS84): SlopeFigures {
  const { differenceMeters } = heightFigures(from, to);
  const horizontalMeters = geodesicDistance(from, to, ellipsoid);
  return {
    horizontalMeters,
    verticalMeters: differenceMeters,
    angleDegrees: Math.atan2(differenceMeters, horizontalMeters) / DEGREES,
    gradientPercent: horizontalMeters === 0 ? null : (differenceMeters / horizontalMeters) * 100,
  };
}
