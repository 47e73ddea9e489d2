/**
 * GET /mapviewer/api/search/places over every kind of place, in the three languages: matching tiers, ranking,
 * Chinese word segmentation, the outside-Hong-Kong flag and bad input. Runs on each database backend the
 * suite is configured for (useTestServer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, placeSearchQuerySchema, placeSearchResponseSchema, type Language, type Place } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();

async function search(q: string, options: { lang?: Language; limit?: number } = {}): Promise<Place[]> {
  const query = new URLSearchParams({ q, ...(options.lang ? { lang: options.lang } : {}), limit: String(options.limit ?? 20) });
  const response = await app().inject({ method: 'GET', url: `/mapviewer/api/search/places?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return placeSearchResponseSchema.parse(response.json()).results;
}

const ids = (places: Place[]) => places.map((place) => place.id);

describe('each kind of place, found in English, Traditional and Simplified Chinese', () => {
  const cases: Array<{ kind: string; id: string; en: string; tc: string; sc: string }> = [
    { kind: 'district', id: 'district:H', en: 'Wong Tai Sin', tc: '黃大仙', sc: '黄大仙' },
    { kind: 'mtr-station', id: 'mtr-station:TST', en: 'Tsim Sha Tsui', tc: '尖沙咀', sc: '尖沙咀' },
    { kind: 'peak', id: 'peak:837581-823596', en: 'Lion Rock', tc: '獅子山', sc: '狮子山' },
    { kind: 'trail', id: 'trail:maclehose', en: 'MacLehose', tc: '麥理浩徑', sc: '麦理浩径' },
    { kind: 'trail-section', id: 'trail-section:maclehose:2', en: 'MacLehose Trail Section 2', tc: '麥理浩徑第2段', sc: '麦理浩径第2段' },
    { kind: 'campsite', id: 'campsite:maclehose:pak-lap', en: 'Pak Lap Campsite', tc: '白臘營地', sc: '白腊营地' },
    { kind: 'beach', id: 'beach:repulse-bay', en: 'Repulse Bay', tc: '淺水灣', sc: '浅水湾' },
    {
      kind: 'monument',
      id: 'monument:43',
      en: 'Former Kowloon-Canton Railway Clock Tower',
      tc: '前九廣鐵路鐘樓',
      sc: '前九广铁路钟楼',
    },
  ];
  for (const { kind, id, en, tc, sc } of cases) {
    it(`${kind}: "${en}" / "${tc}" / "${sc}"`, async () => {
      const english = await search(en);
      expect(english[0], ids(english).join()).toMatchObject({ id, kind });
      const traditional = await search(tc, { lang: 'zh-HK' });
      expect(traditional[0], ids(traditional).join()).toMatchObject({ id, kind });
      const simplified = await search(sc, { lang: 'zh-CN' });
      expect(simplified[0], ids(simplified).join()).toMatchObject({ id, kind });
      expect(simplified[0].name['zh-CN']).toContain(sc);
    });
  }

  it('distance posts by their code, with their trail as the detail in three languages', async () => {
    const [post] = await search('M001');
    expect(post).toMatchObject({
      id: 'distance-post:M001',
      kind: 'distance-post',
      name: { 'en-US': 'M001' },
      detail: { 'en-US': 'MacLehose Trail', 'zh-HK': '麥理浩徑', 'zh-CN': '麦理浩径' },
    });
    // A post shared by the Hong Kong Trail and the Wilson Trail answers to both codes.
    const [hongKong] = await search('H053');
    const [wilson] = await search('W009');
    expect([hongKong.id, wilson.id]).toEqual(['distance-post:H053', 'distance-post:W009']);
    expect([wilson.longitude, wilson.latitude]).toEqual([hongKong.longitude, hongKong.latitude]);
  });

  it('gives the district a place lies in as its detail, in three languages', async () => {
    const [beach] = await search('Repulse Bay Beach');
    expect(beach.detail).toEqual({ 'en-US': 'Southern', 'zh-HK': '南區', 'zh-CN': '南区' });
    const [district] = await search('Southern');
    expect(district).toMatchObject({ id: 'district:D' });
    expect(district.detail).toBeUndefined();
  });
});

describe('partial words', () => {
  it('finds a trail by the start of a word, a part of a word, and a misspelling (trigram)', async () => {
    expect(ids(await search('Macleh'))[0]).toBe('trail:maclehose');
    expect(ids(await search('lehose'))).toContain('trail:maclehose');
    expect(ids(await search('Maclehouse'))).toContain('trail:maclehose');
    expect(ids(await search('Lion Rok'))).toContain('peak:837581-823596');
  });

  it('finds a Chinese name by a part that is not one of its words', async () => {
    // 淺水灣泳灘 is cut into 淺水灣 | 泳 | 灘, so "水灣泳" is only a part of it.
    expect(ids(await search('水灣泳', { lang: 'zh-HK' }))).toContain('beach:repulse-bay');
  });
});

describe('ranking', () => {
  it('puts exact names before partial ones, and districts before stations before peaks on equal match', async () => {
    const places = await search('Ma On Shan');
    expect(ids(places).slice(0, 2)).toEqual(['mtr-station:MOS', places.find((p) => p.kind === 'peak' && p.name['en-US'] === 'Ma On Shan')!.id]);
    const sha = await search('Sha Tin', { limit: 50 });
    expect(ids(sha).slice(0, 2)).toEqual(['district:R', 'mtr-station:SHT']);
    expect(ids(sha)).toContain('mtr-station:STW'); // Sha Tin Wai: partial, after the exact two
  });

  it('puts exits and distance posts after every other kind unless named exactly', async () => {
    const places = await search('Tsim Sha Tsui', { limit: 50 });
    const firstExit = places.findIndex((p) => p.kind === 'mtr-exit');
    expect(firstExit).toBeGreaterThan(0);
    expect(places.slice(firstExit).every((p) => p.kind === 'mtr-exit' || p.kind === 'distance-post')).toBe(true);
    expect(places[0].id).toBe('mtr-station:TST');
  });

  it('puts the shorter name first when the match is as good', async () => {
    const places = await search('MacLehose Trail Section 1', { limit: 5 });
    expect(ids(places).slice(0, 2)).toEqual(['trail-section:maclehose:1', 'trail-section:maclehose:10']);
  });

  it('matches every word of a query in any order (full text)', async () => {
    const places = await search('section 2 maclehose');
    expect(places[0].id).toBe('trail-section:maclehose:2');
  });
});

describe('Chinese word segmentation', () => {
  it('finds a name from several of its words that are not next to each other', async () => {
    // 香港大學本部大樓外部 = 香港 | 大學 | 本部 | 大樓 | 外部: the query is not a substring of the name.
    const traditional = await search('香港大學大樓', { lang: 'zh-HK' });
    expect(traditional[0]).toMatchObject({ kind: 'monument', name: { 'zh-HK': '香港大學本部大樓外部' } });
    const simplified = await search('香港大学 大楼', { lang: 'zh-CN' });
    expect(simplified[0]).toMatchObject({ kind: 'monument', name: { 'zh-CN': '香港大学本部大楼外部' } });
  });

  it('ignores spaces the user puts between Chinese words', async () => {
    expect((await search('麥理浩徑 第2段', { lang: 'zh-HK' }))[0].id).toBe('trail-section:maclehose:2');
  });
});

describe('outside Hong Kong', () => {
  it('flags a place that lies in none of the 18 districts (a Shenzhen hill) and no place inside', async () => {
    const [chiwan] = await search('赤灣山', { lang: 'zh-HK' });
    expect(chiwan).toMatchObject({ kind: 'peak', name: { 'en-US': 'Chiwanshan', 'zh-CN': '赤湾山' }, outsideHongKong: true });
    expect(chiwan.detail).toBeUndefined();
    const [loWu] = await search('Lo Wu');
    expect(loWu).toMatchObject({ id: 'mtr-station:LOW', outsideHongKong: false, detail: { 'en-US': 'North' } });
  });
});

describe('bad input', () => {
  it('keeps the 2-character message for a short or missing query', async () => {
    for (const url of ['/mapviewer/api/search/places?q=s', '/mapviewer/api/search/places?q=%E7%8D%85', '/mapviewer/api/search/places']) {
      const response = await app().inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: 'Bad Request', field: 'q', message: 'Please input at least 2 English characters' });
    }
  });

  it('answers 400 naming limit for a limit that is not a whole number from 1 to 50', async () => {
    for (const limit of ['abc', '0', '51', '2.5']) {
      const response = await app().inject({ method: 'GET', url: `/mapviewer/api/search/places?q=sha&limit=${limit}` });
      expect(response.statusCode, limit).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field: 'limit' });
    }
  });

  it('answers text the database cannot hold (control characters) and tsquery syntax with 200', async () => {
    expect(await search('\u0000\u0001')).toEqual([]);
    expect(ids(await search('lion\u0000rock'))).toContain('peak:837581-823596');
    for (const q of ["'&|!:*()", "o'neil:* & !x", '\\\\', '%_']) expect(Array.isArray(await search(q)), q).toBe(true);
  });

  it('answers any text the contract accepts with 200, and anything else with a 400 naming q (property)', async () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 110 }), fc.string({ unit: 'binary', maxLength: 110 }), fc.string({ maxLength: 8 }));
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        const response = await app().inject({ method: 'GET', url: '/mapviewer/api/search/places', query: { q } });
        if (placeSearchQuerySchema.safeParse({ q }).success) {
          expect(response.statusCode, response.body).toBe(200);
          placeSearchResponseSchema.parse(response.json());
        } else {
          expect(response.statusCode, response.body).toBe(400);
          expect(errorBodySchema.parse(response.json()).field).toBe('q');
        }
      }),
      { numRuns: 300, seed: 20240421 },
    );
  }, 60_000);
});

describe('GET /mapviewer/api/search/locate (typed coordinates, SPEC §5)', () => {
  const locate = async (longitude: number | string, latitude: number | string) => {
    const response = await app().inject({ method: 'GET', url: `/mapviewer/api/search/locate?longitude=${longitude}&latitude=${latitude}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('names the district of a point in Hong Kong, also on the water, and says outside for Shenzhen and London', async () => {
    expect((await locate(114.16, 22.28)).body).toMatchObject({ outsideHongKong: false, district: { 'en-US': 'Central and Western' } });
    // Victoria Harbour between Central and Tsim Sha Tsui lies in a district's sea area.
    expect((await locate(114.168, 22.291)).body).toMatchObject({ outsideHongKong: false });
    // Shenzhen (Futian), inside the Hong Kong bounding box but across the boundary.
    expect((await locate(114.055, 22.54)).body).toEqual({ longitude: 114.055, latitude: 22.54, outsideHongKong: true });
    expect((await locate(-0.12, 51.5)).body).toMatchObject({ outsideHongKong: true });
  });

  it('refuses a point that is not on the globe', async () => {
    expect((await locate(200, 22)).status).toBe(400);
    expect((await locate(114, 'abc')).status).toBe(400);
  });
});

describe('GET /mapviewer/api/search/places/geometry (highlight of a chosen result)', () => {
  const geometry = async (id: string) => {
    const response = await app().inject({ method: 'GET', url: `/mapviewer/api/search/places/geometry?id=${encodeURIComponent(id)}` });
    return { status: response.statusCode, body: response.json() };
  };

  it("gives a trail's line (also for one of its sections) and a district's outline, around the place found", async () => {
    const [trail] = await search('MacLehose Trail');
    const line = await geometry(trail.id);
    expect(line.status).toBe(200);
    expect(line.body.outlines).toEqual([]);
    const points: Array<[number, number]> = line.body.lines.flat();
    // Thinned, but still the 100 km trail: many points, and its first section's start is on it.
    expect(points.length).toBeGreaterThan(1000);
    expect(points.some(([lon, lat]) => Math.abs(lon - trail.longitude) < 0.001 && Math.abs(lat - trail.latitude) < 0.001)).toBe(true);
    expect((await geometry('trail-section:maclehose:2')).body.lines).toEqual(line.body.lines);

    const [district] = await search('Wong Tai Sin');
    const outline = await geometry(district.id);
    expect(outline.body.lines).toEqual([]);
    const ring: Array<[number, number]> = outline.body.outlines[0];
    const lons = ring.map((point) => point[0]);
    const lats = ring.map((point) => point[1]);
    expect(district.longitude).toBeGreaterThan(Math.min(...lons));
    expect(district.longitude).toBeLessThan(Math.max(...lons));
    expect(district.latitude).toBeGreaterThan(Math.min(...lats));
    expect(district.latitude).toBeLessThan(Math.max(...lats));
  });

  it('404 for an unknown district or trail, 400 for a kind without a shape', async () => {
    expect((await geometry('trail:nowhere')).status).toBe(404);
    expect((await geometry('district:Z')).status).toBe(404);
    expect((await geometry('peak:837581-823596')).status).toBe(400);
  });
});
