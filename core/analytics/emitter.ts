/**
 * The analytics bus (SPEC §7): fire-and-forget, batched, never throws into the UI, never carries personal
 * data. Sinks are plugins (`analyticsSinks` registry); core emits `<feature>::on|off` itself for every
 * switch the store changes (see core/store `services.analytics`).
 */
import type { AnalyticsEmitter, AnalyticsEvent, AnalyticsSinkContribution, Language } from '../plugin/types';

export interface AnalyticsOptions {
  /** The sinks at flush time (usually `() => host.registries.analyticsSinks.list()`). */
  sinks: () => ReadonlyArray<AnalyticsSinkContribution>;
  /** Current interface language, stamped on events that carry none. */
  language?: () => Language;
  /** Flush after this long since the first queued event, milliseconds. Default 2000. */
  flushIntervalMs?: number;
  /** Flush as soon as this many events are queued. Default 20. */
  maxBatchSize?: number;
  /** Clock, milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

export interface Analytics extends AnalyticsEmitter {
  /** `<id>::on` / `<id>::off` with `id` set; the store calls it for every switch that changed. */
  emitToggle(id: string, on: boolean): void;
  /** Sends what is queued now. Resolves when every sink has been called; never rejects. */
  flush(): Promise<void>;
  /** Events queued and not yet sent. */
  pending(): number;
  /** Stops the timer and drops the queue. */
  dispose(): void;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const flushIntervalMs = options.flushIntervalMs ?? 2000;
  const maxBatchSize = options.maxBatchSize ?? 20;
  const now = options.now ?? Date.now;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const flush = async (): Promise<void> => {
    clearTimer();
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    let sinks: ReadonlyArray<AnalyticsSinkContribution> = [];
    try {
      sinks = options.sinks();
    } catch (error) {
      console.error('analytics: listing sinks failed', error);
    }
    await Promise.all(
      sinks.map(async (sink) => {
        try {
          await sink.send(batch.map((event) => ({ ...event })));
        } catch (error) {
          console.error(`analytics: sink "${sink.id}" failed`, error);
        }
      }),
    );
  };

  const emit: Analytics['emit'] = (event) => {
    try {
      const lang = event.lang ?? options.language?.();
      queue.push({ ...event, ...(lang ? { lang } : {}), at: now() });
      if (queue.length >= maxBatchSize) void flush();
      else if (timer === null) timer = setTimeout(() => void flush(), flushIntervalMs);
    } catch (error) {
      console.error('analytics: emit failed', error);
    }
  };

  return {
    emit,
    emitToggle: (id, on) => emit({ name: `${id}::${on ? 'on' : 'off'}`, id }),
    flush,
    pending: () => queue.length,
    dispose() {
      clearTimer();
      queue = [];
    },
  };
}
