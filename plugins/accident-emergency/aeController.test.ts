import { describe, expect, it, vi } from 'vitest';
import type { AeDrivingResponse } from '../../core/contracts/driving';
import { createRecordingMap } from '../../core/map/testing/recordingMap';
import type { HttpClient, MapPickResult } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import type { MapFreeArea } from '../../core/ui/mapFreeArea';
import { createAeController, FEED_RETRY_MS, PIN_MODE_ID, ROUTE_COLOURS } from './aeController';
import { drivingAnswer, feed } from './testing';

function setUp(options: { feedFails?: boolean; driving?: AeDrivingResponse; pick?: MapPickResult | null; geolocation?: Geolocation; freeArea?: MapFreeArea } = {}) {
  const store = createAppStore();
  const flyToBounds = vi.fn();
  const { map, drawn, pointer } = createRecordingMap({ pick: async () => options.pick ?? null, flyToBounds });
  const { groundLines: lines, labels } = drawn;
  const urls: string[] = [];
  const http: HttpClient = {
    json: vi.fn(async (url: string, schema) => {
      urls.push(url);
      if (url.includes('realtime/ae')) {
        if (options.feedFails) throw new Error('HTTP 503');
        return schema.parse(feed);
      }
      return schema.parse(options.driving ?? drivingAnswer('ok'));
    }) as HttpClient['json'],
  };
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const analytics = { emit: vi.fn() };
  const controller = createAeController({
    store,
    http,
    map,
    i18n: { format: (id, values) => `${id}${values ? JSON.stringify(values) : ''}`, language: () => 'en-US' },
    analytics,
    apiBase: '/mapviewer/api/',
    geolocation: options.geolocation,
    freeArea: options.freeArea ? () => options.freeArea! : undefined,
    now: () => 1_000_000,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => void ((timer as { cleared: boolean }).cleared = true),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, controller, lines, labels, urls, timers, analytics, flyToBounds, settle, pointer };
}

describe('fitting a route beside the drawer', () => {
  it('flies to the padded route placed in the free part of the map (core/ui/mapFreeArea.ts), not under the drawer', async () => {
    const whole = setUp();
    whole.controller.pickOnMap();
    const pick = { screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.1694, latitude: 22.3193, heightMeters: 7 }, surface: 'terrain' } as const;
    whole.pointer()!.onPick(pick);
    await whole.settle();
    const beside = setUp({ freeArea: { free: { left: 0.5, right: 1, top: 0, bottom: 1 }, aspect: 2 } });
    beside.controller.pickOnMap();
    beside.pointer()!.onPick(pick);
    await beside.settle();
    const [wholeBox, wholeOptions] = whole.flyToBounds.mock.calls[0];
    const [besideBox] = beside.flyToBounds.mock.calls[0];
    expect(wholeOptions).toEqual({ durationSeconds: 1, paddingRatio: 0 });
    // The same route: with the left half covered, the map reaches further west and the route sits in the right half.
    expect(besideBox.east - besideBox.west).toBeGreaterThan(wholeBox.east - wholeBox.west);
    expect(besideBox.west).toBeLessThan(wholeBox.west);
  });
});

describe('A&E controller: the waiting-time feed', () => {
  it('fetches when the drawer opens and plans the next update at the feed interval, and stops when it closes', async () => {
    const { controller, urls, timers, settle } = setUp();
    controller.open();
    expect(controller.state().feed.phase).toBe('updating');
    await settle();
    expect(urls[0]).toMatch(/^\/mapviewer\/api\/realtime\/ae\?timestamp=\d+$/);
    expect(controller.state().feed).toMatchObject({ phase: 'ready', lastDataAt: 1_000_000, nextRefreshAt: 1_000_000 + 900_000 });
    expect(timers.at(-1)!.ms).toBe(900_000);
    controller.close();
    expect(timers.at(-1)!.cleared).toBe(true);
    expect(controller.state().feed.nextRefreshAt).toBeNull();
  });

  it('shows the data-error state when the feed fails and tries again a minute later', async () => {
    const { controller, timers, settle } = setUp({ feedFails: true });
    controller.open();
    await settle();
    expect(controller.state().feed.phase).toBe('unavailable');
    expect(timers.at(-1)!.ms).toBe(FEED_RETRY_MS);
  });
});

describe('A&E controller: origins and routes', () => {
  it('takes the pointer for a map pin, routes from the clicked place and draws the road solid and the access legs dashed and labelled', async () => {
    const { controller, urls, lines, labels, flyToBounds, analytics, settle, pointer } = setUp();
    controller.pickOnMap();
    expect(pointer()?.id).toBe(PIN_MODE_ID);
    expect(controller.state().choosing).toBe('pin');
    pointer()!.onPick({ screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.1694, latitude: 22.3193, heightMeters: 7 }, surface: 'terrain' });
    expect(pointer()).toBeNull();
    await settle();
    expect(urls.at(-1)).toBe('/mapviewer/api/routing/ae?lon=114.1694&lat=22.3193');
    expect(controller.state()).toMatchObject({ origin: { source: 'pin' }, selected: 'kwong-wah-hospital', message: null, routedAt: 1_000_000 });
    const road = lines.filter((line) => line.colour === ROUTE_COLOURS.road);
    const dashes = lines.filter((line) => line.colour === ROUTE_COLOURS.accessLeg);
    expect(road).toHaveLength(1);
    expect(road[0].positions).toHaveLength(3);
    // Each leg is cut into at least 3 dashes, none as long as the leg.
    expect(dashes.length).toBeGreaterThanOrEqual(6);
    expect(labels.filter((label) => label.text.startsWith('accidentEmergency.map.accessLeg'))).toHaveLength(2);
    expect(flyToBounds).toHaveBeenCalledTimes(1);
    expect(analytics.emit).toHaveBeenCalledWith(expect.objectContaining({ name: 'aande::origin', param: 'pin' }));
    expect(analytics.emit).toHaveBeenCalledWith(expect.objectContaining({ name: 'aande::route', id: 'kwong-wah-hospital' }));
  });

  it('ends the pin mode on Escape without choosing an origin, and gives the pointer back when the drawer closes', () => {
    const { controller, pointer } = setUp();
    controller.pickOnMap();
    pointer()!.onEnd!();
    expect(controller.state()).toMatchObject({ choosing: null, origin: null });
    controller.pickOnMap();
    expect(pointer()?.id).toBe(PIN_MODE_ID);
    controller.close();
    expect(pointer()).toBeNull();
    expect(controller.state().choosing).toBeNull();
  });

  it('asks for the chosen hospital’s route', async () => {
    const { controller, urls, settle } = setUp({ pick: { screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.17, latitude: 22.32, heightMeters: 5 }, surface: 'terrain' } });
    await controller.useScreenCentre();
    await settle();
    await controller.select('queen-mary-hospital');
    expect(urls.at(-1)).toBe('/mapviewer/api/routing/ae?lon=114.17&lat=22.32&hospital=queen-mary-hospital');
  });

  it('says there is no route from the sky when the screen centre is not on the ground, without asking the server', async () => {
    const { controller, urls } = setUp({ pick: null });
    await controller.useScreenCentre();
    expect(controller.state().message).toMatchObject({ id: 'accidentEmergency.message.sky' });
    expect(controller.state().origin).toBeNull();
    expect(urls).toEqual([]);
  });

  it('says the origin is in the water, and draws nothing', async () => {
    const { controller, lines, settle } = setUp({
      driving: drivingAnswer('origin-in-water'),
      pick: { screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.17, latitude: 22.29, heightMeters: 0 }, surface: 'terrain' },
    });
    await controller.useScreenCentre();
    await settle();
    expect(controller.state().message).toMatchObject({ id: 'accidentEmergency.message.water', severity: 'warning' });
    expect(lines).toEqual([]);
  });

  it('says no facility is within range, with the range in km', async () => {
    const { controller, settle } = setUp({
      driving: drivingAnswer('no-facility-within-range'),
      pick: { screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.0, latitude: 22.2, heightMeters: 5 }, surface: 'terrain' },
    });
    await controller.useScreenCentre();
    await settle();
    expect(controller.state().message).toMatchObject({ id: 'accidentEmergency.message.noFacility', values: { km: '30' } });
  });

  it('gives the SPEC §8 location message when the browser refuses the position or has no geolocation', () => {
    const refused = setUp({
      geolocation: { getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 1 } as GeolocationPositionError) } as unknown as Geolocation,
    });
    refused.controller.useGps();
    expect(refused.controller.state().message).toMatchObject({ id: 'accidentEmergency.message.location' });
    const none = setUp({ geolocation: undefined });
    none.controller.useGps();
    expect(none.controller.state().message).toMatchObject({ id: 'accidentEmergency.message.location' });
  });

  it('routes from the GPS position', async () => {
    const { controller, urls, settle } = setUp({
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { longitude: 114.2, latitude: 22.33 } } as GeolocationPosition) } as unknown as Geolocation,
    });
    controller.useGps();
    await settle();
    expect(urls.at(-1)).toBe('/mapviewer/api/routing/ae?lon=114.2&lat=22.33');
    expect(controller.state().origin).toMatchObject({ source: 'gps' });
  });
});
