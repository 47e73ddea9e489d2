import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsSummaryResponseSchema,
  errorBodySchema,
  placeSearchResponseSchema,
  realtimeFeatureCollectionSchema,
  type PlaceSearchResponse,
} from '../core/contracts';
import { buildTestServer } from './test/server';

let app: FastifyInstance;
let base: string;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'hk3d-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>HK 3D test shell</title><div id="root"></div>');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  app = await buildTestServer({ distDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
const search = async (q: string, extra = ''): Promise<PlaceSearchResponse> => {
  const response = await get(`/mapviewer/api/search/places?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return placeSearchResponseSchema.parse(await response.json());
};

describe('GET /mapviewer/api/realtime/temperature', () => {
  it('serves the 39 real HKO stations with numeric readings and ramp colours', async () => {
    const response = await get('/mapviewer/api/realtime/temperature?timestamp=1713667200000');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/geo+json');
    const feed = realtimeFeatureCollectionSchema.parse(await response.json());
    expect(feed.intervalClient).toBe(120);
    expect(feed.features).toHaveLength(39);
    for (const feature of feed.features) {
      expect(typeof feature.properties._value_0).toBe('number');
      expect(feature.properties._value_1).toMatch(/^\d{1,3},\d{1,3},\d{1,3}$/);
      expect(feature.properties._publish_date).toBe('2024-04-21T10:40:00+08:00');
      expect(feature.properties.key_TC).toMatch(/\p{Script=Han}/u);
      expect(feature.properties.key_SC).toMatch(/\p{Script=Han}/u);
    }
    const keys = feed.features.map((f) => f.properties.key);
    expect([...keys].sort()).toEqual(keys);
    const observatory = feed.features.find((f) => f.properties.key_EN === 'HK Observatory');
    expect(observatory?.properties._value_0).toBe(27.2);
    expect(observatory?.properties.key_TC).toBe('天文台');
    const taiMoShan = feed.features.find((f) => f.properties.key_EN === 'Tai Mo Shan');
    expect(taiMoShan?.properties._value_0).toBe(20.1);
  });

  it('rejects an unknown query parameter with a 400 naming it', async () => {
    const response = await get('/mapviewer/api/realtime/temperature?station=hko');
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json())).toMatchObject({ field: 'station' });
  });
});

describe('GET /mapviewer/api/search/places', () => {
  it('finds Sha Tin district and station for "sha", districts first', async () => {
    const { results } = await search('sha');
    const ids = results.map((r) => r.id);
    expect(ids).toContain('district:R');
    expect(ids).toContain('mtr-station:SHT');
    expect(ids.indexOf('district:R')).toBeLessThan(ids.indexOf('mtr-station:SHT'));
    expect(results.every((r) => r.kind !== 'mtr-exit' || ids.indexOf(r.id) > ids.indexOf('mtr-station:SHT'))).toBe(true);
    const district = results.find((r) => r.id === 'district:R')!;
    expect(district.name).toEqual({ 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' });
    expect(district.longitude).toBeGreaterThan(114.1);
    expect(district.longitude).toBeLessThan(114.35);
    expect(district.latitude).toBeGreaterThan(22.33);
    expect(district.latitude).toBeLessThan(22.45);
    expect(district.outsideHongKong).toBe(false);
  });

  it('matches English case-insensitively', async () => {
    const upper = await search('SHA TIN');
    expect(upper.results[0].name['en-US']).toBe('Sha Tin');
  });

  it('finds both by Traditional Chinese "沙田" in zh-HK', async () => {
    const { results } = await search('沙田', '&lang=zh-HK');
    const ids = results.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual(['district:R', 'mtr-station:SHT']);
    expect(ids).toContain('mtr-station:STW'); // 沙田圍, substring
  });

  it('matches Simplified Chinese text in zh-CN', async () => {
    const { results } = await search('沙田', '&lang=zh-CN');
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining(['district:R', 'mtr-station:SHT']));
    const simplified = await search('沙田围', '&lang=zh-CN');
    expect(simplified.results[0]).toMatchObject({ id: 'mtr-station:STW', name: { 'zh-CN': '沙田围', 'zh-HK': '沙田圍' } });
    const district = await search('离岛', '&lang=zh-CN');
    expect(district.results[0].id).toBe('district:T');
  });

  it('finds Tsim Sha Tsui for "Tsim" by prefix, and its exits below the stations', async () => {
    const { results } = await search('Tsim');
    expect(results[0]).toMatchObject({ id: 'mtr-station:TST', kind: 'mtr-station' });
    expect(results.map((r) => r.name['en-US'])).toContain('East Tsim Sha Tsui');
    const exits = await search('Tsim Sha Tsui Exit', '&limit=50');
    expect(exits.results.filter((r) => r.kind === 'mtr-exit').length).toBeGreaterThan(5);
  });

  it('ranks an exact name first and tolerates a typo', async () => {
    const exact = await search('central');
    expect(exact.results[0].id).toBe('mtr-station:CEN');
    const typo = await search('Tsim Sha Tsiu');
    expect(typo.results.map((r) => r.id)).toContain('mtr-station:TST');
  });

  it('answers 400 with the message for a 1-character or missing query', async () => {
    for (const path of ['/mapviewer/api/search/places?q=s', '/mapviewer/api/search/places?q=%20s%20', '/mapviewer/api/search/places']) {
      const response = await get(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Bad Request',
        field: 'q',
        message: 'Please input at least 2 English characters',
      });
    }
  });

  it('answers 400 for a bad limit or language', async () => {
    const limit = await get('/mapviewer/api/search/places?q=sha&limit=abc');
    expect(limit.status).toBe(400);
    expect(await limit.json()).toMatchObject({ field: 'limit' });
    const lang = await get('/mapviewer/api/search/places?q=sha&lang=fr');
    expect(lang.status).toBe(400);
    expect(await lang.json()).toMatchObject({ field: 'lang' });
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await search('%%')).results).toEqual([]);
  });
});

describe('analytics', () => {
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${base}/mapviewer/api/analytics`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('counts posted events and reports them in the summary', async () => {
    const now = new Date().toISOString();
    const events = [
      { name: 'temperature::on', id: 'temperature', at: now, lang: 'en-US' },
      { name: 'temperature::on', id: 'temperature', at: Date.now() },
      { name: 'search::submit', content: 'sha tin', at: now },
    ];
    expect((await post(JSON.stringify({ events }))).status).toBe(204);
    expect((await post(JSON.stringify({ events: events.slice(0, 1) }))).status).toBe(204);
    const response = await get('/mapviewer/api/analytics/summary');
    expect(response.status).toBe(200);
    const summary = analyticsSummaryResponseSchema.parse(await response.json());
    expect(summary.since).toBe(now.slice(0, 10));
    expect(summary.totals[0]).toEqual({ name: 'temperature::on', id: 'temperature', count: 3 });
    expect(summary.totals).toContainEqual({ name: 'search::submit', id: null, count: 1 });
    // Counts only: the search text is nowhere in the database.
    const { rows } = await app.db.query("SELECT * FROM analytics_counts WHERE name = 'search::submit'");
    expect(JSON.stringify(rows)).not.toContain('sha tin');
  });

  it('answers 400 with a clear message for a body that is not JSON', async () => {
    const response = await post('{"events": [');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Bad Request', field: 'body', message: 'The request body is not valid JSON.' });
  });

  it('answers 400 naming the field for bad events', async () => {
    const badName = await post(JSON.stringify({ events: [{ name: 'no spaces allowed', at: Date.now() }] }));
    expect(badName.status).toBe(400);
    expect(await badName.json()).toMatchObject({ error: 'Bad Request', field: 'events.0.name' });
    const tooMany = await post(JSON.stringify({ events: Array.from({ length: 101 }, () => ({ name: 'x', at: 1 })) }));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ field: 'events' });
    const missing = await post(JSON.stringify({}));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: 'events', message: 'events is required' });
    const noAt = await post(JSON.stringify({ events: [{ name: 'x' }] }));
    expect(await noAt.json()).toMatchObject({ field: 'events.0.at' });
    const empty = await post('');
    expect(empty.status).toBe(400);
  });

  it('rejects a bad since date', async () => {
    const response = await get('/mapviewer/api/analytics/summary?since=yesterday');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'since' });
  });
});

describe('app shell and errors', () => {
  it('serves index.html for client routes under /mapviewer/app/ (SPA fallback)', async () => {
    for (const path of ['/mapviewer/app/', '/mapviewer/app/catalogue', '/mapviewer/app/catalogue/item/42?lang=zh-HK']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('HK 3D test shell');
    }
  });

  it('serves built files and 404s a missing one', async () => {
    const file = await get('/mapviewer/app/assets/app-abc123.js');
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect((await get('/mapviewer/app/assets/missing.js')).status).toBe(404);
  });

  it('redirects / to the app', async () => {
    const response = await get('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/mapviewer/app/');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/mapviewer/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(await response.json()).error).toBe('Not Found');
  });

  it('answers health', async () => {
    expect(await (await get('/mapviewer/api/health?timestamp=1')).json()).toEqual({ ok: true });
  });
});
