/**
 * Snapping a WGS84 point to the nearest edge of a Graph, through a uniform lon/lat grid of the edges' bounding
 * boxes (an edge is drawn as the straight line between its two nodes). The answer carries the access leg — the
 * straight line from the point to the road — so a caller can draw it (dashed) rather than hide it.
 */
import type { Graph } from './graph';
import { greatCircleMetres } from './network';

export interface Snap {
  edge: number;
  /** The nearest point on the edge, lon/lat. */
  point: [number, number];
  /** Where that point lies along the edge: 0 at its from node, 1 at its to node. */
  fraction: number;
  /** Great-circle metres from the query point to `point`. */
  accessLegMetres: number;
}

const METRES_PER_DEGREE_LAT = 111_195;

export class EdgeSnapIndex {
  private readonly minLon: number;
  private readonly minLat: number;
  private readonly columns: number;
  private readonly rows: number;
  /** CSR lists of edge ids per cell. */
  private readonly cellStart: Int32Array;
  private readonly cellEdges: Int32Array;

  /**
   * `cellDegrees`: the grid's cell size; 0.005° (about 500 m) suits a city road network. `includeEdge`: which
   * edges a place may snap to (default all), e.g. only those of the network's main connected part.
   */
  constructor(
    readonly graph: Graph,
    private readonly cellDegrees = 0.005,
    private readonly includeEdge: (edge: number) => boolean = () => true,
  ) {
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    for (let n = 0; n < graph.nodeCount; n += 1) {
      minLon = Math.min(minLon, graph.lon[n]);
      maxLon = Math.max(maxLon, graph.lon[n]);
      minLat = Math.min(minLat, graph.lat[n]);
      maxLat = Math.max(maxLat, graph.lat[n]);
    }
    if (graph.nodeCount === 0) minLon = minLat = maxLon = maxLat = 0;
    this.minLon = minLon;
    this.minLat = minLat;
    this.columns = Math.max(1, Math.floor((maxLon - minLon) / cellDegrees) + 1);
    this.rows = Math.max(1, Math.floor((maxLat - minLat) / cellDegrees) + 1);
    const counts = new Int32Array(this.columns * this.rows + 1);
    this.forEachCell((cell) => (counts[cell + 1] += 1));
    for (let c = 0; c < this.columns * this.rows; c += 1) counts[c + 1] += counts[c];
    this.cellStart = counts;
    this.cellEdges = new Int32Array(counts[counts.length - 1]);
    const next = counts.slice(0, counts.length - 1);
    this.forEachCell((cell, edge) => (this.cellEdges[next[cell]++] = edge));
  }

  /**
   * The nearest edge to (lon, lat) within `maxMetres` (default 5 km), or null when there is none that close or the
   * graph has no edges.
   */
  nearest(lon: number, lat: number, maxMetres = 5000): Snap | null {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw new RangeError(`Point must be finite lon/lat, got ${lon}, ${lat}`);
    const g = this.graph;
    const metresPerDegreeLon = METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
    const cellMetres = this.cellDegrees * Math.min(METRES_PER_DEGREE_LAT, metresPerDegreeLon);
    const column = Math.floor((lon - this.minLon) / this.cellDegrees);
    const row = Math.floor((lat - this.minLat) / this.cellDegrees);
    const maxRing = Math.ceil(maxMetres / cellMetres) + 1;
    let best: { edge: number; fraction: number; metres: number } | null = null;
    const seen = new Set<number>();
    for (let ring = 0; ring <= maxRing; ring += 1) {
      // Every point outside rings 0..ring-1 is at least (ring - 1) cells away: stop once that beats the best.
      if (best && (ring - 1) * cellMetres > best.metres) break;
      for (let r = row - ring; r <= row + ring; r += 1) {
        if (r < 0 || r >= this.rows) continue;
        for (let c = column - ring; c <= column + ring; c += 1) {
          if (c < 0 || c >= this.columns) continue;
          if (Math.max(Math.abs(r - row), Math.abs(c - column)) !== ring) continue;
          const cell = r * this.columns + c;
          for (let i = this.cellStart[cell]; i < this.cellStart[cell + 1]; i += 1) {
            const edge = this.cellEdges[i];
            if (seen.has(edge)) continue;
            seen.add(edge);
            // Local plane in metres around the query point: exact enough over a few kilometres.
            const from = g.edgeFrom[edge];
            const to = g.edgeTo[edge];
            const ax = (g.lon[from] - lon) * metresPerDegreeLon;
            const ay = (g.lat[from] - lat) * METRES_PER_DEGREE_LAT;
            const dx = (g.lon[to] - g.lon[from]) * metresPerDegreeLon;
            const dy = (g.lat[to] - g.lat[from]) * METRES_PER_DEGREE_LAT;
            const lengthSquared = dx * dx + dy * dy;
            const fraction = lengthSquared > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0;
            const metres = Math.hypot(ax + fraction * dx, ay + fraction * dy);
            if (!best || metres < best.metres) best = { edge, fraction, metres };
          }
        }
      }
    }
    if (!best) return null;
    const from = g.edgeFrom[best.edge];
    const to = g.edgeTo[best.edge];
    const point: [number, number] = [
      g.lon[from] + best.fraction * (g.lon[to] - g.lon[from]),
      g.lat[from] + best.fraction * (g.lat[to] - g.lat[from]),
    ];
    const accessLegMetres = greatCircleMetres([lon, lat], point);
    if (accessLegMetres > maxMetres) return null;
    return { edge: best.edge, point, fraction: best.fraction, accessLegMetres };
  }

  private forEachCell(visit: (cell: number, edge: number) => void): void {
    const g = this.graph;
    for (let edge = 0; edge < g.edgeCount; edge += 1) {
      if (!this.includeEdge(edge)) continue;
      const from = g.edgeFrom[edge];
      const to = g.edgeTo[edge];
      const c0 = this.columnOf(Math.min(g.lon[from], g.lon[to]));
      const c1 = this.columnOf(Math.max(g.lon[from], g.lon[to]));
      const r0 = this.rowOf(Math.min(g.lat[from], g.lat[to]));
      const r1 = this.rowOf(Math.max(g.lat[from], g.lat[to]));
      for (let r = r0; r <= r1; r += 1) for (let c = c0; c <= c1; c += 1) visit(r * this.columns + c, edge);
    }
  }

  private columnOf(lon: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor((lon - this.minLon) / this.cellDegrees)));
  }

  private rowOf(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat - this.minLat) / this.cellDegrees)));
  }
}
