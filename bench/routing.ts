/**
 * Road routing benchmark (issue 15 point 3): graph build time, then the route time of A* against plain Dijkstra
 * (the baseline, same graph, same pairs, same run) over random node pairs, on the shipped IRN network and on a
 * synthetic grid of about 200,000 directed edges; and the full point-to-point driving route (snapping both
 * places, up to four searches); and one origin to the 18 A&E hospitals (issue 15 point 3) as one multi-goal search
 * (`PathFinder.oneToMany`) against 18 A* searches and 18 plain Dijkstra searches, on both networks. Prints
 * figures and ratios, asserts nothing.
 *
 *   npm run bench:routing [-- pairs=200]
 */
import { join } from 'node:path';
import { GraphBuilder, PathFinder, type Graph } from '../server/routing/graph';
import { aeDrivingAnswer, createAeRouter } from '../server/routing/emergency';
import { drivingRoute, loadRoadNetwork, secondsAt } from '../server/routing/roads';
import { getDemSampler } from '../server/terrain/dem';
import { heading, line, median, percentile, ratio, timingSummary } from './format';
import { compareAStarWithDijkstra, printAStarRatios } from './pathFinderComparison';
import { mulberry32 } from '../server/data/seededRandom';

const pairCount = Number((process.argv[2] ?? '200').replace(/^pairs=/, ''));
if (!Number.isInteger(pairCount) || pairCount < 1) {
  console.error(`The pair count must be a whole number ≥ 1, got ${process.argv[2]}`);
  process.exit(1);
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Times A* and Dijkstra on the same random pairs (alternating, so neither profits from a warmer cache). */
function compare(label: string, graph: Graph, random: () => number): void {
  const finder = new PathFinder(graph);
  const pairs = Array.from({ length: pairCount }, () => [Math.floor(random() * graph.nodeCount), Math.floor(random() * graph.nodeCount)] as const);
  const comparison = compareAStarWithDijkstra(finder, pairs);
  const { times, found, mismatches } = comparison;
  heading(label);
  line('graph', `${graph.nodeCount.toLocaleString('en-US')} nodes, ${graph.edgeCount.toLocaleString('en-US')} directed edges`);
  line('pairs', `${pairs.length} (${found} connected); A* cost ≠ Dijkstra cost on ${mismatches}`);
  for (const [name, values] of [['A*', times.aStar], ['Dijkstra (baseline)', times.dijkstra]] as const) {
    line(name, timingSummary(values, 'routes/s'));
  }
  printAStarRatios(comparison);
}

/** A square grid of junctions 100 m apart, two-way streets at random limits of 30–110 km/h. */
function syntheticGrid(targetDirectedEdges: number, random: () => number): Graph {
  // n × n grid: 4·n·(n − 1) directed edges.
  const side = Math.ceil((1 + Math.sqrt(1 + targetDirectedEdges)) / 2);
  const builder = new GraphBuilder();
  const stepLat = 100 / 111_195;
  const stepLon = stepLat / Math.cos((22.3 * Math.PI) / 180);
  for (let row = 0; row < side; row += 1) for (let column = 0; column < side; column += 1) builder.addNode(113.9 + column * stepLon, 22.2 + row * stepLat);
  const limits = [30, 50, 50, 50, 70, 80, 100, 110];
  const street = (a: number, b: number) => {
    const seconds = secondsAt(100, limits[Math.floor(random() * limits.length)]);
    builder.addEdge(a, b, 100, seconds);
    builder.addEdge(b, a, 100, seconds);
  };
  for (let row = 0; row < side; row += 1) {
    for (let column = 0; column < side; column += 1) {
      const node = row * side + column;
      if (column + 1 < side) street(node, node + 1);
      if (row + 1 < side) street(node, node + side);
    }
  }
  return builder.build();
}

const random = mulberry32(2026);

let started = performance.now();
const network = loadRoadNetwork(join(import.meta.dirname, '../data'));
const buildMs = performance.now() - started;
heading('Shipped road network (TD IRN 2021 snapshot)');
line('source', typeof network.source === 'string' ? network.source : network.source.fullNetworkFile);
line('build (read files, graph, snap index)', ms(buildMs));
line('segments', `${network.stats.segments.toLocaleString('en-US')} (${network.stats.speedLimitedSegments} with posted limits, ${network.stats.busOnlySegmentsLeftOut} bus-only left out)`);
compare('Node to node on the shipped network', network.graph, random);

// Point-to-point: random places inside the network's extent, snapped within 2 km (those farther are skipped).
const { lon, lat } = network.graph;
const routeTimes: number[] = [];
let attempts = 0;
while (routeTimes.length < pairCount && attempts < pairCount * 20) {
  attempts += 1;
  const a = Math.floor(random() * network.graph.nodeCount);
  const b = Math.floor(random() * network.graph.nodeCount);
  // Offset from a junction by up to ~300 m, so the snap and the access leg are real work.
  const origin: [number, number] = [lon[a] + (random() - 0.5) * 0.006, lat[a] + (random() - 0.5) * 0.006];
  const destination: [number, number] = [lon[b] + (random() - 0.5) * 0.006, lat[b] + (random() - 0.5) * 0.006];
  const t = performance.now();
  const route = drivingRoute(network, origin, destination);
  const elapsed = performance.now() - t;
  if (route.found) routeTimes.push(elapsed);
}
heading('Place to place on the shipped network (snap both ends + up to 4 A* searches)');
line('routes found', `${routeTimes.length} of ${attempts} tried`);
line('time', `median ${ms(median(routeTimes))}, p95 ${ms(percentile(routeTimes, 0.95))}, max ${ms(Math.max(...routeTimes))}`);

started = performance.now();
const grid = syntheticGrid(200_000, random);
heading('Synthetic grid');
line('build', ms(performance.now() - started));
compare('Node to node on the synthetic grid (~200,000 edges)', grid, random);

const summary = (values: number[]) => timingSummary(values);

/**
 * One origin to many goals: one multi-goal Dijkstra against one A* and one plain Dijkstra per goal, from the same
 * start node to the same goal nodes (alternating per origin). Costs are checked equal.
 */
function compareOneToMany(label: string, graph: Graph, origins: number[], goals: number[]): void {
  const finder = new PathFinder(graph);
  const times = { many: [] as number[], aStar: [] as number[], dijkstra: [] as number[] };
  let mismatches = 0;
  for (const origin of origins.slice(0, 5)) {
    finder.oneToMany([{ node: origin, cost: 0 }], goals);
    for (const goal of goals) finder.aStar(origin, goal);
  }
  for (const origin of origins) {
    let started = performance.now();
    const many = finder.oneToMany([{ node: origin, cost: 0 }], goals);
    times.many.push(performance.now() - started);
    const costs = [...many.costs];
    started = performance.now();
    const aStarCosts = goals.map((goal) => {
      const path = finder.aStar(origin, goal);
      return path.found ? path.cost : null;
    });
    times.aStar.push(performance.now() - started);
    started = performance.now();
    for (const goal of goals) finder.dijkstra(origin, goal);
    times.dijkstra.push(performance.now() - started);
    costs.forEach((cost, index) => {
      const other = aStarCosts[index];
      if ((cost === null) !== (other === null) || (cost !== null && other !== null && Math.abs(cost - other) > 1e-6 * Math.max(1, cost))) mismatches += 1;
    });
  }
  heading(label);
  line('origins × goals', `${origins.length} × ${goals.length}; one-to-many cost ≠ A* cost on ${mismatches}`);
  line('one multi-goal Dijkstra', summary(times.many));
  line(`${goals.length} A* searches`, summary(times.aStar));
  line(`${goals.length} plain Dijkstra searches (baseline)`, summary(times.dijkstra));
  line('one-to-many / A*s, median time', ratio(median(times.many), median(times.aStar)));
  line('one-to-many / A*s, p95 time', ratio(percentile(times.many, 0.95), percentile(times.aStar, 0.95)));
  line('one-to-many / Dijkstras, median time', ratio(median(times.many), median(times.dijkstra)));
  line('A*s / Dijkstras, median time', ratio(median(times.aStar), median(times.dijkstra)));
}

// One origin to the 18 A&E hospitals on the shipped network: the hospitals' road nodes as goals.
const dem = (() => {
  try {
    return getDemSampler(join(import.meta.dirname, '../data'));
  } catch {
    return null;
  }
})();
const aeRouter = createAeRouter(join(import.meta.dirname, '../data'), network, dem ? (x, y) => dem.heightAt(x, y) : null);
const hospitalNodes = aeRouter.hospitals.flatMap((hospital) => (hospital.snap ? [network.graph.edgeFrom[hospital.snap.edge]] : []));
const aeOrigins = Array.from({ length: pairCount }, () => Math.floor(random() * network.graph.nodeCount));
compareOneToMany('One origin to the A&E hospitals, shipped network (node to node)', network.graph, aeOrigins, hospitalNodes);

// The whole answer of GET /mapviewer/api/routing/ae (snap, one search, 18 paths' lengths, the chosen route's line)
// against answering the same with 18 point-to-point driving routes (each snapping both ends, up to 4 A* runs).
const answerTimes: number[] = [];
const pointToPointTimes: number[] = [];
for (let i = 0; i < Math.min(pairCount, 100); i += 1) {
  const node = aeOrigins[i];
  const origin: [number, number] = [lon[node] + (random() - 0.5) * 0.004, lat[node] + (random() - 0.5) * 0.004];
  let t = performance.now();
  const answer = aeDrivingAnswer(aeRouter, origin);
  answerTimes.push(performance.now() - t);
  if (answer.status !== 'ok') continue;
  t = performance.now();
  for (const hospital of aeRouter.hospitals) drivingRoute(network, origin, hospital.position);
  pointToPointTimes.push(performance.now() - t);
}
heading('A&E answer for one place (GET /mapviewer/api/routing/ae work, without HTTP)');
line('one-to-many answer', summary(answerTimes));
line(`${aeRouter.hospitals.length} point-to-point driving routes`, summary(pointToPointTimes));
line('answer / point-to-point, median time', ratio(median(answerTimes), median(pointToPointTimes)));

const gridGoals = Array.from({ length: 18 }, () => Math.floor(random() * grid.nodeCount));
const gridOrigins = Array.from({ length: pairCount }, () => Math.floor(random() * grid.nodeCount));
compareOneToMany('One origin to 18 goals, synthetic grid (~200,000 edges)', grid, gridOrigins, gridGoals);
