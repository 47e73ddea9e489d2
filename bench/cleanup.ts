/**
 * What the bench started (the server, the browser, temp folders) is undone here on every way out: normal end,
 * a thrown error, Ctrl-C, or the watchdog of bench/runner.ts.
 */
type Cleanup = () => void | Promise<void>;

const cleanups: Cleanup[] = [];
const exitCleanups: Array<() => void> = [];

/** Registers an async cleanup (run in reverse order by {@link runCleanups}); returns a disposer. */
export function onCleanup(cleanup: Cleanup): () => void {
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

/**
 * Registers a synchronous last resort run on `process.exit` (e.g. SIGKILL the server by PID) for when the
 * async cleanups could not finish; returns a disposer.
 */
export function onExit(cleanup: () => void): () => void {
  exitCleanups.push(cleanup);
  return () => {
    const index = exitCleanups.indexOf(cleanup);
    if (index >= 0) exitCleanups.splice(index, 1);
  };
}

/** Runs the registered cleanups, newest first; each gets at most `timeoutMs`, errors are printed, not thrown. */
export async function runCleanups(timeoutMs = 5_000): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(cleanup),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
    } catch (error) {
      console.error('cleanup failed:', error);
    } finally {
      clearTimeout(timer);
    }
  }
}

process.on('exit', () => {
  for (const cleanup of exitCleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      /* the process is exiting; nothing more can be done */
    }
  }
});
