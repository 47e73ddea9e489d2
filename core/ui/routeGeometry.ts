/**
 * Plain geometry the route tools (walking route, station routing, A&E driving routes) share for drawing a route and
 * pointing the camera at it. Positions are [longitude, latitude(, height)] in WGS84 degrees.
 */

/** A WGS84 box, degrees. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The box around every position of `lines` (any further coordinate, such as a height, is ignored). */
export function linesBounds(lines: ReadonlyArray<ReadonlyArray<readonly number[]>>): LonLatBox {
  const points = lines.flat();
  return {
    west: Math.min(...points.map((p) => p[0])),
    east: Math.max(...points.map((p) => p[0])),
    south: Math.min(...points.map((p) => p[1])),
    north: Math.max(...points.map((p) => p[1])),
  };
}

/**
 * A straight leg `lengthMetres` long cut into dashes, for ground lines (they have no dash style): about one dash per
 * `metresPerDash` metres, 3 to 40 of them, each `dashShare` of its step, from `from` towards `to`.
 */
export function dashedLeg(
  from: readonly [number, number],
  to: readonly [number, number],
  lengthMetres: number,
  metresPerDash: number,
  dashShare = 0.6,
): Array<[[number, number], [number, number]]> {
  const count = Math.min(40, Math.max(3, Math.round(lengthMetres / metresPerDash)));
  const at = (t: number): [number, number] => [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
  return Array.from({ length: count }, (_, index) => [at(index / count), at((index + dashShare) / count)]);
}
