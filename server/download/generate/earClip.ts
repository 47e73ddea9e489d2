/**
 * Ear-clipping triangulation of one simple polygon (no holes): building roofs. O(n²) per polygon, which is
 * nothing for footprints of a few dozen vertices.
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
  const remaining = Array.from({ length: xy.length / 2 }, (_, index) => index);
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
