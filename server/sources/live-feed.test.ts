/** Caching, single flight, timeout and fallback (last good answer, then the offline snapshot) of a live feed. */
import { describe, expect, it } from 'vitest';
import { LiveFeed, offlineFeed, type LiveFeedOptions } from './live-feed';
import { sourcesModeFromEnvironment } from './config';

interface Data {
  type: 'FeatureCollection';
  value: string;
}

const OFFLINE: Data = { type: 'FeatureCollection', value: 'offline snapshot' };

/** A feed on a clock the test moves, loading from `load`. */
function feedWith(load: LiveFeedOptions<Data>['load'], overrides: Partial<LiveFeedOptions<Data>> = {}) {
  const clock = { now: Date.parse('2026-08-28T10:50:00Z') };
  const feed = new LiveFeed<Data>({
    name: 'HKO test',
    load,
    offline: OFFLINE,
    refreshMs: 120_000,
    timeoutMs: 50,
    retryMs: 60_000,
    now: () => clock.now,
    ...overrides,
  });
  return { feed, clock };
}

/** A load function answering from a script: each call takes the next step (a value, or an error to throw). */
function scripted(...steps: Array<string | Error>) {
  const calls = { count: 0 };
  const load = async () => {
    const step = steps[Math.min(calls.count, steps.length - 1)];
    calls.count += 1;
    if (step instanceof Error) throw step;
    return { type: 'FeatureCollection' as const, value: step };
  };
  return { load, calls };
}

describe('LiveFeed', () => {
  it('serves a live answer and keeps it for the refresh interval', async () => {
    const { load, calls } = scripted('first', 'second');
    const { feed, clock } = feedWith(load);
    const first = await feed.current();
    expect(first.data.value).toBe('first');
    expect(first.source).toEqual({ mode: 'live', served: 'live', fallback: false, fetchedAt: '2026-08-28T10:50:00.000Z', snapshot: false });
    expect(JSON.parse(first.body)).toEqual({ type: 'FeatureCollection', value: 'first', source: first.source });
    clock.now += 119_000;
    expect((await feed.current()).data.value).toBe('first');
    expect(calls.count).toBe(1);
    clock.now += 2_000;
    expect((await feed.current()).data.value).toBe('second');
    expect(calls.count).toBe(2);
  });

  it('falls back to the last good answer, then retries after the retry interval', async () => {
    const { load, calls } = scripted('good', new Error('HTTP 503'), 'recovered');
    const { feed, clock } = feedWith(load);
    await feed.current();
    clock.now += 121_000;
    const fallback = await feed.current();
    expect(fallback.data.value).toBe('good');
    expect(fallback.source).toEqual({
      mode: 'live',
      served: 'last-good',
      fallback: true,
      fetchedAt: '2026-08-28T10:50:00.000Z',
      reason: 'HKO test: HTTP 503',
      snapshot: false,
    });
    clock.now += 59_000;
    expect((await feed.current()).source.served).toBe('last-good');
    expect(calls.count).toBe(2);
    clock.now += 2_000;
    const recovered = await feed.current();
    expect(recovered.data.value).toBe('recovered');
    expect(recovered.source.fallback).toBe(false);
  });

  it('falls back to the offline snapshot when the source never answered', async () => {
    const { load } = scripted(new Error('cannot reach https://data.weather.gov.hk/x.csv: fetch failed'));
    const { feed } = feedWith(load);
    const answer = await feed.current();
    expect(answer.data).toBe(OFFLINE);
    expect(answer.source).toEqual({
      mode: 'live',
      served: 'offline',
      fallback: true,
      reason: 'HKO test: cannot reach https://data.weather.gov.hk/x.csv: fetch failed',
      snapshot: true,
    });
  });

  it('gives up on a source that does not answer within the timeout, and aborts its fetch', async () => {
    let aborted = false;
    const { feed } = feedWith(
      (signal) =>
        new Promise<Data>(() => {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
      { timeoutMs: 20 },
    );
    const answer = await feed.current();
    expect(answer.source).toMatchObject({ served: 'offline', fallback: true, reason: 'HKO test: no answer within 20 ms' });
    expect(aborted).toBe(true);
  });

  it('has at most one fetch in flight: concurrent callers share it', async () => {
    let release: (data: Data) => void = () => {};
    let loads = 0;
    const { feed } = feedWith(() => {
      loads += 1;
      return new Promise<Data>((resolve) => {
        release = resolve;
      });
    }, { timeoutMs: 1000 });
    const answers = Promise.all([feed.current(), feed.current(), feed.current()]);
    release({ type: 'FeatureCollection', value: 'shared' });
    const [a, b, c] = await answers;
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a.data.value).toBe('shared');
  });
});

describe('observedAt', () => {
  it('is the newest parseable _publish_date of the readings, in UTC, and absent when none parses', async () => {
    const readings = {
      type: 'FeatureCollection',
      features: [
        { properties: { _publish_date: '2024-04-21T10:30:00+08:00' } },
        { properties: { _publish_date: '2024-04-21T10:40:00+08:00' } },
        { properties: { _publish_date: 'not a time' } },
        { properties: {} },
      ],
    };
    expect((await offlineFeed(readings).current()).source).toEqual({
      mode: 'offline',
      served: 'offline',
      fallback: false,
      snapshot: true,
      observedAt: '2024-04-21T02:40:00.000Z',
    });
    expect((await offlineFeed({ type: 'FeatureCollection', features: [{ properties: { _publish_date: 'x' } }] }).current()).source.observedAt).toBeUndefined();
  });
});

describe('offlineFeed', () => {
  it('always answers the snapshot, saying so', async () => {
    const answer = await offlineFeed(OFFLINE).current();
    expect(answer.source).toEqual({ mode: 'offline', served: 'offline', fallback: false, snapshot: true });
    expect(JSON.parse(answer.body).value).toBe('offline snapshot');
  });
});

describe('SOURCES', () => {
  it('defaults to offline and accepts offline or live', () => {
    expect(sourcesModeFromEnvironment({})).toBe('offline');
    expect(sourcesModeFromEnvironment({ SOURCES: '' })).toBe('offline');
    expect(sourcesModeFromEnvironment({ SOURCES: 'live' })).toBe('live');
    expect(sourcesModeFromEnvironment({ SOURCES: 'offline' })).toBe('offline');
  });
  it('stops on anything else with a message saying what to write', () => {
    expect(() => sourcesModeFromEnvironment({ SOURCES: 'LIVE' })).toThrow('SOURCES must be "offline" or "live", not "LIVE" (leave it unset for offline)');
    expect(() => sourcesModeFromEnvironment({ SOURCES: 'online' })).toThrow(/SOURCES must be "offline" or "live"/);
  });
});
