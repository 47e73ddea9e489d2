import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../core/http/httpClient';
import type { MapFacade } from '../../core/plugin/types';
import { readFileSync } from 'node:fs';
import { PLACE_KINDS, type Place } from '../../core/contracts/places';
import { createLocationSearchMode, OUTSIDE_BOUNDARY_MESSAGE, placeSubtitle, TOO_SHORT_MESSAGE, validatePlaceQuery } from './searchMode';

const english = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/location-search.json`, import.meta.url), 'utf8'));
/** Formats like the app's i18n for these messages: the id with its values, so tests see what went in. */
const echo = { format: (id: string, values?: Record<string, string | number>) => (values ? `${id} ${JSON.stringify(values)}` : id) };

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
});
