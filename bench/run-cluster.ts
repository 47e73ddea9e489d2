/**
 * `npm run bench:cluster`: the clustering benchmark (bench/cluster.ts) on its own — apart from `npm run bench`,
 * whose 2-minute budget it would more than double. It needs no build of the app. Prints, never asserts; stops
 * by itself: a watchdog ends the run (closing the browser and the page server) after {@link BUDGET_MS}.
 */
import { availableParallelism, cpus } from 'node:os';
import { runCleanups } from './cleanup';
import { benchCluster } from './cluster';

/** Bundling ~2 s, four page runs; the baseline at 100,000 points is the long one. */
const BUDGET_MS = 170_000;

let stopping = false;

async function main(): Promise<number> {
  const started = performance.now();
  console.log(`bench:cluster: ${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})`);
  const watchdog = setTimeout(() => {
    stopping = true;
    console.error(`\nbench:cluster: stopped after ${BUDGET_MS / 1000} s`);
    void runCleanups().finally(() => process.exit(2));
  }, BUDGET_MS);
  try {
    // The page runs stop 10 s before the watchdog, so what was measured still prints.
    await benchCluster(started + BUDGET_MS - 10_000);
  } finally {
    clearTimeout(watchdog);
    await runCleanups();
  }
  console.log(`\nbench:cluster: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\nbench:cluster: ${signal}, cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
