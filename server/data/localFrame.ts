/**
 * Local east/north metres around a WGS84 point: enough for the few hundred metres of a station plan or a camera
 * view (the error of this flat approximation is far below a metre over a few kilometres).
 *
 * Not merged with ../geo/local-metres.ts on purpose: its longer series for the length of a degree differs from
 * this one by a few parts in ten thousand, and the sample floor plans, station axes and camera pictures are
 * generated with this one, so switching would move their vertices by centimetres and change what the server sends.
 */

/** Metres per degree of longitude and latitude at a latitude (WGS84, to a few parts in ten thousand). */
export function metresPerDegree(latitude: number): { longitude: number; latitude: number } {
  const phi = (latitude * Math.PI) / 180;
  return { longitude: 111_412.84 * Math.cos(phi), latitude: 111_132.92 - 559.82 * Math.cos(2 * phi) };
}

/** The point `east` and `north` metres away from (longitude, latitude). */
export function offsetLonLat(longitude: number, latitude: number, east: number, north: number): [number, number] {
  const scale = metresPerDegree(latitude);
  return [longitude + east / scale.longitude, latitude + north / scale.latitude];
}

/** Direction from one point to another, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: readonly [number, number], to: readonly [number, number]): number {
  const scale = metresPerDegree((from[1] + to[1]) / 2);
  const east = (to[0] - from[0]) * scale.longitude;
  const north = (to[1] - from[1]) * scale.latitude;
  return ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
}
