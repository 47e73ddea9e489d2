import type { AnalyticsEvent, AnalyticsSinkContribution } from '../../core/plugin/types';

/** Most events per POST (the server's ANALYTICS_MAX_EVENTS). */
export const MAX_EVENTS_PER_REQUEST = 100;
/** keepalive bodies are limited to 64 KiB in browsers; stay well below. */
export const MAX_BODY_BYTES = 60_000;

/** Splits events into batches that respect both the count and the keepalive size limit. */
export function toBatches(events: ReadonlyArray<AnalyticsEvent>): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  let current: AnalyticsEvent[] = [];
  let bytes = 16;
  for (const event of events) {
    const size = JSON.stringify(event).length + 1;
    if (size + 16 > MAX_BODY_BYTES) continue; // one oversized event is dropped, never sent
    if (current.length >= MAX_EVENTS_PER_REQUEST || bytes + size > MAX_BODY_BYTES) {
      batches.push(current);
      current = [];
      bytes = 16;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * The portal's analytics sink: POSTs batches to `<apiBase>analytics` with `keepalive`, so events sent while
 * the page unloads still arrive. Fire-and-forget: never throws, drops a batch on any failure.
 */
export function createAnalyticsSink(
  apiBase: string,
  fetchImpl: (input: string, init: RequestInit) => Promise<unknown> = (input, init) => fetch(input, init),
): AnalyticsSinkContribution {
  const url = `${apiBase.replace(/\/?$/, '/')}analytics`;
  return {
    id: 'portal-analytics',
    send(events) {
      try {
        for (const batch of toBatches(events)) {
          void Promise.resolve()
            .then(() =>
              fetchImpl(url, {
                method: 'POST',
                keepalive: true,
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ events: batch }),
              }),
            )
            .catch(() => {
              /* dropped: analytics never affects the user */
            });
        }
      } catch {
        /* dropped */
      }
    },
  };
}
