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
import { heading, line, timingSummary } from './format';
import { compareAStarWithDijkstra, printAStarRatios } from './pathFinderComparison';

const pairCount = Number((process.argv[2] ?? '200').replace(/^pairs=/, ''));
if (!Number.isInteger(pairCount) || pairCount < 1) {
  console.error(`The pair count must be a whole number ≥ 1, got ${process.argv[2]}`);
  process.exit(1);
}
/** Pairs are drawn at most this far apart (straight line, metres). */
const MAX_PAIR_METRES = 3000;

const ms = (value: number) => `${value.toFixed(2)} ms`;

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

const comparison = compareAStarWithDijkstra(finder, pairs);
heading(`Node to node, ${pairs.length} pairs ≤ ${MAX_PAIR_METRES / 1000} km apart in the largest part`);
line('A* cost ≠ Dijkstra cost', String(comparison.mismatches));
line('A*', timingSummary(comparison.times.aStar));
line('Dijkstra (baseline)', timingSummary(comparison.times.dijkstra));
printAStarRatios(comparison);

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
line('answer', timingSummary(answerTimes));
line('outcomes', [...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', '));
