import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../core/http/httpClient';
import { textNow, type MapFacade } from '../../core/plugin/types';
import { readFileSync } from 'node:fs';
import { PLACE_KINDS, type Place } from '../../core/contracts/places';
import { fromHk1980 } from '../../core/contracts/hk1980';
import {
  createLocationSearchMode,
  viewToShow,
  HIGHLIGHT_COLOUR,
  MALFORMED_COORDINATES_MESSAGE,
  OUTSIDE_BOUNDARY_MESSAGE,
  OUTSIDE_HONG_KONG_MESSAGE,
  PIN_COLOUR,
  placeSubtitle,
  TOO_SHORT_MESSAGE,
  validatePlaceQuery,
} from './searchMode';

const english = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/location-search.json`, import.meta.url), 'utf8'));
/** Formats like the app's i18n for these messages: the id with its values, so tests see what went in. */
const echo = { format: (id: string, values?: Record<string, string | number>) => (values ? `${id} ${JSON.stringify(values)}` : id) };

/** Answers each call with `body`, or with `answer(url)` when given (the place search, locate and geometry calls). */
function setup(body: unknown, answer?: (url: string) => unknown) {
  const urls: string[] = [];
  const flights: unknown[] = [];
  const notices: string[] = [];
  const events: unknown[] = [];
  /** What the owner's temporary graphics layer holds now. */
  const drawn: { points: unknown[]; lines: Array<{ colour: string; closed?: boolean; positions: unknown[] }> } = { points: [], lines: [] };
  const owners = new Set<string>();
  const graphics = {
    addPoints: (points: unknown[]) => (drawn.points.push(...points), () => {}),
    addGroundPolylines: (lines: typeof drawn.lines) => (drawn.lines.push(...lines), () => {}),
    addGroundPolygons: () => () => {},
    clear: () => {
      drawn.points = [];
      drawn.lines = [];
    },
  };
  const mode = createLocationSearchMode({
    apiBase: '/mapviewer/api/',
    http: createHttpClient(async (url) => {
      urls.push(url);
      return new Response(JSON.stringify(answer ? answer(url) : body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
    i18n: { language: () => 'en-US', format: (id, values) => (values ? `${id} ${JSON.stringify(values)}` : id) },
    map: {
      flyTo: (target: unknown) => flights.push(target),
      temporaryGraphics: (owner: string) => (owners.add(owner), graphics),
    } as unknown as MapFacade,
    notices: { show: (notice) => (notices.push(textNow(notice.message)), () => {}) },
    analytics: { emit: (event) => events.push(event) },
  });
  return { mode, urls, flights, notices, events, drawn, owners };
}

describe('location search mode', () => {
  it('refuses fewer than 2 characters with the SPEC §5 message', () => {
    expect(validatePlaceQuery('a')).toBe(TOO_SHORT_MESSAGE);
    expect(validatePlaceQuery(' a ')).toBe(TOO_SHORT_MESSAGE);
    expect(validatePlaceQuery('sh')).toBeNull();
    expect(english('en-US')[TOO_SHORT_MESSAGE]).toBe('Please input at least 2 English characters');
    expect(english('en-US')[OUTSIDE_BOUNDARY_MESSAGE]).toBe('Location of the search result falls beyond the project boundary.');
  });

  it('has a label for every kind of place in all three languages', () => {
    for (const lang of ['en-US', 'zh-HK', 'zh-CN']) {
      const messages = english(lang);
      for (const kind of PLACE_KINDS) expect(messages[`locationSearch.kind.${kind}`], `${lang} ${kind}`).toBeTruthy();
      expect(messages['locationSearch.result.kindAndDetail']).toContain('{detail}');
      expect(messages['locationSearch.result.beyondBoundary']).toContain('{kind}');
    }
  });

  it('says under a result its kind with its district or trail, or that it lies beyond the boundary', () => {
    const peak: Place = {
      id: 'peak:837581-823596',
      kind: 'peak',
      name: { 'en-US': 'Lion Rock', 'zh-HK': '獅子山', 'zh-CN': '狮子山' },
      detail: { 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' },
      longitude: 114.19,
      latitude: 22.35,
      outsideHongKong: false,
    };
    expect(placeSubtitle(echo, peak, 'zh-HK')).toBe('locationSearch.result.kindAndDetail {"kind":"locationSearch.kind.peak","detail":"沙田"}');
    expect(placeSubtitle(echo, { ...peak, detail: undefined }, 'en-US')).toBe('locationSearch.kind.peak');
    expect(placeSubtitle(echo, { ...peak, detail: undefined, outsideHongKong: true }, 'en-US')).toBe(
      'locationSearch.result.beyondBoundary {"kind":"locationSearch.kind.peak"}',
    );
  });

  it('searches the place service and names results in the current language', async () => {
    const { mode, urls } = setup({
      query: 'sha tin',
      results: [{ id: 'mtr-station:SHT', kind: 'mtr-station', name: { 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' }, longitude: 114.187, latitude: 22.382, outsideHongKong: false }],
    });
    const results = await mode.search('sha tin', { language: 'zh-HK', signal: new AbortController().signal });
    expect(urls).toEqual(['/mapviewer/api/search/places?q=sha+tin&lang=zh-HK&limit=10']);
    expect(results).toEqual([
      { id: 'mtr-station:SHT', title: '沙田', subtitle: 'locationSearch.kind.mtr-station', longitude: 114.187, latitude: 22.382, outsideHongKong: false },
    ]);
  });

  it('flies to a place in Hong Kong, and only warns for one outside', () => {
    const { mode, flights, notices } = setup({ query: '', results: [] });
    mode.onSelect({ id: 'a', title: 'Sha Tin', longitude: 114.187, latitude: 22.382 });
    expect(flights).toEqual([{ longitude: 114.187, latitude: 22.382, heightMeters: 1500 }]);
    mode.onSelect({ id: 'b', title: 'Shenzhen', longitude: 114.05, latitude: 22.55, outsideHongKong: true });
    expect(flights).toHaveLength(1);
    expect(notices).toEqual([OUTSIDE_BOUNDARY_MESSAGE]);
  });

  it('says malformed coordinates without asking the server, and outside Hong Kong from the locate call', async () => {
    const signal = new AbortController().signal;
    const { mode, urls } = setup(null, (url) => {
      const params = new URL(url, 'http://x').searchParams;
      const longitude = Number(params.get('longitude'));
      const latitude = Number(params.get('latitude'));
      return { longitude, latitude, outsideHongKong: longitude < 100 };
    });
    expect(await mode.search('22.28, abc', { language: 'en-US', signal })).toEqual({ message: MALFORMED_COORDINATES_MESSAGE });
    expect(urls).toEqual([]);
    expect(await mode.search('51.5,-0.12', { language: 'en-US', signal })).toEqual({ message: OUTSIDE_HONG_KONG_MESSAGE });
    expect(urls).toEqual(['/mapviewer/api/search/locate?longitude=-0.12&latitude=51.5']);
  });

  it('offers typed WGS84 and HK 1980 Grid coordinates inside Hong Kong as one result, with their district', async () => {
    const signal = new AbortController().signal;
    const district = { 'en-US': 'Central and Western', 'zh-HK': '中西區', 'zh-CN': '中西区' };
    const { mode } = setup(null, (url) => {
      const params = new URL(url, 'http://x').searchParams;
      return { longitude: Number(params.get('longitude')), latitude: Number(params.get('latitude')), outsideHongKong: false, district };
    });
    expect(await mode.search('22.28, 114.16', { language: 'zh-HK', signal })).toEqual([
      {
        id: 'coordinates:114.160000,22.280000',
        title: 'locationSearch.coordinates.wgs84Title {"latitude":"22.28000","longitude":"114.16000"}',
        subtitle: 'locationSearch.result.kindAndDetail {"kind":"locationSearch.kind.wgs84","detail":"中西區"}',
        longitude: 114.16,
        latitude: 22.28,
        outsideHongKong: false,
      },
    ]);
    const [grid] = (await mode.search('836000 816000', { language: 'en-US', signal })) as Array<{ longitude: number; latitude: number; title: string }>;
    const [longitude, latitude] = fromHk1980([836000, 816000]);
    expect(grid.longitude).toBeCloseTo(longitude, 9);
    expect(grid.latitude).toBeCloseTo(latitude, 9);
    expect(grid.title).toBe('locationSearch.coordinates.hk1980Title {"easting":"836000","northing":"816000"}');
  });

  it('drops a pin on the chosen result, highlights a trail, and clears both on clearSelection or the next choice', async () => {
    const line = [[114.2, 22.4], [114.21, 22.41]];
    const { mode, drawn, owners, urls } = setup({ id: 'trail-section:maclehose:3', lines: [line], outlines: [] });
    mode.onSelect({ id: 'trail-section:maclehose:3', title: 'MacLehose Trail Section 3', longitude: 114.2, latitude: 22.4 });
    expect(drawn.points).toEqual([{ longitude: 114.2, latitude: 22.4, colour: PIN_COLOUR, sizePixels: expect.any(Number) }]);
    await expect.poll(() => drawn.lines.length).toBe(1);
    expect(urls).toEqual(['/mapviewer/api/search/places/geometry?id=trail-section%3Amaclehose%3A3']);
    expect(drawn.lines[0]).toMatchObject({ positions: line, colour: HIGHLIGHT_COLOUR });
    expect([...owners]).toEqual(['location-search']);

    mode.clearSelection?.();
    expect(drawn).toEqual({ points: [], lines: [] });

    // A peak has no shape: only its pin, and the last choice's pin is gone.
    mode.onSelect({ id: 'peak:1', title: 'Lion Rock', longitude: 114.19, latitude: 22.35 });
    mode.onSelect({ id: 'peak:2', title: 'Tai Mo Shan', longitude: 114.12, latitude: 22.41 });
    expect(drawn.points).toEqual([expect.objectContaining({ longitude: 114.12, latitude: 22.41 })]);
    expect(urls).toHaveLength(1);
  });

  it("draws a district's outline and fits it into view; a shape arriving after a newer choice is dropped", async () => {
    const outline: Array<[number, number]> = [[114.0, 22.3], [114.1, 22.3], [114.1, 22.4]];
    const { mode, drawn, flights } = setup({ id: 'district:H', lines: [], outlines: [outline] });
    mode.onSelect({ id: 'district:H', title: 'Wong Tai Sin', longitude: 114.05, latitude: 22.33 });
    // No flight before the outline is known; then over the middle of the outline.
    expect(flights).toEqual([]);
    await expect.poll(() => flights.length).toBe(1);
    expect(flights[0]).toMatchObject({ longitude: 114.05, latitude: 22.35 });
    expect(drawn.lines[0]).toMatchObject({ closed: true, colour: HIGHLIGHT_COLOUR });
    // 10.3 km wide, 11.1 km tall: a wide map fits the height times the aspect, a tall one the width over it.
    const wide = viewToShow(outline, 2).heightMeters;
    const tall = viewToShow(outline, 0.5).heightMeters;
    expect(wide).toBeCloseTo((1.3 * 11_132 * 2) / (2 * Math.tan(Math.PI / 6)), -2);
    const width = 0.1 * 111_320 * Math.cos((22.35 * Math.PI) / 180);
    expect(tall).toBeCloseTo((1.3 * width * 2) / (2 * Math.tan(Math.PI / 6)), -2);

    mode.onSelect({ id: 'trail:wilson', title: 'Wilson Trail', longitude: 114.2, latitude: 22.3 });
    mode.clearSelection?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn.lines).toEqual([]);
  });
});
