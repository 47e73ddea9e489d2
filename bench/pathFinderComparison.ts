/**
 * A* against plain Dijkstra (the baseline) on the same graph and the same node pairs, as the routing benchmarks
 * (bench:routing, bench:walking) time them: ten warm-up pairs so the JIT has compiled both loops, then each pair
 * searched by both in turn (so neither profits from a warmer cache).
 */
import type { PathFinder } from '../server/routing/graph';
import { line, median, percentile, ratio } from './format';

export interface PathFinderComparison {
  /** Milliseconds per search. */
  times: { aStar: number[]; dijkstra: number[] };
  /** Nodes settled in all searches together. */
  settled: { aStar: number; dijkstra: number };
  /** Pairs A* found a route between. */
  found: number;
  /** Pairs where A* and Dijkstra disagree on whether there is a route or on its cost. */
  mismatches: number;
}

export function compareAStarWithDijkstra(finder: PathFinder, pairs: ReadonlyArray<readonly [number, number]>): PathFinderComparison {
  for (const [from, to] of pairs.slice(0, 10)) {
    finder.aStar(from, to);
    finder.dijkstra(from, to);
  }
  const times = { aStar: [] as number[], dijkstra: [] as number[] };
  const settled = { aStar: 0, dijkstra: 0 };
  let found = 0;
  let mismatches = 0;
  for (const [from, to] of pairs) {
    let started = performance.now();
    const fast = finder.aStar(from, to);
    times.aStar.push(performance.now() - started);
    started = performance.now();
    const plain = finder.dijkstra(from, to);
    times.dijkstra.push(performance.now() - started);
    settled.aStar += fast.settledNodes;
    settled.dijkstra += plain.settledNodes;
    if (fast.found) found += 1;
    if (fast.found !== plain.found || (fast.found && plain.found && Math.abs(fast.cost - plain.cost) > 1e-6 * Math.max(1, plain.cost))) mismatches += 1;
  }
  return { times, settled, found, mismatches };
}

/** The three A* / Dijkstra ratio lines: median time, p95 time, nodes settled. */
export function printAStarRatios({ times, settled }: PathFinderComparison): void {
  line('A* / Dijkstra, median time', ratio(median(times.aStar), median(times.dijkstra)));
  line('A* / Dijkstra, p95 time', ratio(percentile(times.aStar, 0.95), percentile(times.dijkstra, 0.95)));
  line('A* / Dijkstra, nodes settled', ratio(settled.aStar, settled.dijkstra));
}
