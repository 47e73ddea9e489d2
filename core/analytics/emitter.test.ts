import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent, AnalyticsSinkContribution } from '../plugin/types';
import { createAnalytics } from './emitter';

describe('createAnalytics', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(sinks: AnalyticsSinkContribution[] = []) {
    const batches: AnalyticsEvent[][] = [];
    const all: AnalyticsSinkContribution[] = [{ id: 'record', send: (events) => void batches.push(events) }, ...sinks];
    const analytics = createAnalytics({ sinks: () => all, language: () => 'zh-HK', now: () => 1000 });
    return { analytics, batches };
  }

  it('batches events and flushes after 2 s', async () => {
    const { analytics, batches } = setUp();
    analytics.emitToggle('hiking', true);
    analytics.emit({ name: 'download', id: 'f2', format: 'OBJ' });
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { name: 'hiking::on', id: 'hiking', lang: 'zh-HK', at: 1000 },
        { name: 'download', id: 'f2', format: 'OBJ', lang: 'zh-HK', at: 1000 },
      ],
    ]);
    analytics.dispose();
  });

  it('flushes at once when 20 events are queued', async () => {
    const { analytics, batches } = setUp();
    for (let index = 0; index < 20; index += 1) analytics.emitToggle(`tool-${index}`, index % 2 === 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(20);
    expect(batches[0][1].name).toBe('tool-1::off');
    expect(analytics.pending()).toBe(0);
    analytics.dispose();
  });

  it('never throws when a sink fails, and other sinks still get the batch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { analytics, batches } = setUp([{ id: 'broken', send: () => Promise.reject(new Error('offline')) }]);
    analytics.emitToggle('measure', true);
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(batches).toHaveLength(1);
    expect(error).toHaveBeenCalledWith('analytics: sink "broken" failed', expect.any(Error));
    error.mockRestore();
    analytics.dispose();
  });
});
