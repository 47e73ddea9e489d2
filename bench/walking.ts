/**
 * Walking route benchmark (issue 17 point 5): the walking graph's build time, then A* against plain Dijkstra (the
 * baseline: same graph, same pairs, same run) between random node pairs of one connected part at most 3 km apart
 * (a walk, not a cross-territory trip), and the whole walking answer (boundary check, snapping both places, up to
 * four A* searches, streets, summary) for random places near those nodes. Prints figures and ratios, asserts
 * nothing.
 *
 *   npm run bench:walking [-- pairs=200]
 */
import { join } from 'node:path';
import { loadDistrictIndex } from '../server/data/districts';
import { mulberry32 } from '../server/data/seededRandom';
import { connectedParts } from '../server/routing/graph';
import { greatCircleMetres } from '../server/routing/network';
import { loadWalkingNetwork, walkingRoute } from '../server/routing/walking';
import { heading, line, median, ratio } from './format';

const pairCount = Number((process.argv[2] ?? '200').replace(/^pairs=/, ''));
if (!Number.isInteger(pairCount) || pairCount < 1) {
  console.error(`The pair count must be a whole number ≥ 1, got ${process.argv[2]}`);
  process.exit(1);
}
/** Pairs are drawn at most this far apart (straight line, metres). */
const MAX_PAIR_METRES = 3000;

function percentile(values: ReadonlyArray<number>, share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}
const ms = (value: number) => `${value.toFixed(2)} ms`;
const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
const summary = (values: number[]) =>
  `median ${ms(median(values))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}, ${(values.length / (total(values) / 1000)).toFixed(0)} /s`;

const dataDir = join(import.meta.dirname, '../data');
let started = performance.now();
const network = loadWalkingNetwork(dataDir);
const buildMs = performance.now() - started;
const districts = loadDistrictIndex(dataDir);
const { graph, finder } = network;
heading('Walking graph');
line('build: files → graph + snap index', ms(buildMs));
line('graph', `${graph.nodeCount.toLocaleString('en-US')} nodes, ${graph.edgeCount.toLocaleString('en-US')} directed edges`);
line('pedestrian network file', network.pedestrianNetworkFile ?? 'none (built network only)');

// Pairs within the largest connected part, at most MAX_PAIR_METRES apart.
const random = mulberry32(17);
const { part, largest } = connectedParts(graph);
const inLargest: number[] = [];
for (let n = 0; n < graph.nodeCount; n += 1) if (part[n] === largest) inLargest.push(n);
const position = (node: number): [number, number] => [graph.lon[node], graph.lat[node]];
const pairs: Array<[number, number]> = [];
while (pairs.length < pairCount) {
  const from = inLargest[Math.floor(random() * inLargest.length)];
  const to = inLargest[Math.floor(random() * inLargest.length)];
  if (from !== to && greatCircleMetres(position(from), position(to)) <= MAX_PAIR_METRES) pairs.push([from, to]);
}

for (const [from, to] of pairs.slice(0, 10)) {
  finder.aStar(from, to);
  finder.dijkstra(from, to);
}
const times = { aStar: [] as number[], dijkstra: [] as number[] };
const settled = { aStar: 0, dijkstra: 0 };
let mismatches = 0;
for (const [from, to] of pairs) {
  started = performance.now();
  const fast = finder.aStar(from, to);
  times.aStar.push(performance.now() - started);
  started = performance.now();
  const plain = finder.dijkstra(from, to);
  times.dijkstra.push(performance.now() - started);
  settled.aStar += fast.settledNodes;
  settled.dijkstra += plain.settledNodes;
  if (fast.found !== plain.found || (fast.found && plain.found && Math.abs(fast.cost - plain.cost) > 1e-6 * Math.max(1, plain.cost))) mismatches += 1;
}
heading(`Node to node, ${pairs.length} pairs ≤ ${MAX_PAIR_METRES / 1000} km apart in the largest part`);
line('A* cost ≠ Dijkstra cost', String(mismatches));
line('A*', summary(times.aStar));
line('Dijkstra (baseline)', summary(times.dijkstra));
line('A* / Dijkstra, median time', ratio(median(times.aStar), median(times.dijkstra)));
line('A* / Dijkstra, p95 time', ratio(percentile(times.aStar, 0.95), percentile(times.dijkstra, 0.95)));
line('A* / Dijkstra, nodes settled', ratio(settled.aStar, settled.dijkstra));

// The whole answer of GET /mapviewer/api/routing/walk, without HTTP, for places up to ~100 m off those nodes.
const answerTimes: number[] = [];
const outcomes = new Map<string, number>();
for (const [from, to] of pairs) {
  const jitter = (node: number): [number, number] => [graph.lon[node] + (random() - 0.5) * 0.002, graph.lat[node] + (random() - 0.5) * 0.002];
  const origin = jitter(from);
  const destination = jitter(to);
  started = performance.now();
  const answer = walkingRoute(network, districts, origin, destination);
  answerTimes.push(performance.now() - started);
  const outcome = answer.found ? 'found' : answer.reason;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
}
heading('Walking answer for two places (GET /mapviewer/api/routing/walk work, without HTTP)');
line('answer', summary(answerTimes));
line('outcomes', [...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', '));
