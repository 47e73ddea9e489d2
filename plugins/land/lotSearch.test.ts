import { describe, expect, it, vi } from 'vitest';
import type { LandLotFeature } from '../../core/contracts/lots';
import type { AnalyticsEmitter, GraphicPolygon, HttpClient } from '../../core/plugin/types';
import { LOT_HIGHLIGHT, createLotSearch, lotBounds, lotQueryTooShort } from './lotSearch';

const lot: LandLotFeature = {
  type: 'Feature',
  id: 'lot.STTL-612',
  geometry: { type: 'Polygon', coordinates: [[[114.2, 22.4], [114.202, 22.4], [114.202, 22.401], [114.2, 22.401], [114.2, 22.4]]] },
  properties: {
    lotNumber: 'STTL 612',
    use: { 'en-US': 'Residential', 'zh-HK': '住宅', 'zh-CN': '住宅' },
    location: { 'en-US': 'Shek Mun, Sha Tin', 'zh-HK': '沙田石門', 'zh-CN': '沙田石门' },
    siteAreaSquareMetres: 22900,
    tenderForecast: { financialYear: '2026-27', quarter: 2 },
    districtCode: 'R',
    sample: true,
  },
};

function setup(answer: (url: string) => unknown) {
  const urls: string[] = [];
  const http: HttpClient = {
    json: async (url, schema) => {
      urls.push(url);
      return schema.parse(await answer(url));
    },
  };
  const drawn: GraphicPolygon[][] = [];
  const removed = vi.fn();
  const flyToBounds = vi.fn();
  const graphics = { addGroundPolygons: (polygons: readonly GraphicPolygon[]) => (drawn.push([...polygons]), removed) };
  const map = { flyToBounds, temporaryGraphics: vi.fn(() => graphics as never) };
  const events: Array<{ name: string }> = [];
  const analytics: AnalyticsEmitter = { emit: (event) => void events.push(event) };
  const search = createLotSearch({ http, map, analytics, apiBase: '/mapviewer/api/' });
  return { search, urls, drawn, removed, flyToBounds, map, events };
}

describe('land parcel search', () => {
  it('asks for at least 2 characters (spaces not counted) without asking the server', async () => {
    const { search, urls } = setup(() => ({}));
    expect(lotQueryTooShort(' S ')).toBe(true);
    expect(lotQueryTooShort('ST')).toBe(false);
    expect(await search.search(' S ')).toEqual({ kind: 'too-short' });
    expect(urls).toEqual([]);
  });

  it('lists the lots the server finds, and says none when it finds none (No record found)', async () => {
    const { search, urls, events } = setup((url) =>
      url.includes('q=STTL') ? { type: 'FeatureCollection', features: [lot], matched: 1, sample: true } : { type: 'FeatureCollection', features: [], matched: 0, sample: true },
    );
    expect(await search.search(' STTL 612 ')).toEqual({ kind: 'found', lots: [lot], matched: 1 });
    expect(urls[0]).toBe('/mapviewer/api/lots/search?q=STTL+612&limit=20');
    expect(events).toContainEqual(expect.objectContaining({ name: 'search::submit', content: 'STTL 612', source: 'land' }));
    expect(await search.search('zzqq')).toEqual({ kind: 'none' });
  });

  it('reports a failed request as unavailable, not as no record', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { search } = setup(() => {
      throw new Error('503');
    });
    expect(await search.search('STTL')).toEqual({ kind: 'failed' });
    expect(await search.allLots()).toBeNull();
    warn.mockRestore();
  });

  it('flies to the chosen lot and outlines it, one lot at a time, as 3D-only graphics', () => {
    const { search, drawn, removed, flyToBounds, map } = setup(() => ({}));
    search.select(lot);
    expect(map.temporaryGraphics).toHaveBeenCalledWith('land', { requiresThreeD: true });
    // The closing position is not repeated for a ground polygon.
    expect(drawn[0]).toEqual([{ positions: lot.geometry.coordinates[0].slice(0, 4), ...LOT_HIGHLIGHT }]);
    expect(flyToBounds).toHaveBeenCalledWith({ west: 114.2, south: 22.4, east: 114.202, north: 22.401 }, expect.objectContaining({ durationSeconds: 1.5 }));
    search.select(lot);
    expect(removed).toHaveBeenCalledTimes(1);
    search.clear();
    expect(removed).toHaveBeenCalledTimes(2);
    expect(lotBounds(lot)).toEqual({ west: 114.2, south: 22.4, east: 114.202, north: 22.401 });
  });
});
