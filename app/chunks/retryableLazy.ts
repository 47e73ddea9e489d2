/**
 * React.lazy that can be tried again: React.lazy keeps a rejected load for good, so a chunk that failed once
 * would stay failed until the page is reloaded. A retryable lazy makes a fresh React.lazy on
 * {@link retryFailedChunks}, which the chunk-failure message's Retry calls.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../core/chunks/chunkLoading';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface Entry {
  failed: boolean;
  renew(): void;
}

const entries = new Set<Entry>();

/** A component that loads `loader` lazily with the chunk timeout and can be loaded again after a failure. */
export function retryableLazy<P extends object>(loader: Loader<P>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const entry: Entry = {
    failed: false,
    renew: () => {
      const retry = entry.failed;
      entry.failed = false;
      current = lazy(() =>
        loadChunk(loader, { retry }).catch((error: unknown) => {
          entry.failed = true;
          throw error;
        }),
      );
    },
  };
  entry.renew();
  entries.add(entry);
  function Retryable(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  return Retryable;
}

/** Makes every retryable lazy whose load failed load again on its next render. Returns how many. */
export function retryFailedChunks(): number {
  let count = 0;
  for (const entry of entries) {
    if (!entry.failed) continue;
    entry.renew();
    count += 1;
  }
  return count;
}
