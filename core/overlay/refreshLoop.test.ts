import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshLoop } from './refreshLoop';

describe('RefreshLoop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function makeLoop(options: { fail?: () => boolean; realtime?: boolean; feedSeconds?: number } = {}) {
    const calls: number[] = [];
    const data: number[] = [];
    const errors: number[] = [];
    const loop = new RefreshLoop<{ n: number }>({
      load: async () => {
        calls.push(Date.now());
        if (options.fail?.()) throw new Error('down');
        return { n: calls.length };
      },
      onData: (d) => data.push(d.n),
      onError: (_e, failures) => errors.push(failures),
      intervalMs: 120_000,
      realtime: options.realtime ?? true,
      feedIntervalSeconds: () => options.feedSeconds ?? null,
      retryBaseMs: 10_000,
      maxBackoffMs: 60_000,
    });
    return { loop, calls, data, errors };
  }

  it('fetches at once when shown and then every interval', async () => {
    const { loop, calls, data } = makeLoop();
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(120_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual([0, 120_000, 240_000]);
    expect(data).toEqual([1, 2, 3]);
    loop.dispose();
  });

  it('honours the feed intervalClient', async () => {
    const { loop, calls } = makeLoop({ feedSeconds: 30 });
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 30_000, 60_000]);
    loop.dispose();
  });

  it('does not fetch while inactive and catches up when shown again', async () => {
    const { loop, calls } = makeLoop();
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(1000);
    loop.setActive(false);
    await vi.advanceTimersByTimeAsync(500_000);
    expect(calls).toEqual([0]);
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 501_000]);
    loop.dispose();
  });

  it('waits for the rest of the interval when re-shown before it is due', async () => {
    const { loop, calls } = makeLoop();
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(10_000);
    loop.setActive(false);
    await vi.advanceTimersByTimeAsync(10_000);
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(99_999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 120_000]);
    loop.dispose();
  });

  it('backs off exponentially on failure, capped, and resets after a success', async () => {
    let failing = true;
    const { loop, calls, errors } = makeLoop({ fail: () => failing });
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.advanceTimersByTimeAsync(40_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 10_000, 30_000, 70_000, 130_000]);
    expect(errors).toEqual([1, 2, 3, 4, 5]);
    failing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.at(-1)).toBe(190_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.at(-1)).toBe(310_000);
    expect(loop.failureCount).toBe(0);
    loop.dispose();
  });

  it('fetches a static overlay once', async () => {
    const { loop, calls } = makeLoop({ realtime: false });
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(1_000_000);
    loop.setActive(false);
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(calls).toEqual([0]);
    loop.dispose();
  });

  it('stops after dispose', async () => {
    const { loop, calls } = makeLoop();
    loop.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    loop.dispose();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(calls).toEqual([0]);
  });

  it('reports loading and the next due time, back-off included, for the realtime panel', async () => {
    let failing = true;
    const statuses: Array<{ loading: boolean; nextDueAt: number | null }> = [];
    const loop = new RefreshLoop<{ intervalClient?: number }>({
      load: async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (failing) throw new Error('down');
        return { intervalClient: 60 };
      },
      onData: () => {},
      onError: () => {},
      onStatus: (status) => statuses.push(status),
      intervalMs: 120_000,
      realtime: true,
      feedIntervalSeconds: (data) => data.intervalClient,
      retryBaseMs: 10_000,
    });
    loop.setActive(true);
    expect(statuses.at(-1)).toEqual({ loading: false, nextDueAt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toEqual({ loading: true, nextDueAt: null });
    expect(loop.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    // First failure: retry after 10 s.
    expect(statuses.at(-1)).toEqual({ loading: false, nextDueAt: 10_500 });
    expect(loop.nextDueAt).toBe(10_500);
    await vi.advanceTimersByTimeAsync(10_500);
    // Second failure: 20 s.
    expect(statuses.at(-1)).toEqual({ loading: false, nextDueAt: 11_000 + 20_000 });
    failing = false;
    await vi.advanceTimersByTimeAsync(20_500);
    // Success: the feed's intervalClient (60 s) wins over the manifest's 120 s.
    expect(statuses.at(-1)).toEqual({ loading: false, nextDueAt: 31_500 + 60_000 });
    loop.setActive(false);
    expect(statuses.at(-1)).toEqual({ loading: false, nextDueAt: null });
    loop.dispose();
  });
});
