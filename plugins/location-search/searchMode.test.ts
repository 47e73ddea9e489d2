import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../core/http/httpClient';
import type { MapFacade } from '../../core/plugin/types';
import { readFileSync } from 'node:fs';
import { createLocationSearchMode, OUTSIDE_BOUNDARY_MESSAGE, TOO_SHORT_MESSAGE, validatePlaceQuery } from './searchMode';

const english = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/location-search.json`, import.meta.url), 'utf8'));

function setup(body: unknown) {
  const urls: string[] = [];
  const flights: unknown[] = [];
  const notices: string[] = [];
  const events: unknown[] = [];
  const mode = createLocationSearchMode({
    apiBase: '/mapviewer/api/',
    http: createHttpClient(async (url) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
    i18n: { language: () => 'en-US', format: (id) => id },
    map: { flyTo: (target: unknown) => flights.push(target) } as unknown as MapFacade,
    notices: { show: (notice) => (notices.push(notice.message), () => {}) },
    analytics: { emit: (event) => events.push(event) },
  });
  return { mode, urls, flights, notices, events };
}

describe('location search mode', () => {
  it('refuses fewer than 2 characters with the SPEC §5 message', () => {
    expect(validatePlaceQuery('a')).toBe(TOO_SHORT_MESSAGE);
    expect(validatePlaceQuery(' a ')).toBe(TOO_SHORT_MESSAGE);
    expect(validatePlaceQuery('sh')).toBeNull();
    expect(english('en-US')[TOO_SHORT_MESSAGE]).toBe('Please input at least 2 English characters');
    expect(english('en-US')[OUTSIDE_BOUNDARY_MESSAGE]).toBe('Location of the search result falls beyond the project boundary.');
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
});
