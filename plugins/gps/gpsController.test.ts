import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicPoint, GraphicPolygon, HttpClient } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { CENTRE_RANGE_METERS, createGpsController, GEOLOCATION_OPTIONS } from './gpsController';

/** A Geolocation whose watcher the test drives. */
function fakeGeolocation() {
  let watcher: { success: PositionCallback; failure?: PositionErrorCallback | null; options?: PositionOptions } | null = null;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      watcher = { success, failure, options };
      return 7;
    }),
    clearWatch: vi.fn(() => {
      watcher = null;
    }),
    getCurrentPosition: vi.fn(),
  };
  const position = (longitude: number, latitude: number, accuracy = 15) =>
    watcher?.success({ coords: { longitude, latitude, accuracy }, timestamp: 1 } as unknown as GeolocationPosition);
  const fail = (code: 1 | 2 | 3) => watcher?.failure?.({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
  return { geolocation: geolocation as unknown as Geolocation, spies: geolocation, position, fail, watching: () => watcher !== null, options: () => watcher?.options };
}

function setUp(options: { outsideAt?: (longitude: number) => boolean; locateFails?: boolean; geolocation?: Geolocation | undefined } = {}) {
  const store = createAppStore();
  const points: GraphicPoint[][] = [];
  const polygons: GraphicPolygon[][] = [];
  const lookAt = vi.fn();
  const setView = vi.fn();
  const map = createNoopMapFacade({
    temporaryGraphics: () => ({
      addPoints: (added) => (points.push([...added]), () => {}),
      addGroundPolylines: () => () => {},
      addGroundPolygons: (added) => (polygons.push([...added]), () => {}),
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      clear: () => {
        points.splice(0);
        polygons.splice(0);
      },
    }),
    cameraState: () => ({ longitude: 114.16, latitude: 22.27, heightMeters: 900, headingDegrees: 30, pitchDegrees: -40, rollDegrees: 0 }),
    lookAt,
    setView,
  });
  const urls: string[] = [];
  const http: HttpClient = {
    json: vi.fn(async (url: string, schema) => {
      urls.push(url);
      if (options.locateFails) throw new Error('HTTP 503');
      const query = new URL(url, 'http://x').searchParams;
      const longitude = Number(query.get('longitude'));
      return schema.parse({ longitude, latitude: Number(query.get('latitude')), outsideHongKong: options.outsideAt?.(longitude) ?? false });
    }) as HttpClient['json'],
  };
  const shown: string[] = [];
  const notices = { show: vi.fn((notice: { message: string | (() => string) }) => (shown.push(typeof notice.message === 'function' ? notice.message() : notice.message), () => {})) };
  const events: string[] = [];
  const fake = fakeGeolocation();
  const controller = createGpsController({
    map,
    store,
    http,
    i18n: { language: () => 'en-US', format: (id) => id },
    notices,
    analytics: { emit: (event) => void events.push(event.name) },
    apiBase: '/mapviewer/api/',
    geolocation: 'geolocation' in options ? options.geolocation : fake.geolocation,
  });
  return { store, controller, fake, points, polygons, lookAt, setView, urls, shown, events };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let dispose: (() => void) | null = null;
afterEach(() => dispose?.());

describe('GPS controller', () => {
  it('locating: watches the device, checks Hong Kong, draws the marker and accuracy circle, centres the camera once', async () => {
    const { store, controller, fake, points, polygons, lookAt, setView, urls, events } = setUp();
    dispose = controller.dispose;
    store.getState().cycleGps();
    expect(fake.watching()).toBe(true);
    expect(fake.options()).toEqual(GEOLOCATION_OPTIONS);
    expect(controller.getState().status).toBe('waiting');
    fake.position(114.1694, 22.3193, 20);
    await settle();
    expect(urls).toEqual(['/mapviewer/api/search/locate?longitude=114.1694&latitude=22.3193']);
    expect(points).toEqual([[expect.objectContaining({ longitude: 114.1694, latitude: 22.3193 })]]);
    expect(polygons[0][0].positions).toHaveLength(64);
    expect(lookAt).toHaveBeenCalledWith({ longitude: 114.1694, latitude: 22.3193 }, { rangeMeters: CENTRE_RANGE_METERS, headingDegrees: 30, pitchDegrees: -45 }, { durationSeconds: 1.5 });
    // A small move: redrawn, no new boundary check, the camera stays (locating does not follow).
    fake.position(114.1696, 22.3194);
    await settle();
    expect(urls).toHaveLength(1);
    expect(points[0][0].longitude).toBe(114.1696);
    expect(lookAt).toHaveBeenCalledTimes(1);
    expect(setView).not.toHaveBeenCalled();
    expect(events).toEqual(['gps::on']);
  });

  it('tracking: the camera follows each new position; off stops watching and clears the map', async () => {
    const { store, controller, fake, points, setView, events } = setUp();
    dispose = controller.dispose;
    store.getState().setGps(2);
    fake.position(114.17, 22.28);
    await settle();
    fake.position(114.171, 22.281);
    await settle();
    expect(setView).toHaveBeenCalledTimes(1);
    const [view, options] = setView.mock.calls[0];
    expect(view.longitude).toBeCloseTo(114.161, 9);
    expect(view.latitude).toBeCloseTo(22.271, 9);
    expect(view).toMatchObject({ heightMeters: 900, headingDegrees: 30, pitchDegrees: -40 });
    expect(options).toEqual({ durationSeconds: 0.5 });
    store.getState().cycleGps();
    expect(store.getState().gps).toBe(0);
    expect(fake.spies.clearWatch).toHaveBeenCalledWith(7);
    expect(points).toEqual([]);
    expect(events).toEqual(['gps::on', 'gps-tracking::on', 'gps-tracking::off', 'gps::off']);
  });

  it('a refused location says so and switches GPS off', () => {
    const { store, controller, fake, shown } = setUp();
    dispose = controller.dispose;
    store.getState().setGps(1);
    fake.fail(1);
    expect(shown).toEqual(['gps.error.unavailable']);
    expect(store.getState().gps).toBe(0);
    expect(fake.watching()).toBe(false);
  });

  it('a browser without geolocation says the same', () => {
    const { store, controller, shown } = setUp({ geolocation: undefined });
    dispose = controller.dispose;
    store.getState().setGps(1);
    expect(shown).toEqual(['gps.error.unavailable']);
    expect(store.getState().gps).toBe(0);
  });

  it('a position outside Hong Kong is not drawn and says so', async () => {
    const { store, controller, fake, points, lookAt, shown } = setUp({ outsideAt: (longitude) => longitude < 114 });
    dispose = controller.dispose;
    store.getState().setGps(1);
    fake.position(113.95, 22.55);
    await settle();
    expect(shown).toEqual(['gps.error.outsideHongKong']);
    expect(points).toEqual([]);
    expect(lookAt).not.toHaveBeenCalled();
    expect(store.getState().gps).toBe(0);
  });

  it('when the boundary check fails the position is still shown', async () => {
    const { store, controller, fake, points } = setUp({ locateFails: true });
    dispose = controller.dispose;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    store.getState().setGps(1);
    fake.position(114.17, 22.28);
    await settle();
    expect(points).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
