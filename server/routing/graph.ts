/**
 * A general weighted directed graph for routing (roads now; footpaths and the inside of MTR stations later use the
 * same engine), kept in typed arrays: node positions as WGS84 lon/lat, edges in compressed sparse rows (the
 * edges leaving node n are ids firstEdge[n] .. firstEdge[n+1]-1), each with a length in metres and a cost in the
 * caller's unit (seconds for driving). Shortest paths by A* on a binary heap, with plain Dijkstra beside it as the
 * reference the tests and the benchmark compare against.
 */
import { greatCircleMetres } from './network';

/** The sphere greatCircleMetres uses (network.ts), so the A* chord is never longer than its arcs. */
const EARTH_RADIUS_METRES = 6_371_008.8;

export interface Graph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** CSR offsets, nodeCount + 1 entries. */
  readonly firstEdge: Int32Array;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeLengthMetres: Float64Array;
  readonly edgeCost: Float64Array;
  /** The caller's id for each edge (for roads: the IRN segment it came from); -1 where none was given. */
  readonly edgeTag: Int32Array;
  /**
   * The highest straight-line metres per unit of cost over all edges (for roads: at most the top speed limit in
   * m/s). Dividing a straight-line distance by it never overestimates the cost still to go, so A* stays exact;
   * Infinity when some edge joins two different places at no cost (A* then degrades to Dijkstra).
   */
  readonly heuristicMetresPerCost: number;
}

export type PathResult =
  | {
      found: true;
      /** Node ids from the start to the goal, both included. */
      nodes: number[];
      /** Edge ids along the path (one fewer than nodes). */
      edges: number[];
      lengthMetres: number;
      cost: number;
      /** Nodes taken off the heap: the work the search did. */
      settledNodes: number;
    }
  | { found: false; reason: 'unreachable'; settledNodes: number };

/** What {@link PathFinder.oneToMany} answers. */
export interface ManyResult {
  /** Per goal (same order): the cheapest cost from any start, including the start's own cost; null when not reached. */
  costs: Array<number | null>;
  /** Why the goals with a null cost were not reached: the search passed `maxCost`, or nothing more was reachable. */
  unsettledReason: 'beyond-max-cost' | 'unreachable';
  settledNodes: number;
  /**
   * The path to a reached goal from the start it was reached from (`nodes[0]`), or null when the goal was not
   * reached; `cost` includes that start's cost. Valid only until the next search on the same PathFinder.
   */
  pathTo(goal: number): { nodes: number[]; edges: number[]; lengthMetres: number; cost: number } | null;
}

/** Collects nodes and edges in any order; `build()` packs them into a Graph. */
export class GraphBuilder {
  private readonly lons: number[] = [];
  private readonly lats: number[] = [];
  private readonly froms: number[] = [];
  private readonly tos: number[] = [];
  private readonly lengths: number[] = [];
  private readonly costs: number[] = [];
  private readonly tags: number[] = [];

  get nodeCount(): number {
    return this.lons.length;
  }

  addNode(lon: number, lat: number): number {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw new RangeError(`Node position must be finite, got ${lon}, ${lat}`);
    this.lons.push(lon);
    this.lats.push(lat);
    return this.lons.length - 1;
  }

  /** A directed edge; add one each way for a two-way road. Length and cost must be finite and not negative. */
  addEdge(from: number, to: number, lengthMetres: number, cost: number, tag = -1): void {
    this.checkNode(from);
    this.checkNode(to);
    if (!(lengthMetres >= 0) || !Number.isFinite(lengthMetres)) throw new RangeError(`Edge length must be a finite number ≥ 0, got ${lengthMetres}`);
    if (!(cost >= 0) || !Number.isFinite(cost)) throw new RangeError(`Edge cost must be a finite number ≥ 0, got ${cost}`);
    this.froms.push(from);
    this.tos.push(to);
    this.lengths.push(lengthMetres);
    this.costs.push(cost);
    this.tags.push(tag);
  }

  build(): Graph {
    const nodeCount = this.lons.length;
    const edgeCount = this.froms.length;
    const firstEdge = new Int32Array(nodeCount + 1);
    for (const from of this.froms) firstEdge[from + 1] += 1;
    for (let n = 0; n < nodeCount; n += 1) firstEdge[n + 1] += firstEdge[n];
    const next = firstEdge.slice(0, nodeCount);
    const edgeFrom = new Int32Array(edgeCount);
    const edgeTo = new Int32Array(edgeCount);
    const edgeLengthMetres = new Float64Array(edgeCount);
    const edgeCost = new Float64Array(edgeCount);
    const edgeTag = new Int32Array(edgeCount);
    const lon = Float64Array.from(this.lons);
    const lat = Float64Array.from(this.lats);
    let heuristicMetresPerCost = 0;
    for (let i = 0; i < edgeCount; i += 1) {
      const from = this.froms[i];
      const slot = next[from]++;
      edgeFrom[slot] = from;
      edgeTo[slot] = this.tos[i];
      edgeLengthMetres[slot] = this.lengths[i];
      edgeCost[slot] = this.costs[i];
      edgeTag[slot] = this.tags[i];
      const chord = greatCircleMetres([lon[from], lat[from]], [lon[this.tos[i]], lat[this.tos[i]]]);
      if (chord > 0) heuristicMetresPerCost = Math.max(heuristicMetresPerCost, this.costs[i] > 0 ? chord / this.costs[i] : Infinity);
    }
    return { nodeCount, edgeCount, lon, lat, firstEdge, edgeFrom, edgeTo, edgeLengthMetres, edgeCost, edgeTag, heuristicMetresPerCost };
  }

  private checkNode(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.lons.length) throw new RangeError(`No node ${id} (the graph has ${this.lons.length})`);
  }
}

/**
 * The weakly connected parts of a graph (edges taken both ways): `part[node]` numbers each node's part, and
 * `largest` is the number of the part with the most nodes. Used to keep places from snapping onto fragments of a
 * road network that join nothing (the IRN snapshot has 70 junctions outside its main part).
 */
export function connectedParts(graph: Graph): { part: Int32Array; sizes: number[]; largest: number } {
  // Undirected adjacency: each edge's tail also reaches its head's list through this reverse index.
  const incoming: number[][] = Array.from({ length: graph.nodeCount }, () => []);
  for (let e = 0; e < graph.edgeCount; e += 1) incoming[graph.edgeTo[e]].push(graph.edgeFrom[e]);
  const part = new Int32Array(graph.nodeCount).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let seed = 0; seed < graph.nodeCount; seed += 1) {
    if (part[seed] >= 0) continue;
    const id = sizes.length;
    part[seed] = id;
    stack.push(seed);
    let size = 0;
    while (stack.length > 0) {
      const node = stack.pop()!;
      size += 1;
      const visit = (next: number) => {
        if (part[next] < 0) {
          part[next] = id;
          stack.push(next);
        }
      };
      for (let e = graph.firstEdge[node]; e < graph.firstEdge[node + 1]; e += 1) visit(graph.edgeTo[e]);
      for (const previous of incoming[node]) visit(previous);
    }
    sizes.push(size);
  }
  let largest = 0;
  for (let id = 1; id < sizes.length; id += 1) if (sizes[id] > sizes[largest]) largest = id;
  return { part, sizes, largest };
}

/** Min-heap of (node, key) pairs in parallel typed arrays; stale entries are skipped by the caller. */
class NodeHeap {
  private nodes = new Int32Array(1024);
  private keys = new Float64Array(1024);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(node: number, key: number): void {
    if (this.size === this.nodes.length) {
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      this.nodes = nodes;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.nodes[i] = this.nodes[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
  }

  /** Removes the smallest entry and returns its node; `lastKey` holds its key. */
  pop(): number {
    const top = this.nodes[0];
    this.lastKey = this.keys[0];
    const node = this.nodes[--this.size];
    const key = this.keys[this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1] < this.keys[child]) child += 1;
      if (this.keys[child] >= key) break;
      this.nodes[i] = this.nodes[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
    return top;
  }

  lastKey = 0;
}

/**
 * Reusable search state for one graph: the per-node arrays are allocated once and invalidated by a stamp, so a
 * query costs only the nodes it touches (no O(nodes) reset per route).
 */
export class PathFinder {
  private readonly bestCost: Float64Array;
  private readonly viaEdge: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly settled: Uint32Array;
  private generation = 0;
  private readonly heap = new NodeHeap();
  /** Node positions on the mean Earth sphere, metres, for the A* estimate. */
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly z: Float64Array;

  constructor(readonly graph: Graph) {
    this.x = new Float64Array(graph.nodeCount);
    this.y = new Float64Array(graph.nodeCount);
    this.z = new Float64Array(graph.nodeCount);
    for (let n = 0; n < graph.nodeCount; n += 1) {
      const lon = (graph.lon[n] * Math.PI) / 180;
      const lat = (graph.lat[n] * Math.PI) / 180;
      this.x[n] = EARTH_RADIUS_METRES * Math.cos(lat) * Math.cos(lon);
      this.y[n] = EARTH_RADIUS_METRES * Math.cos(lat) * Math.sin(lon);
      this.z[n] = EARTH_RADIUS_METRES * Math.sin(lat);
    }
    this.bestCost = new Float64Array(graph.nodeCount);
    this.viaEdge = new Int32Array(graph.nodeCount);
    this.stamp = new Uint32Array(graph.nodeCount);
    this.settled = new Uint32Array(graph.nodeCount);
  }

  /** A*: heuristic = straight-line metres to the goal / graph.heuristicMetresPerCost (admissible and consistent). */
  aStar(from: number, to: number): PathResult {
    return this.search(from, to, true);
  }

  /** Plain Dijkstra (no heuristic, same heap): the baseline. */
  dijkstra(from: number, to: number): PathResult {
    return this.search(from, to, false);
  }

  /**
   * One search from several start nodes (each entered at a cost already spent, e.g. the part of the origin's road
   * edge before its junction) to several goals: plain Dijkstra that stops once every goal is settled, or when
   * the settled cost passes `maxCost` (default no bound), or when nothing more is reachable. One search answers an
   * origin to all its destinations (the 18 A&E hospitals) instead of one A* run per destination.
   *
   * The answer's `pathTo` reads this finder's buffers: call it before the next search on the same finder.
   */
  oneToMany(starts: ReadonlyArray<{ node: number; cost: number }>, goals: ReadonlyArray<number>, maxCost = Infinity): ManyResult {
    const g = this.graph;
    for (const start of starts) {
      this.checkNode(start.node);
      if (!(start.cost >= 0) || !Number.isFinite(start.cost)) throw new RangeError(`Start cost must be a finite number ≥ 0, got ${start.cost}`);
    }
    for (const goal of goals) this.checkNode(goal);
    const generation = ++this.generation;
    const { bestCost, viaEdge, stamp, settled, heap } = this;
    heap.clear();
    for (const start of starts) {
      if (stamp[start.node] === generation && bestCost[start.node] <= start.cost) continue;
      stamp[start.node] = generation;
      bestCost[start.node] = start.cost;
      viaEdge[start.node] = -1;
      heap.push(start.node, start.cost);
    }
    const waiting = new Set(goals);
    let settledNodes = 0;
    let stoppedAtMaxCost = false;
    while (heap.size > 0 && waiting.size > 0) {
      const node = heap.pop();
      if (settled[node] === generation) continue;
      if (heap.lastKey > maxCost) {
        stoppedAtMaxCost = true;
        break;
      }
      settled[node] = generation;
      settledNodes += 1;
      waiting.delete(node);
      const base = bestCost[node];
      for (let e = g.firstEdge[node], end = g.firstEdge[node + 1]; e < end; e += 1) {
        const next = g.edgeTo[e];
        if (settled[next] === generation) continue;
        const cost = base + g.edgeCost[e];
        if (stamp[next] !== generation || cost < bestCost[next]) {
          stamp[next] = generation;
          bestCost[next] = cost;
          viaEdge[next] = e;
          heap.push(next, cost);
        }
      }
    }
    const costs = goals.map((goal) => (settled[goal] === generation ? bestCost[goal] : null));
    return {
      costs,
      // Goals not settled: beyond maxCost if the search stopped there, else in another connected part.
      unsettledReason: stoppedAtMaxCost ? 'beyond-max-cost' : 'unreachable',
      settledNodes,
      pathTo: (goal: number) => {
        if (generation !== this.generation) throw new Error('pathTo read after another search on the same PathFinder');
        if (settled[goal] !== generation) return null;
        const edges: number[] = [];
        for (let node = goal; viaEdge[node] !== -1; node = g.edgeFrom[viaEdge[node]]) edges.push(viaEdge[node]);
        edges.reverse();
        const nodes = [edges.length > 0 ? g.edgeFrom[edges[0]] : goal, ...edges.map((e) => g.edgeTo[e])];
        let lengthMetres = 0;
        for (const e of edges) lengthMetres += g.edgeLengthMetres[e];
        return { nodes, edges, lengthMetres, cost: bestCost[goal] };
      },
    };
  }

  private search(from: number, to: number, useHeuristic: boolean): PathResult {
    const g = this.graph;
    this.checkNode(from);
    this.checkNode(to);
    const generation = ++this.generation;
    const { bestCost, viaEdge, stamp, settled, heap, x, y, z } = this;
    // Remaining cost ≥ straight 3D chord to the goal / fastest metres per cost: the chord is never longer than the
    // great circle, which is never longer than any road, so the estimate is admissible and consistent, and it
    // costs three subtractions and a square root (no trigonometry per node).
    const perCost = g.heuristicMetresPerCost;
    const weight = useHeuristic && Number.isFinite(perCost) && perCost > 0 ? 1 / perCost : 0;
    const gx = x[to];
    const gy = y[to];
    const gz = z[to];
    const estimate = (node: number) => weight * Math.sqrt((x[node] - gx) ** 2 + (y[node] - gy) ** 2 + (z[node] - gz) ** 2);
    heap.clear();
    stamp[from] = generation;
    bestCost[from] = 0;
    viaEdge[from] = -1;
    heap.push(from, estimate(from));
    let settledNodes = 0;
    while (heap.size > 0) {
      const node = heap.pop();
      if (settled[node] === generation) continue;
      settled[node] = generation;
      settledNodes += 1;
      if (node === to) return this.pathTo(from, to, settledNodes);
      const base = bestCost[node];
      for (let e = g.firstEdge[node], end = g.firstEdge[node + 1]; e < end; e += 1) {
        const next = g.edgeTo[e];
        if (settled[next] === generation) continue;
        const cost = base + g.edgeCost[e];
        if (stamp[next] !== generation || cost < bestCost[next]) {
          stamp[next] = generation;
          bestCost[next] = cost;
          viaEdge[next] = e;
          heap.push(next, cost + estimate(next));
        }
      }
    }
    return { found: false, reason: 'unreachable', settledNodes };
  }

  private pathTo(from: number, to: number, settledNodes: number): PathResult {
    const g = this.graph;
    const edges: number[] = [];
    for (let node = to; node !== from; node = g.edgeFrom[this.viaEdge[node]]) edges.push(this.viaEdge[node]);
    edges.reverse();
    const nodes = [from, ...edges.map((e) => g.edgeTo[e])];
    let lengthMetres = 0;
    for (const e of edges) lengthMetres += g.edgeLengthMetres[e];
    return { found: true, nodes, edges, lengthMetres, cost: this.bestCost[to], settledNodes };
  }

  private checkNode(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.graph.nodeCount) throw new RangeError(`No node ${id} (the graph has ${this.graph.nodeCount})`);
  }
}
