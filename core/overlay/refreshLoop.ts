import { nextRefreshDelayMs } from './schedule';

/** Options of {@link RefreshLoop}. All times in ms. */
export interface RefreshLoopOptions<T> {
  /** Fetches once; a rejection counts as a failure. */
  load: (signal: AbortSignal) => Promise<T>;
  onData: (data: T) => void;
  /** Called with the error and the number of consecutive failures. */
  onError: (error: unknown, failures: number) => void;
  /** Manifest `realtime.intervalMs`. */
  intervalMs: number;
  /** False for a static overlay: fetched once when first shown (and retried with back-off on failure). */
  realtime: boolean;
  /** Reads the feed's `intervalClient` (seconds) from the last data, if any. */
  feedIntervalSeconds?: (data: T) => number | null | undefined;
  retryBaseMs?: number;
  maxBackoffMs?: number;
  /** Clock, replaceable in tests. Default `Date.now`. */
  now?: () => number;
  /**
   * Told whenever a fetch starts or ends and whenever the next due time changes (realtime panel: "Data is being
   * updated now" and the countdown, back-off included).
   */
  onStatus?: (status: RefreshStatus) => void;
}

/** What the realtime panel shows of a loop. */
export interface RefreshStatus {
  /** A fetch is in flight. */
  loading: boolean;
  /** When the next fetch is due, ms since the epoch; null when none is planned (hidden, or a static overlay). */
  nextDueAt: number | null;
}

/**
 * Fetch-and-refresh loop of one overlay source. It runs only while {@link setActive} is true (the overlay is
 * shown and the page is visible); going inactive cancels the timer and any fetch in flight, and going active
 * again fetches at once if a refresh came due meanwhile, otherwise waits for the rest of the interval.
 */
export class RefreshLoop<T> {
  private active = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private failures = 0;
  private dueAt: number | null = null;
  private loadedOnce = false;
  private feedSeconds: number | null = null;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly options: RefreshLoopOptions<T>) {
    this.now = options.now ?? (() => Date.now());
  }

  /** Consecutive failed fetches. */
  get failureCount(): number {
    return this.failures;
  }

  /** Time in ms since the epoch when the next fetch is due, or null when none is planned. */
  get nextDueAt(): number | null {
    return this.timer === null ? null : this.dueAt;
  }

  /** A fetch is in flight. */
  get loading(): boolean {
    return this.controller !== null;
  }

  private reportStatus(): void {
    this.options.onStatus?.({ loading: this.loading, nextDueAt: this.nextDueAt });
  }

  setActive(active: boolean): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!active) {
      this.clearTimer();
      this.controller?.abort();
      this.controller = null;
      this.reportStatus();
      return;
    }
    if (this.dueAt === null && this.loadedOnce && !this.options.realtime && this.failures === 0) return;
    const wait = this.dueAt === null ? 0 : Math.max(0, this.dueAt - this.now());
    this.schedule(wait);
  }

  /** Fetches now, whatever the schedule (e.g. a manual refresh). */
  refreshNow(): void {
    if (this.disposed || !this.active) return;
    this.schedule(0);
  }

  dispose(): void {
    this.disposed = true;
    this.active = false;
    this.clearTimer();
    this.controller?.abort();
    this.controller = null;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.dueAt = this.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
    this.reportStatus();
  }

  private async run(): Promise<void> {
    if (!this.active || this.disposed) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.dueAt = null;
    this.reportStatus();
    try {
      const data = await this.options.load(controller.signal);
      if (controller.signal.aborted || this.disposed) return;
      this.failures = 0;
      this.loadedOnce = true;
      this.feedSeconds = this.options.feedIntervalSeconds?.(data) ?? null;
      this.options.onData(data);
    } catch (error) {
      if (controller.signal.aborted || this.disposed) {
        // An abort because the overlay was hidden: fetch again as soon as it is shown.
        if (!this.disposed) this.dueAt = this.now();
        return;
      }
      this.failures += 1;
      this.options.onError(error, this.failures);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    if (!this.active || this.disposed) return;
    if (this.failures === 0 && !this.options.realtime) {
      this.reportStatus();
      return;
    }
    this.schedule(
      nextRefreshDelayMs({
        intervalMs: this.options.intervalMs,
        feedIntervalSeconds: this.feedSeconds,
        failures: this.failures,
        retryBaseMs: this.options.retryBaseMs,
        maxBackoffMs: this.options.maxBackoffMs,
      }),
    );
  }
}
