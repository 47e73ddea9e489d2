import { describe, expect, it } from 'vitest';
import type { StargazingResponse } from '../../core/contracts/stargazing';
import type { AnalyticsEvent } from '../../core/plugin/types';
import { clockTime, createStargazingController, VIEWPOINT_VIEW, type StargazingContext } from './stargazingController';

const viewpoint = (id: string, longitude: number) => ({
  id,
  name: { 'en-US': id, 'zh-HK': `${id}山`, 'zh-CN': `${id}山` },
  longitude,
  latitude: 22.4,
  heightMeters: 400,
  distanceToBuiltUpKm: 5,
  meanHorizonDegrees: 1,
  score: 0.6,
  sky: {
    sunset: '2026-11-26T17:41:00+08:00',
    astronomicalDusk: '2026-11-26T19:01:00+08:00',
    moonrise: '2026-11-26T14:02:00+08:00',
    moonset: '2026-11-27T02:10:00+08:00',
    moonIlluminationPercent: 92.4,
    moonPhase: 'waxing-gibbous' as const,
  },
});
const answerFor = (date: string): StargazingResponse => ({
  date,
  timeZone: 'Asia/Hong_Kong',
  viewpoints: [viewpoint('peak:1-1', 114.3), viewpoint('peak:2-2', 114.0)],
  method: 'test',
  attribution: 'test',
});

function setUp() {
  const urls: string[] = [];
  const pending: Array<() => void> = [];
  const flights: unknown[] = [];
  const events: Array<Omit<AnalyticsEvent, 'at' | 'lang'>> = [];
  const drawn: { points: number; labels: string[] } = { points: 0, labels: [] };
  const ctx = {
    apiBase: '/mapviewer/api/',
    http: {
      json: (url: string, schema: { parse(value: unknown): unknown }) =>
        new Promise((resolve, reject) => {
          urls.push(url);
          const date = new URL(url, 'http://x').searchParams.get('date') ?? '2026-11-26';
          pending.push(() => (date === '1999-01-01' ? reject(new Error('HTTP 503')) : resolve(schema.parse(answerFor(date)))));
        }),
    },
    map: {
      lookAt: (...args: unknown[]) => void flights.push(args),
      temporaryGraphics: () => ({
        addPoints: (points: unknown[]) => ((drawn.points += points.length), () => (drawn.points -= points.length)),
        addLabels: (labels: Array<{ text: string }>) => ((drawn.labels = labels.map((label) => label.text)), () => (drawn.labels = [])),
      }),
    },
    analytics: { emit: (event: Omit<AnalyticsEvent, 'at' | 'lang'>) => void events.push(event) },
  } as unknown as StargazingContext;
  const flush = async () => {
    for (const answer of pending.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { controller: createStargazingController(ctx), urls, flush, flights, events, drawn };
}

describe('stargazing controller', () => {
  it('loads tonight, then the night of a chosen date', async () => {
    const { controller, urls, flush } = setUp();
    const tonight = controller.load();
    await flush();
    await tonight;
    expect(urls).toEqual(['/mapviewer/api/stargazing/viewpoints']);
    expect(controller.getState().answer?.date).toBe('2026-11-26');
    const chosen = controller.load('2026-12-24');
    await flush();
    await chosen;
    expect(urls[1]).toBe('/mapviewer/api/stargazing/viewpoints?date=2026-12-24');
    expect(controller.getState()).toMatchObject({ status: 'ready', requestedDate: '2026-12-24' });
  });

  it('drops an answer for a date the visitor has changed since', async () => {
    const { controller, flush } = setUp();
    void controller.load('2026-12-24');
    void controller.load('2026-12-31');
    await flush();
    expect(controller.getState().answer?.date).toBe('2026-12-31');
  });

  it('says when the data cannot be had', async () => {
    const { controller, flush } = setUp();
    void controller.load('1999-01-01');
    await flush();
    expect(controller.getState().status).toBe('failed');
  });

  it('flies to a chosen viewpoint and reports it; draws the viewpoints in the page language and removes them', async () => {
    const { controller, flush, flights, events, drawn } = setUp();
    void controller.load();
    await flush();
    controller.select('peak:2-2');
    const { durationSeconds, ...offset } = VIEWPOINT_VIEW;
    expect(flights).toEqual([[{ longitude: 114.0, latitude: 22.4 }, offset, { durationSeconds }]]);
    expect(events).toEqual([{ name: 'stargazing-viewpoint::on', id: 'peak:2-2' }]);
    const remove = controller.draw('zh-HK');
    expect(drawn).toEqual({ points: 2, labels: ['peak:1-1山', 'peak:2-2山'] });
    remove();
    expect(drawn).toEqual({ points: 0, labels: [] });
  });
});

describe('clockTime', () => {
  it('reads hours and minutes and marks times after midnight', () => {
    expect(clockTime('2026-11-26T17:41:00+08:00', '2026-11-26')).toEqual({ time: '17:41', nextDay: false });
    expect(clockTime('2026-11-27T02:10:00+08:00', '2026-11-26')).toEqual({ time: '02:10', nextDay: true });
    expect(clockTime(null, '2026-11-26')).toBeNull();
  });
});
