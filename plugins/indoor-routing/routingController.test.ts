import { describe, expect, it, vi } from 'vitest';
import type { IndoorRouteResponse } from '../../core/contracts/indoorRouting';
import { createRecordingMap } from '../../core/map/testing/recordingMap';
import type { HttpClient, MapPickResult } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import type { MapFreeArea } from '../../core/ui/mapFreeArea';
import type { OpenIndoorMap } from '../indoor/api';
import { createRoutingController, MESSAGES, PICK_MODE_ID, routableVenue, ROUTE_COLOURS } from './routingController';
import { places, station, stepFreeRoute } from './testing';

const picked = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 4 },
  surface: 'model',
});

function setUp(options: { route?: IndoorRouteResponse | Error; placesFail?: boolean; map?: OpenIndoorMap | null; freeArea?: MapFreeArea } = {}) {
  const store = createAppStore();
  const lookAt = vi.fn();
  const { map, drawn, pointer } = createRecordingMap({ lookAt, cameraState: () => null });
  const { lines, points, labels } = drawn;
  const urls: string[] = [];
  const http: HttpClient = {
    json: vi.fn(async (url: string, schema) => {
      urls.push(url);
      if (url.includes('indoor/places')) {
        if (options.placesFail) throw new Error('HTTP 503');
        return schema.parse({ venueId: 'MTR-ADM', sample: true, places });
      }
      if (options.route instanceof Error) throw options.route;
      return schema.parse(options.route ?? stepFreeRoute);
    }) as HttpClient['json'],
  };
  const analytics = { emit: vi.fn() };
  const showFloor = vi.fn();
  let openMap: OpenIndoorMap | null = options.map === undefined ? station : options.map;
  let language: 'en-US' | 'zh-HK' | 'zh-CN' = 'en-US';
  const controller = createRoutingController({
    store,
    http,
    map,
    i18n: { format: (id, values) => `${id}${values ? JSON.stringify(values) : ''}`, language: () => language },
    analytics,
    apiBase: '/mapviewer/api/',
    openMap: () => openMap,
    showFloor,
    freeArea: options.freeArea ? () => options.freeArea! : undefined,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    controller,
    urls,
    lines,
    points,
    labels,
    lookAt,
    analytics,
    showFloor,
    settle,
    pointer,
    setMap: (next: OpenIndoorMap | null) => (openMap = next),
    setLanguage: (next: typeof language) => (language = next),
  };
}

async function openWithRoute(options: Parameters<typeof setUp>[0] = {}) {
  const test = setUp(options);
  test.controller.open();
  await test.settle();
  test.controller.choosePlace('from', 'ADM-exit-A');
  test.controller.choosePlace('to', 'ADM-P1-platform-1');
  return test;
}

describe('routing availability (SPEC §4)', () => {
  it('is offered for an open metro station map only, not for a building or while none is open', () => {
    expect(routableVenue(station)).toBe(station);
    expect(routableVenue({ ...station, venueType: 'building' })).toBeNull();
    expect(routableVenue(null)).toBeNull();
  });

  it('does nothing on open while no station map is open', () => {
    const { controller, urls } = setUp({ map: { ...station, venueType: 'building' } });
    controller.open();
    expect(urls).toEqual([]);
    expect(controller.state().places.phase).toBe('idle');
  });
});

describe('station routing controller: places', () => {
  it('lists the open station’s places when the drawer opens, once per venue', async () => {
    const { controller, urls, settle } = setUp();
    controller.open();
    expect(controller.state().places.phase).toBe('loading');
    await settle();
    expect(urls).toEqual(['/mapviewer/api/indoor/places?venue=MTR-ADM&lang=en-US']);
    expect(controller.state()).toMatchObject({ venueId: 'MTR-ADM', places: { phase: 'ready' } });
    expect(controller.state().places.list).toHaveLength(places.length);
    controller.open();
    expect(urls).toHaveLength(1);
  });

  it('starts afresh for another station, keeping the step-free choice', async () => {
    const { controller, urls, settle, setMap } = setUp();
    controller.open();
    await settle();
    controller.setStepFree(true);
    controller.choosePlace('from', 'ADM-exit-A');
    setMap({ ...station, venueId: 'MTR-CEN' });
    controller.open();
    await settle();
    expect(urls.at(-1)).toBe('/mapviewer/api/indoor/places?venue=MTR-CEN&lang=en-US');
    expect(controller.state()).toMatchObject({ venueId: 'MTR-CEN', from: null, stepFree: true });
  });

  it('says routing is unavailable (SPEC §8) when the places cannot be read, and asks again on the next open', async () => {
    const { controller, urls, settle } = setUp({ placesFail: true });
    controller.open();
    await settle();
    expect(controller.state().places.phase).toBe('failed');
    expect(controller.state().message).toEqual({ id: MESSAGES.unavailable, severity: 'error' });
    controller.open();
    expect(urls).toHaveLength(2);
  });
});

describe('station routing controller: choosing, swapping, the step-free option', () => {
  it('takes the pointer to pick a point on the current floor, sent as lon,lat@floorId', async () => {
    const { controller, urls, pointer, analytics, settle } = await openWithRoute();
    controller.pickOnMap('from');
    expect(pointer()?.id).toBe(PICK_MODE_ID);
    expect(pointer()?.ownsClicks).toBe(true);
    expect(controller.state().picking).toBe('from');
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'indoor-routing::pick', id: 'indoor-routing', param: 'from' });
    pointer()!.onPick(picked(114.16461234, 22.27901));
    expect(pointer()).toBeNull();
    expect(controller.state().from).toEqual({ kind: 'point', longitude: 114.16461234, latitude: 22.27901, floorId: 'ADM-C' });
    await controller.search();
    await settle();
    const query = new URL(urls.at(-1)!, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ venue: 'MTR-ADM', from: '114.1646123,22.2790100@ADM-C', to: 'ADM-P1-platform-1', stepFree: 'false', lang: 'en-US' });
  });

  it('keeps waiting after a click on the sky, and Escape (onEnd) stops picking', () => {
    const { controller, pointer } = setUp();
    controller.pickOnMap('to');
    pointer()!.onPick({ ...picked(0, 0), position: null });
    expect(controller.state()).toMatchObject({ picking: 'to', message: { id: MESSAGES.noPointHere, which: 'to' } });
    pointer()!.onEnd!();
    expect(controller.state().picking).toBeNull();
  });

  it('swaps origin and destination and drops a route shown, as does a new choice or the step-free option', async () => {
    const { controller, lines, settle } = await openWithRoute();
    await controller.search();
    await settle();
    expect(controller.state().route).not.toBeNull();
    controller.swap();
    expect(controller.state()).toMatchObject({ from: { placeId: 'ADM-P1-platform-1' }, to: { placeId: 'ADM-exit-A' }, route: null });
    expect(lines).toEqual([]);
    await controller.search();
    controller.setStepFree(true);
    expect(controller.state()).toMatchObject({ stepFree: true, route: null });
    await controller.search();
    controller.choosePlace('to', null);
    expect(controller.state()).toMatchObject({ to: null, route: null });
  });
});

describe('station routing controller: search and the SPEC §8 messages', () => {
  it('asks with the step-free option, draws the path at ground height + relative metres, marks both ends and labels the floor changes', async () => {
    const { controller, urls, lines, points, labels, lookAt, analytics, settle } = await openWithRoute();
    controller.setStepFree(true);
    await controller.search();
    await settle();
    expect(urls.at(-1)).toBe('/mapviewer/api/routing/indoor?venue=MTR-ADM&from=ADM-exit-A&to=ADM-P1-platform-1&stepFree=true&lang=en-US');
    expect(controller.state()).toMatchObject({ searching: false, message: null, route: { lengthMetres: 142.4, floors: ['ADM-C', 'ADM-P1'] } });
    expect(lines).toHaveLength(1);
    expect(lines[0].colour).toBe(ROUTE_COLOURS.path);
    // groundHeightMeters 10 + relative height + 0.4 m above the floor.
    expect(lines[0].positions.map((position) => position[2])).toEqual([10.4, 10.4, 4.4, 4.4, -1.6, -1.6]);
    expect(points.map((point) => point.colour)).toEqual([ROUTE_COLOURS.start, ROUTE_COLOURS.end]);
    expect(labels.map((label) => label.text)).toEqual([
      'indoorRouting.map.start',
      'indoorRouting.map.end',
      'indoorRouting.map.floorChange.lift{"floor":"Concourse"}',
      'indoorRouting.map.floorChange.lift{"floor":"Platform 1"}',
    ]);
    expect(lookAt).toHaveBeenCalledTimes(1);
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'indoor-routing::search', id: 'MTR-ADM', param: 'found', content: 'step-free' });
  });

  it('looks at the route from the side, shifted so the route lands beside the drawer (left) or below it (top)', async () => {
    const centre = { longitude: (114.1646 + 114.1652) / 2, latitude: (22.279 + 22.2793) / 2 };
    const target = async (freeArea?: MapFreeArea) => {
      const { controller, lookAt, settle } = await openWithRoute({ freeArea });
      await controller.search();
      await settle();
      const [at, offset] = lookAt.mock.calls[0];
      expect(offset).toMatchObject({ headingDegrees: 0, pitchDegrees: -35 });
      expect(offset.rangeMeters).toBeGreaterThanOrEqual(120);
      // Halfway between the route's lowest (-12 m) and highest (0 m) point, over the ground at 10 m.
      expect(at.heightMeters).toBe(4);
      return at;
    };
    const plain = await target();
    expect(plain.longitude).toBeCloseTo(centre.longitude, 9);
    expect(plain.latitude).toBeCloseTo(centre.latitude, 9);
    const beside = await target({ free: { left: 0.4, right: 1, top: 0, bottom: 1 }, aspect: 1.6 });
    expect(beside.longitude).toBeLessThan(centre.longitude - 0.0002);
    expect(beside.latitude).toBeCloseTo(centre.latitude, 6);
    const below = await target({ free: { left: 0, right: 1, top: 0.6, bottom: 1 }, aspect: 0.55 });
    expect(below.latitude).toBeGreaterThan(centre.latitude + 0.0002);
    expect(below.longitude).toBeCloseTo(centre.longitude, 6);
  });

  it.each([
    [{ found: false, reason: 'not-pickable', which: 'to' } as const, { id: MESSAGES.notPickable, severity: 'warning', which: 'to' }, 'not-pickable'],
    [{ found: false, reason: 'no-route' } as const, { id: MESSAGES.noRoute, severity: 'warning' }, 'no-route'],
    [new Error('HTTP 503 /mapviewer/api/routing/indoor'), { id: MESSAGES.unavailable, severity: 'error' }, 'unavailable'],
  ])('answer %j gives message %j', async (route, message, outcome) => {
    const { controller, lines, analytics, settle } = await openWithRoute({ route });
    await controller.search();
    await settle();
    expect(controller.state()).toMatchObject({ searching: false, route: null, message });
    expect(lines).toEqual([]);
    expect(analytics.emit).toHaveBeenCalledWith(expect.objectContaining({ name: 'indoor-routing::search', param: outcome }));
  });

  it('does not search without both ends', async () => {
    const { controller, urls, settle } = setUp();
    controller.open();
    await settle();
    controller.choosePlace('from', 'ADM-exit-A');
    await controller.search();
    expect(urls).toHaveLength(1);
  });

  it('clears the route, the choices and the drawing; closing the drawer gives the pointer back and removes the drawing', async () => {
    const { controller, lines, pointer, settle } = await openWithRoute();
    await controller.search();
    await settle();
    controller.clear();
    expect(controller.state()).toMatchObject({ from: null, to: null, route: null, message: null });
    expect(lines).toEqual([]);
    controller.pickOnMap('from');
    controller.close();
    expect(pointer()).toBeNull();
    expect(controller.state().picking).toBeNull();
  });

  it('drops an answer that arrives after the drawer closed', async () => {
    const { controller, lines, settle } = await openWithRoute();
    const searching = controller.search();
    controller.close();
    await searching;
    await settle();
    expect(controller.state().route).toBeNull();
    expect(lines).toEqual([]);
  });

  it('shows a passed floor through the indoor map and asks again when the language changes', async () => {
    const { controller, urls, showFloor, analytics, setLanguage, settle } = await openWithRoute();
    await controller.search();
    await settle();
    controller.showFloor('ADM-P1');
    expect(showFloor).toHaveBeenCalledWith('ADM-P1');
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'indoor-routing::floor', id: 'ADM-P1' });
    const asked = urls.length;
    controller.languageChanged();
    expect(urls).toHaveLength(asked);
    setLanguage('zh-HK');
    controller.languageChanged();
    await settle();
    expect(urls.at(-1)).toContain('lang=zh-HK');
  });
});
