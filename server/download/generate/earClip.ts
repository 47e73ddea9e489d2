/**
 * Ear-clipping triangulation of building roofs: one simple polygon, or a polygon with holes (courtyards), whose
 * holes are first joined to the outer ring by bridges. O(n²) per polygon, which is nothing for footprints of a
 * few dozen vertices.
 */

/** Twice the signed area of a ring given as flat [x0, y0, x1, y1, ...]; positive when counter-clockwise. */
export function signedDoubleArea(xy: ArrayLike<number>): number {
  let sum = 0;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i, i += 1) sum += xy[j * 2] * xy[i * 2 + 1] - xy[i * 2] * xy[j * 2 + 1];
  return sum;
}

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether p lies inside or on triangle abc (counter-clockwise). */
function inTriangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, px: number, py: number): boolean {
  return cross(ax, ay, bx, by, px, py) >= 0 && cross(bx, by, cx, cy, px, py) >= 0 && cross(cx, cy, ax, ay, px, py) >= 0;
}

/**
 * Triangles of a simple counter-clockwise polygon, as vertex indices (three per triangle, each
 * counter-clockwise). A vertex whose neighbours lie on one line with it is clipped without a triangle. If a
 * self-touching ring leaves no ear, the rest is closed as a fan so every footprint still gets a roof.
 */
export function earClip(xy: ArrayLike<number>): number[] {
  return clipRing(
    xy,
    Array.from({ length: xy.length / 2 }, (_, index) => index),
  );
}

/** Ear clipping of the ring that visits the vertices `ring` (indices into `xy`, which may repeat) in order. */
function clipRing(xy: ArrayLike<number>, ring: number[]): number[] {
  const remaining = ring.slice();
  const triangles: number[] = [];
  const x = (index: number) => xy[index * 2];
  const y = (index: number) => xy[index * 2 + 1];

  const isEar = (position: number): boolean => {
    const count = remaining.length;
    const a = remaining[(position + count - 1) % count];
    const b = remaining[position];
    const c = remaining[(position + 1) % count];
    if (cross(x(a), y(a), x(b), y(b), x(c), y(c)) <= 0) return false; // reflex or straight
    for (const other of remaining) {
      if (other === a || other === b || other === c) continue;
      // A vertex at the same place as a corner (a ring touching itself) does not block the ear.
      if ((x(other) === x(a) && y(other) === y(a)) || (x(other) === x(c) && y(other) === y(c))) continue;
      if (inTriangle(x(a), y(a), x(b), y(b), x(c), y(c), x(other), y(other))) return false;
    }
    return true;
  };

  let sinceLastClip = 0;
  let position = 0;
  while (remaining.length > 3 && sinceLastClip < remaining.length) {
    const count = remaining.length;
    position %= count;
    const a = remaining[(position + count - 1) % count];
    const b = remaining[position];
    const c = remaining[(position + 1) % count];
    if (cross(x(a), y(a), x(b), y(b), x(c), y(c)) === 0) {
      remaining.splice(position, 1); // b adds nothing to the area
      sinceLastClip = 0;
    } else if (isEar(position)) {
      triangles.push(a, b, c);
      remaining.splice(position, 1);
      sinceLastClip = 0;
    } else {
      position += 1;
      sinceLastClip += 1;
    }
  }
  if (remaining.length === 3) {
    const [a, b, c] = remaining;
    if (cross(x(a), y(a), x(b), y(b), x(c), y(c)) > 0) triangles.push(a, b, c);
  } else {
    for (let k = 1; k + 1 < remaining.length; k += 1) triangles.push(remaining[0], remaining[k], remaining[k + 1]);
  }
  return triangles;
}

/**
 * Triangles of a counter-clockwise polygon with holes (any orientation), as indices into the outer ring's
 * vertices followed by each hole's. Each hole is joined to the ring by a bridge from its easternmost vertex to a
 * vertex of the ring it can see (the approach of Eberly's "Triangulation by Ear Clipping" and earcut), which
 * makes one ring that ear clipping takes whole. A hole no bridge reaches (it lies outside the outer ring) is
 * left out, so the roof covers it rather than failing.
 */
export function earClipWithHoles(outer: ArrayLike<number>, holes: ReadonlyArray<ArrayLike<number>>): number[] {
  if (holes.length === 0) return earClip(outer);
  const xy: number[] = Array.from(outer);
  const holeRings: number[][] = [];
  for (const hole of holes) {
    const start = xy.length / 2;
    const indices = Array.from({ length: hole.length / 2 }, (_, index) => start + index);
    xy.push(...Array.from(hole));
    // The bridged ring runs round each hole clockwise.
    if (signedDoubleArea(hole) > 0) indices.reverse();
    if (indices.length >= 3) holeRings.push(indices);
  }
  const x = (index: number) => xy[index * 2];
  const y = (index: number) => xy[index * 2 + 1];
  const easternmost = (indices: number[]) => indices.reduce((best, index) => (x(index) > x(best) ? index : best));
  // Eastern holes first, so a later bridge never has to cross an earlier one.
  holeRings.sort((a, b) => x(easternmost(b)) - x(easternmost(a)));

  let ring = Array.from({ length: outer.length / 2 }, (_, index) => index);
  for (const hole of holeRings) {
    const from = easternmost(hole);
    const position = bridgeTarget(ring, x, y, x(from), y(from));
    if (position === null) continue;
    const rotated = [...hole.slice(hole.indexOf(from)), ...hole.slice(0, hole.indexOf(from))];
    ring = [...ring.slice(0, position + 1), ...rotated, from, ring[position], ...ring.slice(position + 1)];
  }
  return clipRing(xy, ring);
}

/**
 * Position in `ring` of the vertex a bridge from (mx, my) goes to: cast a ray east, take the nearest ring edge it
 * hits, then its eastern end or, if ring vertices lie inside the triangle that ray and end span, the one at the
 * smallest angle from the ray (it hides the end).
 */
function bridgeTarget(ring: number[], x: (index: number) => number, y: (index: number) => number, mx: number, my: number): number | null {
  let nearestX = Infinity;
  let target: number | null = null;
  for (let k = 0; k < ring.length; k += 1) {
    const a = ring[k];
    const b = ring[(k + 1) % ring.length];
    if (y(a) === y(b) || Math.min(y(a), y(b)) > my || Math.max(y(a), y(b)) < my) continue;
    const hitX = x(a) + ((my - y(a)) * (x(b) - x(a))) / (y(b) - y(a));
    if (hitX < mx || hitX >= nearestX) continue;
    nearestX = hitX;
    target = x(a) >= x(b) ? k : (k + 1) % ring.length;
  }
  if (target === null) return null;
  const tx = x(ring[target]);
  const ty = y(ring[target]);
  if (tx === nearestX && ty === my) return target;
  let bestTangent = Infinity;
  let best = target;
  for (let k = 0; k < ring.length; k += 1) {
    const px = x(ring[k]);
    const py = y(ring[k]);
    if (k === target || px < mx) continue;
    const inside = ty < my
      ? inTriangle(mx, my, tx, ty, nearestX, my, px, py)
      : inTriangle(mx, my, nearestX, my, tx, ty, px, py);
    if (!inside) continue;
    const tangent = Math.abs(py - my) / (px - mx);
    if (tangent < bestTangent || (tangent === bestTangent && px < x(ring[best]))) {
      bestTangent = tangent;
      best = k;
    }
  }
  // A vertex an earlier bridge passes through stands in the ring more than once: take the visit whose corner
  // opens towards the hole, or the new bridge would cross the old one.
  for (let k = 0; k < ring.length; k += 1) {
    if (ring[k] !== ring[best]) continue;
    const previous = ring[(k + ring.length - 1) % ring.length];
    const next = ring[(k + 1) % ring.length];
    const v = ring[k];
    const leftOfIncoming = cross(x(previous), y(previous), x(v), y(v), mx, my) > 0;
    const leftOfOutgoing = cross(x(v), y(v), x(next), y(next), mx, my) > 0;
    const convex = cross(x(previous), y(previous), x(v), y(v), x(next), y(next)) > 0;
    if (convex ? leftOfIncoming && leftOfOutgoing : leftOfIncoming || leftOfOutgoing) return k;
  }
  return best;
}
