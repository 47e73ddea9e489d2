import { newestObservation, type FeedSource } from '../../core/contracts';
import { errorMessage } from './http';

/** One answer of a feed: its data, where they came from, and the JSON body served (made once per answer). */
export interface FeedAnswer<Data> {
  data: Data;
  source: FeedSource;
  body: string;
}

export interface Feed<Data> {
  current(): Promise<FeedAnswer<Data>>;
}

/** An answer that places no station is not a usable answer (wrong file, or every station down). */
export function requireFeatures<Data extends { features: unknown[] }>(data: Data, what: string): Data {
  if (data.features.length === 0) throw new Error(`${what}: no reading in the answer matches a known station`);
  return data;
}

/** The part of `source` every answer states the same way: whether it is the snapshot, and when it was observed. */
type SourceBasis = Omit<FeedSource, 'snapshot' | 'observedAt'>;

function answer<Data extends object>(data: Data, basis: SourceBasis): FeedAnswer<Data> {
  const features = (data as { features?: unknown }).features;
  const observedAt = Array.isArray(features) ? newestObservation(features as Parameters<typeof newestObservation>[0]) : undefined;
  // The offline snapshot is a snapshot however it came to be served (SOURCES=offline, or live with no answer yet).
  const source: FeedSource = { ...basis, snapshot: basis.served === 'offline', ...(observedAt ? { observedAt } : {}) };
  return { data, source, body: JSON.stringify({ ...data, source }) };
}

/** A feed that always answers the offline snapshot (SOURCES=offline). */
export function offlineFeed<Data extends object>(data: Data): Feed<Data> {
  const only = answer(data, { mode: 'offline', served: 'offline', fallback: false });
  return { current: async () => only };
}

export interface LiveFeedOptions<Data> {
  /** Names the source in failure reasons, e.g. "HKO temperature". */
  name: string;
  /** Fetches and adapts one answer; must stop when `signal` aborts. Throws when the answer is unusable. */
  load: (signal: AbortSignal) => Promise<Data>;
  /** Served when the source fails before it ever answered. */
  offline: Data;
  /** How long a good answer is kept before the source is asked again, ms (the feed's interval). */
  refreshMs: number;
  /** Longest wait for one answer, ms. */
  timeoutMs: number;
  /** After a failure, how long the fallback is served before the source is tried again, ms. */
  retryMs: number;
  /** Clock, ms since the epoch. */
  now: () => number;
}

/**
 * A feed from a live public source: answers are cached for `refreshMs`; at most one fetch is in flight (callers
 * arriving meanwhile share it); a fetch is abandoned after `timeoutMs`. When the source fails (network, timeout,
 * HTTP error, unparsable or off-contract answer) the feed serves the last good answer, or the offline snapshot
 * if there was none, says so in `source`, and tries again after `retryMs`.
 */
export class LiveFeed<Data extends object> implements Feed<Data> {
  private cached: { answer: FeedAnswer<Data>; until: number } | undefined;
  private lastGood: { data: Data; fetchedAt: number } | undefined;
  private inFlight: Promise<FeedAnswer<Data>> | undefined;

  constructor(private readonly options: LiveFeedOptions<Data>) {}

  current(): Promise<FeedAnswer<Data>> {
    if (this.cached && this.options.now() < this.cached.until) return Promise.resolve(this.cached.answer);
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<FeedAnswer<Data>> {
    const { now, refreshMs, retryMs, name } = this.options;
    try {
      const data = await this.loadWithTimeout();
      const fetchedAt = now();
      this.lastGood = { data, fetchedAt };
      const fresh = answer(data, { mode: 'live', served: 'live', fallback: false, fetchedAt: new Date(fetchedAt).toISOString() });
      this.cached = { answer: fresh, until: fetchedAt + refreshMs };
      return fresh;
    } catch (error) {
      const reason = `${name}: ${errorMessage(error)}`;
      const fallback = this.lastGood
        ? answer(this.lastGood.data, {
            mode: 'live',
            served: 'last-good',
            fallback: true,
            fetchedAt: new Date(this.lastGood.fetchedAt).toISOString(),
            reason,
          })
        : answer(this.options.offline, { mode: 'live', served: 'offline', fallback: true, reason });
      this.cached = { answer: fallback, until: now() + retryMs };
      return fallback;
    }
  }

  /** Runs `load`, aborting it and failing after `timeoutMs` even if it ignores the signal. */
  private async loadWithTimeout(): Promise<Data> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`no answer within ${this.options.timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, this.options.timeoutMs);
    });
    try {
      return await Promise.race([this.options.load(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
