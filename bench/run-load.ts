/**
 * `npm run bench:server`: the server load benchmark (bench/load.ts) on its own; it needs no build. Prints, never
 * asserts; stops by itself: a watchdog ends the run (stopping both servers by PID) after {@link BUDGET_MS}.
 */
import { availableParallelism, cpus } from 'node:os';
import { runCleanups } from './cleanup';
import { benchLoad } from './load';

/** Start-up (~10 s), then 2 calls x (2 warm-ups of 1 s + 4 runs of 5 s) = 44 s of load. */
const BUDGET_MS = 110_000;

let stopping = false;

async function main(): Promise<number> {
  const started = performance.now();
  console.log(`bench:server: ${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})`);
  const watchdog = setTimeout(() => {
    stopping = true;
    console.error(`\nbench:server: stopped after ${BUDGET_MS / 1000} s`);
    void runCleanups().finally(() => process.exit(2));
  }, BUDGET_MS);
  try {
    await benchLoad();
  } finally {
    clearTimeout(watchdog);
    await runCleanups();
  }
  console.log(`\nbench:server: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: Ctrl-C reaches this process twice (terminal and tsx), as in bench/run.ts.
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\nbench:server: ${signal}, cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    if (!stopping) console.error(`bench:server could not run: ${error instanceof Error ? error.message : String(error)}`);
    await runCleanups();
    process.exit(1);
  },
);
