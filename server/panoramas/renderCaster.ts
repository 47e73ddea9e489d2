/**
 * The ray caster of the sample panoramas: what each pixel of one image column sees, and how far away.
 *
 * Why it is fast: seen from the camera, every column of an equirectangular image is a vertical half-plane, and in
 * that half-plane the scene (a heightfield of terrain plus buildings extruded from below the ground to a flat roof)
 * is one profile: the height of the highest surface at each horizontal distance. So a column is cast by walking
 * that profile once from the camera outwards, front to back, filling the column's rows from the nadir upwards:
 * a piece of the profile is visible in the rows whose ray slopes lie between the steepest slope seen so far and
 * the piece's own. The profile is built from the footprint edges the horizontal ray crosses (entering and
 * leaving each building; edges bucketed by azimuth) and the terrain sampled along the ray. Each row's hit is
 * exact for that profile: a wall at the distance the ray meets the footprint edge, a roof or a terrain piece
 * where the ray meets its line.
 */
import { curvatureDropMetres, TERRAIN_REACH_METRES, type PanoramaScene, AZIMUTH_BUCKETS } from './scene';

export const HIT_SKY = 0;
export const HIT_GROUND = 1;
export const HIT_WALL = 2;
export const HIT_ROOF = 3;

/** Horizontal distances of the terrain samples along every ray: 2 m apart near the camera, then 2.5 % further each. */
export function terrainSampleDistances(reachMetres = TERRAIN_REACH_METRES): Float64Array {
  const distances = [0];
  let t = 0;
  while (t < reachMetres) {
    t += Math.max(2, t * 0.025);
    distances.push(Math.min(t, reachMetres));
  }
  return Float64Array.from(distances);
}

/** What the rows of one column see (row 0 the top); reused from column to column. */
export class ColumnHits {
  readonly kind: Uint8Array;
  /** Horizontal distance from the camera to the hit, metres (the ray's length is this over cos(elevation)). */
  readonly horizontal: Float64Array;
  /** The building hit (walls and roofs), else −1. */
  readonly building: Int32Array;
  /** The footprint edge hit (walls), else −1. */
  readonly edge: Int32Array;
  constructor(readonly rows: number) {
    this.kind = new Uint8Array(rows);
    this.horizontal = new Float64Array(rows);
    this.building = new Int32Array(rows);
    this.edge = new Int32Array(rows);
  }
}

/** Casts columns of one scene for rows at given elevations. */
export class ColumnCaster {
  private readonly samples: Float64Array;
  private readonly sampleHeights: Float64Array;
  private crossingT = new Float64Array(64);
  private crossingEdge = new Int32Array(64);
  private readonly inside: Uint8Array;
  private readonly active: number[] = [];
  private readonly cameraHeight: number;

  /**
   * @param rowTangents tan(elevation) of each row's ray, row 0 the top (strictly decreasing downwards).
   */
  constructor(
    private readonly scene: PanoramaScene,
    private readonly rowTangents: Float64Array,
  ) {
    this.samples = terrainSampleDistances();
    this.sampleHeights = new Float64Array(this.samples.length);
    this.inside = new Uint8Array(scene.buildings.length);
    this.cameraHeight = scene.pose.heightMeters;
  }

  /** Fills `hits` for the column looking toward `azimuthRadians` (clockwise from north). */
  cast(azimuthRadians: number, hits: ColumnHits): void {
    const { scene, rowTangents } = this;
    const { edges, buildings } = scene;
    const dirEast = Math.sin(azimuthRadians);
    const dirNorth = Math.cos(azimuthRadians);
    const camera = this.cameraHeight;

    // Footprint edges the horizontal ray crosses, by distance.
    let crossings = 0;
    const turn = ((azimuthRadians % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const bucket = Math.min(AZIMUTH_BUCKETS - 1, Math.floor((turn / (2 * Math.PI)) * AZIMUTH_BUCKETS));
    for (let item = edges.bucketStart[bucket]; item < edges.bucketStart[bucket + 1]; item += 1) {
      const edge = edges.bucketItems[item];
      const ax = edges.startEast[edge];
      const ay = edges.startNorth[edge];
      const bx = edges.endEast[edge];
      const by = edges.endNorth[edge];
      // Which side of the ray's line each end lies on; an edge crosses the line when they differ.
      const sideA = dirEast * ay - dirNorth * ax > 0;
      const sideB = dirEast * by - dirNorth * bx > 0;
      if (sideA === sideB) continue;
      const ex = bx - ax;
      const ey = by - ay;
      const denominator = dirEast * ey - dirNorth * ex;
      if (denominator === 0) continue;
      const t = (ax * ey - ay * ex) / denominator;
      if (!(t > 0)) continue;
      if (crossings === this.crossingT.length) this.growCrossings();
      // Insertion sort: a ray crosses a few dozen edges at most.
      let slot = crossings;
      while (slot > 0 && this.crossingT[slot - 1] > t) {
        this.crossingT[slot] = this.crossingT[slot - 1];
        this.crossingEdge[slot] = this.crossingEdge[slot - 1];
        slot -= 1;
      }
      this.crossingT[slot] = t;
      this.crossingEdge[slot] = edge;
      crossings += 1;
    }

    const samples = this.samples;
    const heights = this.sampleHeights;
    for (let k = 0; k < samples.length; k += 1) {
      const t = samples[k];
      heights[k] = scene.terrainHeightAt(t * dirEast, t * dirNorth) - camera - curvatureDropMetres(t);
    }

    // Walk the profile. next = the lowest row not yet filled; maxSlope = the steepest slope seen so far.
    let next = hits.rows - 1;
    let maxSlope = -Infinity;
    let previousT = 0;
    let previousH = heights[0];
    const { kind, horizontal, building, edge: edgeOf } = hits;

    /** The profile goes on straight to (t, h): rows it rises into see it. */
    const lineTo = (t: number, h: number, hitKind: number, hitBuilding: number, hitEdge: number) => {
      const slope = h / t;
      if (slope > maxSlope && next >= 0) {
        const vertical = t === previousT;
        const k = vertical ? 0 : (h - previousH) / (t - previousT);
        const intercept = previousH - k * previousT;
        while (next >= 0 && rowTangents[next] <= slope) {
          let hitT = t;
          if (!vertical) {
            hitT = intercept / (rowTangents[next] - k);
            if (!(hitT >= previousT)) hitT = previousT;
            else if (hitT > t) hitT = t;
          }
          kind[next] = hitKind;
          horizontal[next] = hitT;
          building[next] = hitBuilding;
          edgeOf[next] = hitEdge;
          next -= 1;
        }
        maxSlope = slope;
      }
      previousT = t;
      previousH = h;
    };

    const active = this.active;
    active.length = 0;
    let topBuilding = -1;
    let crossing = 0;
    for (let k = 1; k < samples.length && next >= 0; k += 1) {
      const sampleT = samples[k];
      while (crossing < crossings && this.crossingT[crossing] <= sampleT) {
        const t = this.crossingT[crossing];
        const crossed = this.crossingEdge[crossing];
        const owner = edges.building[crossed];
        crossing += 1;
        const drop = curvatureDropMetres(t);
        // The profile up to the crossing: ground, or the roof of the highest building the ray is over.
        if (topBuilding < 0) lineTo(t, scene.terrainHeightAt(t * dirEast, t * dirNorth) - camera - drop, HIT_GROUND, -1, -1);
        else lineTo(t, buildings[topBuilding].topMetres - camera - drop, HIT_ROOF, topBuilding, -1);
        // Even-odd: each crossing of a building's outline enters or leaves it.
        if (this.inside[owner]) {
          this.inside[owner] = 0;
          active.splice(active.indexOf(owner), 1);
        } else {
          this.inside[owner] = 1;
          active.push(owner);
        }
        const previousTop = topBuilding;
        topBuilding = -1;
        for (const candidate of active) {
          if (topBuilding < 0 || buildings[candidate].topMetres > buildings[topBuilding].topMetres) topBuilding = candidate;
        }
        if (topBuilding >= 0 && (previousTop < 0 || buildings[topBuilding].topMetres > buildings[previousTop].topMetres)) {
          // A wall rises here, up to the new highest roof.
          lineTo(t, buildings[topBuilding].topMetres - camera - drop, HIT_WALL, topBuilding, crossed);
        } else {
          // Down to a lower roof or the ground: nothing behind a drop is seen from above its edge's slope.
          previousH = topBuilding >= 0 ? buildings[topBuilding].topMetres - camera - drop : scene.terrainHeightAt(t * dirEast, t * dirNorth) - camera - drop;
        }
      }
      if (topBuilding < 0) lineTo(sampleT, heights[k], HIT_GROUND, -1, -1);
      else lineTo(sampleT, buildings[topBuilding].topMetres - camera - curvatureDropMetres(sampleT), HIT_ROOF, topBuilding, -1);
    }
    for (const owner of active) this.inside[owner] = 0;
    for (; next >= 0; next -= 1) {
      kind[next] = HIT_SKY;
      horizontal[next] = Number.NaN;
      building[next] = -1;
      edgeOf[next] = -1;
    }
  }

  private growCrossings(): void {
    const t = new Float64Array(this.crossingT.length * 2);
    t.set(this.crossingT);
    const e = new Int32Array(this.crossingEdge.length * 2);
    e.set(this.crossingEdge);
    this.crossingT = t;
    this.crossingEdge = e;
  }
}

/** tan(elevation) of the rows of an image `height` rows tall, sampled at row offsets `(j + offset) / height`. */
export function rowTangents(height: number, offset: number): Float64Array {
  const tangents = new Float64Array(height);
  for (let row = 0; row < height; row += 1) tangents[row] = Math.tan((0.5 - (row + offset) / height) * Math.PI);
  return tangents;
}
