/**
 * `npm run bench:server`: the server load benchmark (bench/load.ts) on its own; it needs no build. Prints, never
 * asserts; stops by itself: a watchdog ends the run (stopping both servers by PID) after {@link BUDGET_MS}.
 */
import { benchLoad } from './load';
import { runBench } from './runner';

/** Start-up (~10 s), then 2 calls x (2 warm-ups of 1 s + 4 runs of 5 s) = 44 s of load. */
const BUDGET_MS = 110_000;

runBench(
  'bench:server',
  BUDGET_MS,
  async () => {
    await benchLoad();
    return 0;
  },
  {
    reportError: (error, stopping) => {
      if (!stopping) console.error(`bench:server could not run: ${error instanceof Error ? error.message : String(error)}`);
    },
  },
);
