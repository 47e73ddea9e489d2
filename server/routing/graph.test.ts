import { describe, expect, it } from 'vitest';
import { GraphBuilder, PathFinder } from './graph';
import { greatCircleMetres } from './network';
import { EdgeSnapIndex } from './snap';
import { mulberry32 } from '../data/seededRandom';

/**
 * A small hand-made grid in Central (about 100 m apart):
 *
 *   a ── b ── c
 *   │         │
 *   d ─────── e      a→b→c→e is short but slow (30 s per hop); a→d→e is longer but fast (10 s per hop).
 */
function handMadeGraph() {
  const builder = new GraphBuilder();
  const a = builder.addNode(114.158, 22.282);
  const b = builder.addNode(114.159, 22.282);
  const c = builder.addNode(114.16, 22.282);
  const d = builder.addNode(114.158, 22.281);
  const e = builder.addNode(114.16, 22.281);
  const positions: Array<[number, number]> = [
    [114.158, 22.282],
    [114.159, 22.282],
    [114.16, 22.282],
    [114.158, 22.281],
    [114.16, 22.281],
  ];
  const metres = (x: number, y: number) => greatCircleMetres(positions[x], positions[y]);
  const twoWay = (x: number, y: number, seconds: number) => {
    builder.addEdge(x, y, metres(x, y), seconds);
    builder.addEdge(y, x, metres(x, y), seconds);
  };
  twoWay(a, b, 30);
  twoWay(b, c, 30);
  twoWay(c, e, 30);
  twoWay(a, d, 10);
  twoWay(d, e, 10);
  return { builder, a, b, c, d, e };
}

describe('PathFinder on a hand-made graph', () => {
  it('takes the cheaper route, not the shorter one, and reports its length and cost', () => {
    const { builder, a, d, e } = handMadeGraph();
    const graph = builder.build();
    const result = new PathFinder(graph).aStar(a, e);
    expect(result.found).toBe(true);
    if (!result.found) return;
    expect(result.nodes).toEqual([a, d, e]);
    expect(result.cost).toBe(20);
    expect(result.lengthMetres).toBeCloseTo(greatCircleMetres([114.158, 22.282], [114.158, 22.281]) + greatCircleMetres([114.158, 22.281], [114.16, 22.281]), 6);
    expect(result.edges.map((edge) => [graph.edgeFrom[edge], graph.edgeTo[edge]])).toEqual([
      [a, d],
      [d, e],
    ]);
  });

  it('respects one-way edges', () => {
    const builder = new GraphBuilder();
    const x = builder.addNode(114.15, 22.28);
    const y = builder.addNode(114.151, 22.28);
    const z = builder.addNode(114.151, 22.281);
    // x → y one way only; back from y to x must go round through z.
    builder.addEdge(x, y, 100, 10);
    builder.addEdge(y, z, 100, 10);
    builder.addEdge(z, x, 150, 15);
    const finder = new PathFinder(builder.build());
    const forward = finder.aStar(x, y);
    const back = finder.aStar(y, x);
    expect(forward.found && forward.nodes).toEqual([x, y]);
    expect(back.found && back.nodes).toEqual([y, z, x]);
    expect(back.found && back.cost).toBe(25);
  });

  it('says unreachable instead of throwing, and a node reaches itself at no cost', () => {
    const { builder, a } = handMadeGraph();
    const island = builder.addNode(114.2, 22.3);
    const finder = new PathFinder(builder.build());
    expect(finder.aStar(a, island)).toMatchObject({ found: false, reason: 'unreachable' });
    expect(finder.dijkstra(island, a)).toMatchObject({ found: false, reason: 'unreachable' });
    expect(finder.aStar(a, a)).toMatchObject({ found: true, nodes: [a], edges: [], cost: 0, lengthMetres: 0 });
  });

  it('refuses nodes the graph does not have with a message naming them', () => {
    const { builder } = handMadeGraph();
    const finder = new PathFinder(builder.build());
    expect(() => finder.aStar(0, 99)).toThrow(/No node 99/);
    expect(() => builder.addEdge(0, 1, -5, 1)).toThrow(/length/);
  });

  it('the heuristic speed is the fastest edge, so A* stays exact', () => {
    const { builder } = handMadeGraph();
    const graph = builder.build();
    let fastest = 0;
    for (let e = 0; e < graph.edgeCount; e += 1) {
      const chord = greatCircleMetres([graph.lon[graph.edgeFrom[e]], graph.lat[graph.edgeFrom[e]]], [graph.lon[graph.edgeTo[e]], graph.lat[graph.edgeTo[e]]]);
      fastest = Math.max(fastest, chord / graph.edgeCost[e]);
    }
    expect(graph.heuristicMetresPerCost).toBeCloseTo(fastest, 9);
  });

  it('agrees with Dijkstra on random pairs of a random graph', () => {
    const random = mulberry32(7);
    const builder = new GraphBuilder();
    for (let i = 0; i < 400; i += 1) builder.addNode(114.1 + random() * 0.1, 22.25 + random() * 0.1);
    for (let i = 0; i < 1600; i += 1) {
      const from = Math.floor(random() * 400);
      const to = Math.floor(random() * 400);
      builder.addEdge(from, to, 100 + random() * 900, 5 + random() * 100);
    }
    const finder = new PathFinder(builder.build());
    for (let i = 0; i < 200; i += 1) {
      const from = Math.floor(random() * 400);
      const to = Math.floor(random() * 400);
      const fast = finder.aStar(from, to);
      const plain = finder.dijkstra(from, to);
      expect(fast.found).toBe(plain.found);
      if (fast.found && plain.found) expect(fast.cost).toBeCloseTo(plain.cost, 6);
    }
  });
});

describe('EdgeSnapIndex', () => {
  it('finds the nearest edge and the access leg to it, and nothing beyond the limit', () => {
    const { builder } = handMadeGraph();
    const graph = builder.build();
    const index = new EdgeSnapIndex(graph);
    // 0.0002° south of the middle of d–e: about 22 m from it, nearer to d–e than to any other edge.
    const snap = index.nearest(114.159, 22.2808);
    expect(snap).not.toBeNull();
    if (!snap) return;
    const ends = [graph.edgeFrom[snap.edge], graph.edgeTo[snap.edge]].sort();
    expect(ends).toEqual([3, 4]);
    expect(snap.fraction).toBeCloseTo(0.5, 3);
    expect(snap.accessLegMetres).toBeCloseTo(greatCircleMetres([114.159, 22.2808], [114.159, 22.281]), 1);
    expect(index.nearest(114.3, 22.5, 1000)).toBeNull();
  });

  it('agrees with a linear scan over every edge', () => {
    const { builder } = handMadeGraph();
    const graph = builder.build();
    const index = new EdgeSnapIndex(graph, 0.0005);
    const random = mulberry32(3);
    for (let i = 0; i < 100; i += 1) {
      const point: [number, number] = [114.156 + random() * 0.006, 22.279 + random() * 0.005];
      const snap = index.nearest(point[0], point[1], 10_000);
      let best = Infinity;
      for (let e = 0; e < graph.edgeCount; e += 1) {
        for (let k = 0; k <= 1000; k += 1) {
          const t = k / 1000;
          const from = graph.edgeFrom[e];
          const to = graph.edgeTo[e];
          best = Math.min(best, greatCircleMetres(point, [graph.lon[from] + t * (graph.lon[to] - graph.lon[from]), graph.lat[from] + t * (graph.lat[to] - graph.lat[from])]));
        }
      }
      expect(snap!.accessLegMetres).toBeCloseTo(best, 0);
    }
  });
});
