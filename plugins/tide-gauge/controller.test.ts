import { describe, expect, it } from 'vitest';
import type { MapPickResult, PointerMode } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { createTideGaugeController, TIDE_DRAWER, TIDE_STATIONS_OVERLAY, type TideGaugeServices } from './controller';

const station = (code: string, longitude: number, latitude: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
  properties: { code, key_EN: code, key_TC: code, key_SC: code, operator: 'observatory', startYear: null, curve: code === 'TPK' ? 'harmonic-fit' : null },
});
const STATIONS = { type: 'FeatureCollection', features: [station('QUB', 114.2133, 22.2911), station('TPK', 114.184, 22.4425)] };
const day = (code: string, date: string) => ({
  station: code,
  name: { 'en-US': code, 'zh-HK': code, 'zh-CN': code },
  operator: 'observatory',
  date,
  curve: null,
  extremes: null,
  yearlyLevels: null,
  liveUnavailable: false,
  sample: false,
});

function setUp(answer: (url: string) => Promise<unknown> = async (url) => (url.endsWith('stations') ? STATIONS : day(url.slice(21, 24), url.slice(-10)))) {
  const store = createAppStore();
  store.getState().addDrawer(TIDE_DRAWER);
  const fetched: string[] = [];
  const pointer: { mode: PointerMode | null } = { mode: null };
  const flights: string[] = [];
  const services: TideGaugeServices = {
    store,
    apiBase: '/mapviewer/api/',
    now: () => Date.UTC(2026, 10, 26, 2),
    http: {
      json: (async (url: string, schema: { parse(value: unknown): unknown }) => {
        fetched.push(url);
        return schema.parse(await answer(url));
      }) as TideGaugeServices['http']['json'],
    },
    map: {
      takePointer: (mode) => {
        pointer.mode = mode;
        return () => {
          pointer.mode = null;
        };
      },
      flyTo: (target) => flights.push(`${target.longitude},${target.latitude}`),
    },
  };
  const controller = createTideGaugeController(services);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, controller, fetched, pointer, flights, settle };
}

const pick = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 0, y: 0 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});

describe('tide gauge controller', () => {
  it("opening the drawer loads the stations, sets today's Hong Kong date and takes map clicks; closing gives them back", async () => {
    const { store, controller, fetched, pointer, settle } = setUp();
    store.getState().openDrawer(TIDE_DRAWER);
    await settle();
    expect(fetched).toEqual(['/mapviewer/api/tides/stations']);
    expect(controller.state()).toMatchObject({ stationsStatus: 'ready', date: '2026-11-26' });
    expect(controller.state().stations.map((s) => s.code)).toEqual(['QUB', 'TPK']);
    expect(pointer.mode?.id).toBe(TIDE_DRAWER);
    store.getState().closeDrawer(TIDE_DRAWER);
    expect(pointer.mode).toBeNull();
  });

  it('shows the stations layer while the drawer is open, only when it turned it on', async () => {
    const { store, settle } = setUp();
    store.getState().setOverlayShown(TIDE_STATIONS_OVERLAY, false);
    store.getState().openDrawer(TIDE_DRAWER);
    await settle();
    expect(store.getState().overlays[TIDE_STATIONS_OVERLAY]?.shown).toBe(true);
    store.getState().closeDrawer(TIDE_DRAWER);
    expect(store.getState().overlays[TIDE_STATIONS_OVERLAY]?.shown).toBe(false);
  });

  it('a map click picks the nearest station within 3 km and loads its day', async () => {
    const { store, controller, fetched, pointer, settle } = setUp();
    store.getState().openDrawer(TIDE_DRAWER);
    await settle();
    pointer.mode!.onPick(pick(114.3, 22.35));
    expect(controller.state().stationCode).toBeNull();
    pointer.mode!.onPick(pick(114.21, 22.29));
    await settle();
    expect(controller.state().stationCode).toBe('QUB');
    expect(fetched.at(-1)).toBe('/mapviewer/api/tides/QUB?date=2026-11-26');
    expect(controller.state()).toMatchObject({ dayStatus: 'ready', day: { station: 'QUB' } });
  });

  it('choosing from the list flies to the station; a new date reloads', async () => {
    const { store, controller, fetched, flights, settle } = setUp();
    store.getState().openDrawer(TIDE_DRAWER);
    await settle();
    controller.selectStation('TPK', { fly: true });
    controller.setDate('2026-01-05');
    await settle();
    expect(flights).toEqual(['114.184,22.4425']);
    expect(fetched.slice(-2)).toEqual(['/mapviewer/api/tides/TPK?date=2026-11-26', '/mapviewer/api/tides/TPK?date=2026-01-05']);
    // Only the answer to the last request is kept.
    expect(controller.state().day?.date).toBe('2026-01-05');
  });

  it('says the source is unavailable when the service fails', async () => {
    const { store, controller, settle } = setUp(async (url) => {
      if (url.endsWith('stations')) return STATIONS;
      throw new Error('HTTP 503');
    });
    store.getState().openDrawer(TIDE_DRAWER);
    await settle();
    controller.selectStation('QUB');
    await settle();
    expect(controller.state()).toMatchObject({ dayStatus: 'unavailable', day: null });
    const broken = setUp(async () => {
      throw new Error('offline');
    });
    broken.store.getState().openDrawer(TIDE_DRAWER);
    await broken.settle();
    expect(broken.controller.state().stationsStatus).toBe('unavailable');
  });
});
