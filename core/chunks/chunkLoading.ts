/**
 * Loading the app's lazy chunks (route pages, plugin contributions, the language tables, Cesium) so that a
 * chunk that fails or hangs becomes an error the page can show and retry, never a blank page or a dead button.
 *
 * SPEC §7 "script chunk loading times out after 120 seconds", §9 "Script chunk timeout 120000 ms"; SPEC §8 names
 * the two failures: a script chunk (ChunkLoadError) and a stylesheet chunk ("CSS chunk load failed").
 *
 * A retry simply calls the loader again: Chromium does not keep a failed module fetch in its module map (checked in
 * tests/e2e/chunk-failure.spec.ts), so `import()` of the same URL fetches it again. Stylesheets are the exception:
 * Vite's preload helper remembers every stylesheet it has inserted, failed or not, and never inserts it again, so
 * {@link restoreFailedStylesheets} puts a fresh `<link>` in for each one that failed before the loader runs again.
 */

/** SPEC §9 "Script chunk timeout 120000 ms". */
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailureKind = 'script' | 'stylesheet' | 'timeout';

/** A lazy chunk that did not arrive: the one error the chunk-failure message is shown for. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkFailureKind,
    message: string,
    /** The stylesheet that failed (kind `stylesheet`), as Vite reported it. */
    readonly stylesheetUrl?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Browser wordings of a failed dynamic import (Chromium, Firefox, Safari) and Vite's stylesheet failure. */
const SCRIPT_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script/i;
const STYLESHEET_FAILURE = /^Unable to preload CSS for (\S+)/;

/** The error as a {@link ChunkLoadError} when it says a chunk failed to load; null for any other error. */
export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const stylesheet = STYLESHEET_FAILURE.exec(message);
  if (stylesheet) return new ChunkLoadError('stylesheet', message, stylesheet[1], { cause: error });
  if (SCRIPT_FAILURE.test(message) || (error instanceof Error && error.name === 'ChunkLoadError')) {
    return new ChunkLoadError('script', message, undefined, { cause: error });
  }
  return null;
}

/**
 * The loader's promise, rejected with a {@link ChunkLoadError} of kind `timeout` when it has not settled within
 * `timeoutMs` (default {@link SCRIPT_CHUNK_TIMEOUT_MS}); a chunk failure is rejected as a ChunkLoadError, any other
 * error as it is. `setTimer` is for tests.
 */
export function withChunkTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number = SCRIPT_CHUNK_TIMEOUT_MS,
  setTimer: (run: () => void, ms: number) => () => void = (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const cancel = setTimer(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError('timeout', `A chunk did not arrive within ${timeoutMs} ms`));
    }, timeoutMs);
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        cancel();
        reject(asChunkLoadError(error) ?? error);
      },
    );
  });
}

/** Stylesheets whose preload failed, by URL; put back by {@link restoreFailedStylesheets}. */
const failedStylesheets = new Set<string>();

/** Remembers the stylesheet of a stylesheet failure, so the next retry puts it in again. */
export function noteChunkFailure(error: ChunkLoadError): void {
  if (error.kind === 'stylesheet' && error.stylesheetUrl) failedStylesheets.add(error.stylesheetUrl);
}

/**
 * Replaces the `<link>` of every stylesheet that failed with a fresh one and resolves once they have loaded
 * (rejects with a stylesheet ChunkLoadError when one fails again). Needed because Vite never re-inserts a
 * stylesheet it tried once.
 */
export async function restoreFailedStylesheets(doc: Document = document): Promise<void> {
  const urls = [...failedStylesheets];
  await Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve, reject) => {
          for (const old of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (old.href === url) old.remove();
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = url;
          link.addEventListener('load', () => {
            failedStylesheets.delete(url);
            resolve();
          });
          link.addEventListener('error', () => reject(new ChunkLoadError('stylesheet', `Unable to preload CSS for ${url}`, url)));
          doc.head.appendChild(link);
        }),
    ),
  );
}

/**
 * Runs a lazy loader with the chunk timeout; before a retry (attempt > 0) the failed stylesheets are put back.
 * A chunk failure rejects as a {@link ChunkLoadError} (and is remembered for the retry).
 */
export async function loadChunk<T>(loader: () => Promise<T>, options: { timeoutMs?: number; retry?: boolean } = {}): Promise<T> {
  try {
    if (options.retry && typeof document !== 'undefined') await restoreFailedStylesheets();
    return await withChunkTimeout(loader(), options.timeoutMs);
  } catch (error) {
    const chunkError = asChunkLoadError(error);
    if (chunkError) noteChunkFailure(chunkError);
    throw chunkError ?? error;
  }
}
