/**
 * Station routing benchmark (issue 17 point 4): building every station's sample model and graphs, then random
 * place-to-place queries inside random stations (both step-free settings), timing our full answer
 * (`stationRoute`: resolve the places, A*, steps, path, segments) against a plain Dijkstra search on the same graph
 * between the same nodes in the same run (the baseline: search only, no answer built). Prints figures and ratios,
 * asserts nothing. Goal: a route in under 5 ms.
 *
 *   npm run bench:indoor-routing [-- queries=2000]
 */
import { join } from 'node:path';
import { generateIndoorModel, loadIndoorGeneratorParameters } from '../server/data/indoorGenerator';
import { loadMtrStations } from '../server/data/mtrStations';
import { mulberry32 } from '../server/data/seededRandom';
import { createStationRouter, stationRoute } from '../server/routing/stationNetwork';
import { heading, line, median, percentile, ratio } from './format';

const queryCount = Number((process.argv[2] ?? '2000').replace(/^queries=/, ''));
if (!Number.isInteger(queryCount) || queryCount < 1) {
  console.error(`The query count must be a whole number ≥ 1, got ${process.argv[2]}`);
  process.exit(1);
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

const dataDir = join(import.meta.dirname, '..', 'data');
const buildStart = performance.now();
const model = generateIndoorModel(loadMtrStations(dataDir), loadIndoorGeneratorParameters(dataDir));
const generated = performance.now();
const routers = model.stations.map(createStationRouter);
const built = performance.now();

heading('Station routing: build');
line('stations', String(routers.length));
line('nodes / segments (all stations)', `${routers.reduce((sum, router) => sum + router.model.nodes.length, 0)} / ${routers.reduce((sum, router) => sum + router.model.segments.length, 0)}`);
line('largest station graph (directed edges)', String(Math.max(...routers.map((router) => router.all.graph.edgeCount))));
line('load + generate all stations', ms(generated - buildStart));
line('graphs + snap indexes, all stations', ms(built - generated));

const random = mulberry32(17);
const queries = Array.from({ length: queryCount }, () => {
  const router = routers[Math.floor(random() * routers.length)];
  const places = router.model.places;
  const from = places[Math.floor(random() * places.length)];
  let to = places[Math.floor(random() * places.length)];
  while (to === from) to = places[Math.floor(random() * places.length)];
  return { router, from, to, stepFree: random() < 0.5 };
});

// Warm-up so the JIT has compiled both before timing.
for (const query of queries.slice(0, 50)) {
  stationRoute(query.router, query.from.id, query.to.id, { stepFree: query.stepFree, lang: 'en-US' });
  (query.stepFree ? query.router.stepFree : query.router.all).finder.dijkstra(query.from.node, query.to.node);
}

const ours: number[] = [];
const aStarOnly: number[] = [];
const baseline: number[] = [];
let found = 0;
let agree = 0;
// Alternate the two per query, so neither profits from a warmer cache.
for (const query of queries) {
  const graph = query.stepFree ? query.router.stepFree : query.router.all;
  let start = performance.now();
  const answer = stationRoute(query.router, query.from.id, query.to.id, { stepFree: query.stepFree, lang: 'en-US' });
  ours.push(performance.now() - start);
  start = performance.now();
  graph.finder.aStar(query.from.node, query.to.node);
  aStarOnly.push(performance.now() - start);
  start = performance.now();
  const plain = graph.finder.dijkstra(query.from.node, query.to.node);
  baseline.push(performance.now() - start);
  if (answer.found) found += 1;
  if (answer.found === plain.found && (!answer.found || (plain.found && Math.abs(answer.walkingSeconds - Math.round(plain.cost)) <= 1))) agree += 1;
}

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
heading(`Station routing: ${queryCount} random place-to-place queries (half step-free)`);
line('routes found', `${found} (the rest: step-free with no lift on the way)`);
line('same cost as plain Dijkstra', `${agree} of ${queryCount}`);
line('ours (full answer, A*)', `median ${ms(median(ours))}, p95 ${ms(percentile(ours, 0.95))}, max ${ms(Math.max(...ours))}, ${Math.round((1000 * queryCount) / total(ours))} routes/s`);
line('A* search only (inside ours)', `median ${ms(median(aStarOnly))}, p95 ${ms(percentile(aStarOnly, 0.95))}, ${Math.round((1000 * queryCount) / total(aStarOnly))} searches/s`);
line('plain Dijkstra (search only)', `median ${ms(median(baseline))}, p95 ${ms(percentile(baseline, 0.95))}, max ${ms(Math.max(...baseline))}, ${Math.round((1000 * queryCount) / total(baseline))} searches/s`);
line('ratio ours / Dijkstra', `median ${ratio(median(ours), median(baseline))}, p95 ${ratio(percentile(ours, 0.95), percentile(baseline, 0.95))}, throughput ${ratio(total(baseline), total(ours))}`);
line('ratio A* / Dijkstra (search only)', `median ${ratio(median(aStarOnly), median(baseline))}, p95 ${ratio(percentile(aStarOnly, 0.95), percentile(baseline, 0.95))}`);
line('goal: a route under 5 ms', percentile(ours, 0.95) < 5 ? `met at p95 (${ms(percentile(ours, 0.95))})` : `not met at p95 (${ms(percentile(ours, 0.95))})`);
