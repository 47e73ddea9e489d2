import { describe, expect, it, vi } from 'vitest';
import type { CyclingCollection } from '../../core/contracts/cycling';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createRegistry } from '../../core/plugin/registry';
import type { AnalyticsEvent, OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { createCyclingController, CYCLING_OVERLAYS, facilityName, trackLengthKm } from './cycling';

const PARKING: CyclingCollection = {
  type: 'FeatureCollection',
  sample: true,
  source: 'sample',
  features: [
    {
      type: 'Feature',
      id: 'parking-sample-TAW',
      geometry: { type: 'Point', coordinates: [114.1787, 22.3728] },
      properties: { key: 'parking-sample-TAW', key_EN: 'Cycle park by Tai Wai station exit A (sample)', key_TC: '大圍站A出口旁單車停泊處（樣本）', key_SC: '大围站A出口旁单车停泊处（样本）', spaces: 120, station_EN: 'Tai Wai', station_TC: '大圍', station_SC: '大围', sample: true },
    },
  ],
};
/** Two segments of one line along a meridian: 0.01° of latitude each, about 1.112 km. */
const TRACKS: CyclingCollection = {
  type: 'FeatureCollection',
  sample: false,
  source: 'td-file',
  features: [
    {
      type: 'Feature',
      id: 'tracks-1',
      geometry: { type: 'LineString', coordinates: [[114.2, 22.4], [114.2, 22.41], [114.2, 22.42]] },
      properties: { key: 'tracks-1', key_EN: 'Track', key_TC: '徑', key_SC: '径', spaces: null, sample: false },
    },
  ],
};

function setUp(fail = false) {
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  for (const id of Object.values(CYCLING_OVERLAYS)) overlays.registerAs('auxiliary', { id, manifest: { id } as OverlayContribution['manifest'] });
  const flights: unknown[] = [];
  const events: Array<Omit<AnalyticsEvent, 'at' | 'lang'>> = [];
  const urls: string[] = [];
  const ctx = {
    apiBase: '/mapviewer/api',
    http: {
      json: vi.fn(async (url: string, schema: { parse(value: unknown): unknown }) => {
        urls.push(url);
        if (fail) throw new Error('HTTP 500');
        return schema.parse(url.includes('/parking') ? PARKING : TRACKS);
      }),
    } as never,
    map: { ...createNoopMapFacade(), flyTo: (target: unknown) => flights.push(target) } as never,
    store,
    overlays,
    analytics: { emit: (event: Omit<AnalyticsEvent, 'at' | 'lang'>) => events.push(event) },
  };
  return { controller: createCyclingController(ctx), store, flights, events, urls };
}

describe('cycling (auxiliary) controller', () => {
  it('loads both layers, and choosing a cycle park flies there and shows the parking layer', async () => {
    const { controller, store, flights, events, urls } = setUp();
    await controller.load();
    expect(urls.map((url) => url.replace(/\?.*/, ''))).toEqual(['/mapviewer/api/static/cycling/parking', '/mapviewer/api/static/cycling/tracks']);
    expect(controller.getState()).toMatchObject({ status: 'ready', layers: { parking: PARKING, tracks: TRACKS } });
    controller.select('parking-sample-TAW');
    expect(flights).toEqual([{ longitude: 114.1787, latitude: 22.3728, heightMeters: 800 }]);
    expect(store.getState().overlays['cycling-parking']?.shown).toBe(true);
    expect(events).toContainEqual({ name: 'auxiliary::select', id: 'parking-sample-TAW' });
    controller.showLayer('tracks', true);
    expect(store.getState().overlays['cycling-tracks']?.shown).toBe(true);
  });

  it('reports a failed load and leaves the layers empty', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { controller } = setUp(true);
    await controller.load();
    expect(controller.getState()).toMatchObject({ status: 'failed', layers: {} });
  });

  it('names a facility in each language and sums track lengths', () => {
    expect(facilityName(PARKING.features[0], 'zh-CN')).toBe('大围站A出口旁单车停泊处（样本）');
    expect(trackLengthKm(TRACKS)).toBeCloseTo(2.224, 2);
  });
});
