/**
 * Small-area geometry in metres around a point, for shapes a few kilometres across (zone circles, lot
 * rectangles, building tolerances). A local east/north tangent plane with the WGS84 lengths of a degree at the
 * origin's latitude: over 10 km the error is a few centimetres, far below what these shapes need. (The indoor
 * plans and camera pictures use the shorter series of ../data/localFrame.ts; see there why there are two.)
 */
export type LonLat = readonly [number, number];

/** Metres per degree of latitude and of longitude at a latitude (WGS84 series, as in the NGA/USGS tables). */
export function metresPerDegree(latitude: number): { latitude: number; longitude: number } {
  const phi = (latitude * Math.PI) / 180;
  return {
    latitude: 111132.954 - 559.822 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi),
    longitude: 111412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi),
  };
}

/** A tangent plane at `origin`: lon/lat to metres east/north and back. */
export function localPlane(origin: LonLat) {
  const scale = metresPerDegree(origin[1]);
  return {
    toMetres: ([lon, lat]: LonLat): [number, number] => [(lon - origin[0]) * scale.longitude, (lat - origin[1]) * scale.latitude],
    toLonLat: ([east, north]: readonly [number, number]): [number, number] => [origin[0] + east / scale.longitude, origin[1] + north / scale.latitude],
  };
}

/** Rounds a coordinate to 1e-7 degrees (about 1 cm), enough for every shape served. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

function closeRing(points: Array<[number, number]>): Array<[number, number]> {
  const ring = points.map(([lon, lat]): [number, number] => [roundCoordinate(lon), roundCoordinate(lat)]);
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

/** A circle of `radiusMetres` around `centre` as a closed, counter-clockwise ring of `segments` vertices. */
export function circleRing(centre: LonLat, radiusMetres: number, segments = 64): Array<[number, number]> {
  const plane = localPlane(centre);
  const points: Array<[number, number]> = [];
  for (let k = 0; k < segments; k += 1) {
    const angle = (2 * Math.PI * k) / segments;
    points.push(plane.toLonLat([radiusMetres * Math.cos(angle), radiusMetres * Math.sin(angle)]));
  }
  return closeRing(points);
}

/**
 * The buffer of the segment from `start` to `end` by `radiusMetres` (a capsule: two half circles joined by
 * straight sides) as a closed, counter-clockwise ring.
 */
export function capsuleRing(start: LonLat, end: LonLat, radiusMetres: number, segmentsPerEnd = 32): Array<[number, number]> {
  const plane = localPlane(start);
  const [ex, ey] = plane.toMetres(end);
  const heading = Math.atan2(ey, ex);
  const points: Array<[number, number]> = [];
  // Half circle around the end, then around the start, each sweeping 180 degrees counter-clockwise.
  for (const [cx, cy, from] of [
    [ex, ey, heading - Math.PI / 2],
    [0, 0, heading + Math.PI / 2],
  ] as const) {
    for (let k = 0; k <= segmentsPerEnd; k += 1) {
      const angle = from + (Math.PI * k) / segmentsPerEnd;
      points.push(plane.toLonLat([cx + radiusMetres * Math.cos(angle), cy + radiusMetres * Math.sin(angle)]));
    }
  }
  return closeRing(points);
}

/** The point `distanceMetres` from `origin` along `bearingDegrees` (clockwise from north). */
export function offsetPoint(origin: LonLat, bearingDegrees: number, distanceMetres: number): [number, number] {
  const bearing = (bearingDegrees * Math.PI) / 180;
  return localPlane(origin).toLonLat([distanceMetres * Math.sin(bearing), distanceMetres * Math.cos(bearing)]);
}

/** Area of a lon/lat ring in square metres (shoelace on the local plane at its first vertex). */
export function ringAreaSquareMetres(ring: ReadonlyArray<LonLat>): number {
  const plane = localPlane(ring[0]);
  const points = ring.map(plane.toMetres);
  let twiceArea = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    twiceArea += points[j][0] * points[i][1] - points[i][0] * points[j][1];
  }
  return Math.abs(twiceArea) / 2;
}

/** Shortest distance in metres from a point to the outline of a lon/lat ring. */
export function distanceToRingMetres(point: LonLat, ring: ReadonlyArray<LonLat>): number {
  const plane = localPlane(point);
  let best = Infinity;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [ax, ay] = plane.toMetres(ring[i]);
    const [bx, by] = plane.toMetres(ring[i + 1]);
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}
