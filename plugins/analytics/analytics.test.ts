import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../core/plugin/types';
import { createAnalyticsSink, MAX_EVENTS_PER_REQUEST, toBatches } from './sink';

const event = (n: number, content = ''): AnalyticsEvent => ({ name: 'feature::on', id: `layer-${n}`, content, at: 1 });

describe('analytics sink', () => {
  it('POSTs batches with keepalive to the intake', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const sink = createAnalyticsSink('/mapviewer/api/', async (url, init) => requests.push({ url, init }));
    sink.send([event(1), event(2)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('/mapviewer/api/analytics');
    expect(requests[0].init.keepalive).toBe(true);
    expect(requests[0].init.method).toBe('POST');
    expect(JSON.parse(String(requests[0].init.body)).events.map((e: AnalyticsEvent) => e.id)).toEqual(['layer-1', 'layer-2']);
  });

  it('never throws, whatever fetch does', async () => {
    const rejecting = createAnalyticsSink('/api', () => Promise.reject(new Error('offline')));
    const throwing = createAnalyticsSink('/api', () => {
      throw new Error('no fetch');
    });
    expect(() => rejecting.send([event(1)])).not.toThrow();
    expect(() => throwing.send([event(1)])).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('splits by count and by keepalive size, dropping oversized events', () => {
    const many = Array.from({ length: 250 }, (_, n) => event(n));
    expect(toBatches(many).map((batch) => batch.length)).toEqual([MAX_EVENTS_PER_REQUEST, MAX_EVENTS_PER_REQUEST, 50]);
    const big = Array.from({ length: 20 }, (_, n) => event(n, 'x'.repeat(5000)));
    const batches = toBatches(big);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(JSON.stringify({ events: batch }).length).toBeLessThan(64 * 1024);
    expect(toBatches([event(1, 'x'.repeat(70_000))])).toEqual([]);
  });
});
