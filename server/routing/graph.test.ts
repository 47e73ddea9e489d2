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

describe('PathFinder.oneToMany (one search, many goals)', () => {
  it('gives every goal the cost of its own shortest path, the same as one search per goal', () => {
    const { builder, a, b, c, d, e } = handMadeGraph();
    const finder = new PathFinder(builder.build());
    const many = finder.oneToMany([{ node: a, cost: 0 }], [b, c, d, e]);
    expect(many.costs).toEqual([30, 50, 10, 20]);
    // c is cheaper round by d and e (10 + 10 + 30) than along the short top road (30 + 30).
    expect(many.pathTo(c)!.nodes).toEqual([a, d, e, c]);
    expect(many.pathTo(e)).toMatchObject({ nodes: [a, d, e], cost: 20 });
  });

  it('starts from several nodes at their own costs and reports which one a path left from', () => {
    const { builder, a, c, e } = handMadeGraph();
    const finder = new PathFinder(builder.build());
    // Entering at c costs 5, at a costs 100: e is reached from c (5 + 30), not from a (100 + 20).
    const many = finder.oneToMany([{ node: a, cost: 100 }, { node: c, cost: 5 }], [e]);
    expect(many.costs).toEqual([35]);
    expect(many.pathTo(e)!.nodes).toEqual([c, e]);
  });

  it('respects one-way edges, says unreachable for another part of the graph, and stops at maxCost', () => {
    const builder = new GraphBuilder();
    const x = builder.addNode(114.15, 22.28);
    const y = builder.addNode(114.151, 22.28);
    const z = builder.addNode(114.151, 22.281);
    const island = builder.addNode(114.3, 22.2);
    builder.addEdge(x, y, 100, 10);
    builder.addEdge(y, z, 100, 10);
    builder.addEdge(z, x, 150, 15);
    const finder = new PathFinder(builder.build());
    // From y, x lies only round by z (one-way x → y).
    const fromY = finder.oneToMany([{ node: y, cost: 0 }], [x, island]);
    expect(fromY.costs).toEqual([25, null]);
    expect(fromY.unsettledReason).toBe('unreachable');
    expect(fromY.pathTo(x)!.nodes).toEqual([y, z, x]);
    expect(fromY.pathTo(island)).toBeNull();
    const bounded = finder.oneToMany([{ node: y, cost: 0 }], [z, x], 20);
    expect(bounded.costs).toEqual([10, null]);
    expect(bounded.unsettledReason).toBe('beyond-max-cost');
  });

  it('agrees with Dijkstra on a random graph, and refuses to read a path after another search', () => {
    const random = mulberry32(11);
    const builder = new GraphBuilder();
    for (let i = 0; i < 300; i += 1) builder.addNode(114.1 + random() * 0.1, 22.25 + random() * 0.1);
    for (let i = 0; i < 1200; i += 1) builder.addEdge(Math.floor(random() * 300), Math.floor(random() * 300), 100 + random() * 900, 5 + random() * 100);
    const finder = new PathFinder(builder.build());
    const goals = Array.from({ length: 18 }, () => Math.floor(random() * 300));
    const many = finder.oneToMany([{ node: 0, cost: 0 }], goals);
    const expected = goals.map((goal) => {
      const plain = finder.dijkstra(0, goal);
      return plain.found ? plain.cost : null;
    });
    many.costs.forEach((cost, index) => (expected[index] === null ? expect(cost).toBeNull() : expect(cost).toBeCloseTo(expected[index]!, 6)));
    expect(() => many.pathTo(goals[0])).toThrow(/another search/);
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
