/** Small planar geometry helpers for lon/lat polygons (districts are a few km across, so planar is enough). */
export type Ring = ReadonlyArray<readonly [number, number] | readonly number[]>;

/** Ray-casting point-in-polygon; the first ring is the outline, the rest are holes. */
export function pointInPolygon(point: readonly [number, number], rings: readonly Ring[]): boolean {
  const inRing = (ring: Ring) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  if (rings.length === 0 || !inRing(rings[0])) return false;
  return !rings.slice(1).some(inRing);
}

/** Area-weighted centroid of a ring (shoelace). */
export function ringCentroid(ring: Ring): [number, number] {
  // Sum relative to the first vertex: with raw longitudes and latitudes (~114, ~22) the cross products are
  // thousands of times larger than a building's area and cancel out to noise (centroids 1.5 km off).
  const [originX, originY] = ring[0];
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const x0 = ring[j][0] - originX;
    const y0 = ring[j][1] - originY;
    const x1 = ring[i][0] - originX;
    const y1 = ring[i][1] - originY;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (area === 0) return [originX, originY];
  return [originX + cx / (3 * area), originY + cy / (3 * area)];
}

/**
 * A label point inside the polygon: the centroid when it falls inside, else the middle of the widest inside
 * stretch of the horizontal line through the centroid (or through the middle of the bounding box).
 */
export function labelPoint(rings: readonly Ring[]): [number, number] {
  const centroid = ringCentroid(rings[0]);
  if (pointInPolygon(centroid, rings)) return centroid;
  const ys = rings[0].map((p) => p[1]);
  const candidates = [centroid[1], (Math.min(...ys) + Math.max(...ys)) / 2];
  for (const y of candidates) {
    const xs: number[] = [];
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
      }
    }
    xs.sort((a, b) => a - b);
    let best: [number, number] | null = null;
    let widest = -1;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      if (xs[k + 1] - xs[k] > widest) {
        widest = xs[k + 1] - xs[k];
        best = [(xs[k] + xs[k + 1]) / 2, y];
      }
    }
    if (best) return best;
  }
  return centroid;
}
