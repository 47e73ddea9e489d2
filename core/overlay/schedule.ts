/** Options of the refresh schedule of a realtime overlay. */
export interface RefreshScheduleOptions {
  /** Manifest `realtime.intervalMs` (ms). */
  intervalMs: number;
  /** The feed's own `intervalClient` in seconds, when it sent one; it wins over the manifest (SPEC §7). */
  feedIntervalSeconds?: number | null;
  /** Consecutive failed fetches so far; 0 after a success. */
  failures: number;
  /** First retry delay after a failure, ms. Default 10000. */
  retryBaseMs?: number;
  /** Upper bound of the back-off, ms. Default 900000 (15 min). */
  maxBackoffMs?: number;
}

/** Shortest refresh interval honoured, ms; protects the server from a feed that says `intervalClient: 0`. */
export const MIN_REFRESH_MS = 5000;

/** The interval in ms between successful refreshes: the feed's `intervalClient` if valid, else the manifest's. */
export function refreshIntervalMs(intervalMs: number, feedIntervalSeconds?: number | null): number {
  const fromFeed =
    typeof feedIntervalSeconds === 'number' && Number.isFinite(feedIntervalSeconds) && feedIntervalSeconds > 0
      ? feedIntervalSeconds * 1000
      : null;
  return Math.max(MIN_REFRESH_MS, fromFeed ?? intervalMs);
}

/**
 * Delay before the next fetch. After a success: the refresh interval. After `n` failures: exponential back-off
 * `retryBaseMs * 2^(n-1)`, capped at `maxBackoffMs`.
 */
export function nextRefreshDelayMs(options: RefreshScheduleOptions): number {
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 900_000;
  if (options.failures <= 0) return refreshIntervalMs(options.intervalMs, options.feedIntervalSeconds);
  const exponent = Math.min(options.failures - 1, 30);
  return Math.min(maxBackoffMs, retryBaseMs * 2 ** exponent);
}

/**
 * Replaces `{timestamp}` and appends a `timestamp` query parameter (SPEC §7), ms since the epoch, unless
 * `appendTimestamp` is false (3D Tiles: Cesium passes the tileset's query on to every tile request, and tiles are
 * immutable files the browser should cache).
 */
export function buildFetchUrl(template: string, timestamp: number, values: Record<string, string> = {}, appendTimestamp = true): string {
  let url = template.replace(/\{timestamp\}/g, String(timestamp));
  for (const [key, value] of Object.entries(values)) url = url.split(`{${key}}`).join(encodeURIComponent(value));
  if (appendTimestamp && !/[?&]timestamp=/.test(url)) url += (url.includes('?') ? '&' : '?') + `timestamp=${timestamp}`;
  return url;
}
