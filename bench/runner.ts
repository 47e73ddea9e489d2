/**
 * What every bench entry point (run.ts, run-load.ts, run-cluster.ts) does around its benchmarks: prints the
 * machine, arms a watchdog that cleans up and exits 2 after the budget, runs the cleanups on every way out
 * (normal end, a thrown error, Ctrl-C/SIGTERM) and exits with the body's code.
 */
import { availableParallelism, cpus } from 'node:os';
import { runCleanups } from './cleanup';

export interface BenchRun {
  /** performance.now() at the start. */
  started: number;
  /** Milliseconds since the start. */
  elapsed(): number;
  /** Set by the watchdog or a signal: no further benchmark starts while the cleanups run. */
  stopping(): boolean;
}

export interface BenchOptions {
  /** Prints an error the body threw (default: the error as is); `stopping` is true when the watchdog or a signal fired. */
  reportError?: (error: unknown, stopping: boolean) => void;
}

/** Runs `body` as the bench `name` within `budgetMs`; the process exits with the code `body` resolves to. */
export function runBench(name: string, budgetMs: number, body: (run: BenchRun) => Promise<number>, options: BenchOptions = {}): void {
  let stopping = false;
  const reportError = options.reportError ?? ((error: unknown) => console.error(error));

  async function main(): Promise<number> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    console.log(`${name}: ${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})`);
    const watchdog = setTimeout(() => {
      stopping = true;
      console.error(`\n${name}: stopped after ${budgetMs / 1000} s`);
      void runCleanups().finally(() => process.exit(2));
    }, budgetMs);
    let code: number;
    try {
      code = await body({ started, elapsed, stopping: () => stopping });
    } finally {
      clearTimeout(watchdog);
      await runCleanups();
    }
    console.log(`\n${name}: done in ${(elapsed() / 1000).toFixed(1)} s`);
    return code;
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a second
    // signal without a handler would kill it before the server is stopped.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${name}: ${signal}, cleaning up`);
      void runCleanups().finally(() => process.exit(130));
    });
  }

  main().then(
    (code) => process.exit(code),
    async (error: unknown) => {
      reportError(error, stopping);
      await runCleanups();
      process.exit(1);
    },
  );
}
