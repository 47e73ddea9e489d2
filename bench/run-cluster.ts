/**
 * `npm run bench:cluster`: the clustering benchmark (bench/cluster.ts) on its own — apart from `npm run bench`,
 * whose 2-minute budget it would more than double. It needs no build of the app. Prints, never asserts; stops
 * by itself: a watchdog ends the run (closing the browser and the page server) after {@link BUDGET_MS}.
 */
import { benchCluster } from './cluster';
import { runBench } from './runner';

/** Bundling ~2 s, four page runs; the baseline at 100,000 points is the long one. */
const BUDGET_MS = 170_000;

runBench('bench:cluster', BUDGET_MS, async ({ started }) => {
  // The page runs stop 10 s before the watchdog, so what was measured still prints.
  await benchCluster(started + BUDGET_MS - 10_000);
  return 0;
});
