import { describe, expect, it, vi } from 'vitest';
import type { WalkingRouteResponse } from '../../core/contracts/walking';
import { HttpError } from '../../core/http/httpClient';
import { createRecordingMap } from '../../core/map/testing/recordingMap';
import type { HttpClient, MapPickResult } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { BOOKMARKS_STORAGE_KEY } from './bookmarks';
import { foundAnswer, outsideAnswer } from './testing';
import { createWalkController, PICK_MODE_ID, ROUTE_COLOURS } from './walkController';

const WONG_TAI_SIN = { id: 'mtr-station:WTS', title: 'Wong Tai Sin', longitude: 114.1937, latitude: 22.3417, outsideHongKong: false };
const DIAMOND_HILL = { id: 'mtr-station:DIH', title: 'Diamond Hill', longitude: 114.2016, latitude: 22.34, outsideHongKong: false };

const ground = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 10 },
  surface: 'terrain',
});

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: vi.fn((key: string, value: string) => void items.set(key, value)) };
}

function setUp(options: { answer?: WalkingRouteResponse | Error; pick?: MapPickResult | null; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const store = createAppStore();
  const flyToBounds = vi.fn();
  const { map, drawn, pointer } = createRecordingMap({
    pick: async () => (options.pick === undefined ? ground(114.195, 22.341) : options.pick),
    flyToBounds,
  });
  const { groundLines: lines, points, labels } = drawn;
  const urls: string[] = [];
  const http: HttpClient = {
    json: vi.fn(async (url: string, schema) => {
      urls.push(url);
      if (options.answer instanceof Error) throw options.answer;
      return schema.parse(options.answer ?? foundAnswer);
    }) as HttpClient['json'],
  };
  const analytics = { emit: vi.fn() };
  const storage = options.storage ?? memoryStorage();
  const controller = createWalkController({
    store,
    http,
    map,
    i18n: { format: (id, values) => `${id}${values ? JSON.stringify(values) : ''}`, language: () => 'en-US' },
    analytics,
    apiBase: '/mapviewer/api/',
    storage,
    // The right half of a 2:1 map is free.
    freeArea: () => ({ free: { left: 0.5, right: 1, top: 0, bottom: 1 }, aspect: 2 }),
    now: () => 1_700_000_000_000,
  });
  controller.open();
  return { controller, lines, points, labels, urls, analytics, flyToBounds, storage, pointer };
}

async function routeBetweenStations(controller: ReturnType<typeof setUp>['controller']) {
  controller.choosePlace('from', WONG_TAI_SIN);
  controller.choosePlace('to', DIAMOND_HILL);
  await controller.search();
}

describe('walking route controller: places', () => {
  it('takes a searched place, and refuses one beyond the project boundary with SPEC §8 wording', () => {
    const { controller, analytics } = setUp();
    controller.choosePlace('from', WONG_TAI_SIN);
    expect(controller.state().from).toEqual({ label: 'Wong Tai Sin', longitude: 114.1937, latitude: 22.3417, source: 'search' });
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'routing::place', id: 'from', param: 'search' });
    controller.choosePlace('to', { ...DIAMOND_HILL, title: 'Shenzhen Bay', outsideHongKong: true });
    expect(controller.state().to).toBeNull();
    expect(controller.state().message).toEqual({ id: 'walkingRoute.message.outsideBoundary', severity: 'warning', end: 'to' });
  });

  it('takes the pointer to pick a place on the map; the click sets it and gives the pointer back; Escape cancels', () => {
    const { controller, pointer, points } = setUp();
    controller.pickOnMap('to');
    expect(pointer()?.id).toBe(PICK_MODE_ID);
    expect(pointer()?.ownsClicks).toBe(true);
    expect(controller.state().picking).toBe('to');
    pointer()!.onPick(ground(114.19812, 22.34033));
    expect(pointer()).toBeNull();
    expect(controller.state()).toMatchObject({ picking: null, to: { source: 'map', longitude: 114.19812, label: 'walkingRoute.place.onMap{"latitude":"22.34033","longitude":"114.19812"}' } });
    // The picked place shows at once as the end point.
    expect(points).toEqual([{ longitude: 114.19812, latitude: 22.34033, colour: ROUTE_COLOURS.end, sizePixels: 14 }]);
    controller.pickOnMap('from');
    pointer()!.onEnd!();
    expect(controller.state().picking).toBeNull();
    expect(controller.state().from).toBeNull();
  });

  it('takes the ground at the map centre, or says the centre is sky', async () => {
    const { controller } = setUp();
    await controller.useMapCentre('from');
    expect(controller.state().from).toMatchObject({ source: 'centre', longitude: 114.195, latitude: 22.341 });
    const sky = setUp({ pick: null });
    await sky.controller.useMapCentre('to');
    expect(sky.controller.state()).toMatchObject({ to: null, message: { id: 'walkingRoute.message.sky', end: 'to' } });
  });

  it('swaps the two places and drops the drawn route', async () => {
    const { controller, lines } = setUp();
    await routeBetweenStations(controller);
    expect(lines.length).toBeGreaterThan(0);
    controller.swap();
    expect(controller.state()).toMatchObject({ from: { label: 'Diamond Hill' }, to: { label: 'Wong Tai Sin' }, route: null });
    expect(lines).toHaveLength(0);
  });
});

describe('walking route controller: search', () => {
  it('asks for both places first, naming the missing one', async () => {
    const { controller, urls } = setUp();
    controller.choosePlace('from', WONG_TAI_SIN);
    await controller.search();
    expect(urls).toEqual([]);
    expect(controller.state().message).toMatchObject({ id: 'walkingRoute.message.needBoth', end: 'to' });
  });

  it('asks the walk, draws it solid with dashed access legs, the start and end, and flies to it in the free part of the map', async () => {
    const { controller, urls, lines, points, labels, flyToBounds, analytics } = setUp();
    await routeBetweenStations(controller);
    expect(urls).toEqual(['/mapviewer/api/routing/walk?from=114.1937%2C22.3417&to=114.2016%2C22.34&lang=en-US']);
    expect(controller.state()).toMatchObject({ searching: false, route: { lengthMetres: 1034 }, message: null });
    const walk = lines.filter((line) => line.widthPixels === 6);
    expect(walk).toHaveLength(1);
    expect(walk[0].positions).toEqual(foundAnswer.line.coordinates);
    // 24 m and 10 m legs: 3 dashes each at the least, each off the walk line.
    expect(lines.filter((line) => line.widthPixels === 4 && line.colour === ROUTE_COLOURS.accessLeg).length).toBeGreaterThanOrEqual(6);
    expect(points.map((point) => point.colour)).toEqual([ROUTE_COLOURS.start, ROUTE_COLOURS.end]);
    expect(labels.map((label) => label.text)).toEqual(['walkingRoute.map.start{"name":"Wong Tai Sin"}', 'walkingRoute.map.end{"name":"Diamond Hill"}']);
    // The right half of the map is free: the route's centre lands three quarters across, at mid height.
    const [box, options] = flyToBounds.mock.calls[0];
    expect(box.west + 0.75 * (box.east - box.west)).toBeCloseTo((114.1937 + 114.2016) / 2, 9);
    expect((box.north + box.south) / 2).toBeCloseTo((22.34 + 22.3419) / 2, 9);
    expect(options).toEqual({ durationSeconds: 1, paddingRatio: 0 });
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'routing::search', id: 'found', param: 'search-search' });
  });

  it('shows why there is no route and draws only the two places', async () => {
    const { controller, lines, points, analytics } = setUp({ answer: outsideAnswer });
    await routeBetweenStations(controller);
    expect(controller.state()).toMatchObject({ route: null, message: { id: 'walkingRoute.message.outsideBoundary', end: 'to' } });
    expect(lines).toHaveLength(0);
    expect(points.map((point) => point.colour)).toEqual([ROUTE_COLOURS.start, ROUTE_COLOURS.end]);
    expect(analytics.emit).toHaveBeenCalledWith({ name: 'routing::search', id: 'outside-boundary', param: 'search-search' });
  });

  it('says the service is unavailable when the request fails, and that the places were refused on a 400', async () => {
    const down = setUp({ answer: new HttpError('/mapviewer/api/routing/walk', 'Service Unavailable', 503) });
    await routeBetweenStations(down.controller);
    expect(down.controller.state()).toMatchObject({ searching: false, route: null, message: { id: 'walkingRoute.message.unavailable', severity: 'error' } });
    const refused = setUp({ answer: new HttpError('/mapviewer/api/routing/walk', 'from must be LON,LAT', 400) });
    await routeBetweenStations(refused.controller);
    expect(refused.controller.state().message?.id).toBe('walkingRoute.message.badRequest');
  });

  it('drops an answer that arrives after the places changed', async () => {
    const { controller, lines } = setUp();
    controller.choosePlace('from', WONG_TAI_SIN);
    controller.choosePlace('to', DIAMOND_HILL);
    const pending = controller.search();
    controller.clearPlace('to');
    await pending;
    expect(controller.state().route).toBeNull();
    expect(lines).toHaveLength(0);
  });

  it('removes the drawing when the drawer closes and draws the route again when it opens', async () => {
    const { controller, lines } = setUp();
    await routeBetweenStations(controller);
    controller.close();
    expect(lines).toHaveLength(0);
    controller.open();
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('walking route controller: bookmarks', () => {
  it('saves the shown route, lists it after a reload (a new controller on the same storage), and opens it again', async () => {
    const storage = memoryStorage();
    const first = setUp({ storage });
    await routeBetweenStations(first.controller);
    first.controller.saveBookmark();
    const [saved] = first.controller.state().bookmarks;
    expect(saved).toMatchObject({ name: 'Wong Tai Sin → Diamond Hill', lengthMetres: 1034, walkingSeconds: 795, from: { label: 'Wong Tai Sin' } });
    expect(first.controller.state()).toMatchObject({ openBookmarkId: saved.id, bookmarkMessage: { id: 'walkingRoute.bookmarks.saved' } });
    expect(first.analytics.emit).toHaveBeenCalledWith({ name: 'routing::bookmark', id: saved.id, param: 'save' });

    const second = setUp({ storage });
    expect(second.controller.state().bookmarks).toEqual([saved]);
    await second.controller.openBookmark(saved.id);
    expect(second.urls).toHaveLength(1);
    expect(second.controller.state()).toMatchObject({ from: { source: 'bookmark', label: 'Wong Tai Sin' }, to: { label: 'Diamond Hill' }, route: { lengthMetres: 1034 }, openBookmarkId: saved.id });
    expect(second.lines.length).toBeGreaterThan(0);
  });

  it('renames, refusing an empty name, and deletes with undo', async () => {
    const { controller, storage } = setUp();
    await routeBetweenStations(controller);
    controller.saveBookmark();
    const id = controller.state().bookmarks[0].id;
    expect(controller.renameBookmark(id, '  Temple to Nan Lian  ')).toBe(true);
    expect(controller.state().bookmarks[0].name).toBe('Temple to Nan Lian');
    expect(controller.renameBookmark(id, ' ')).toBe(false);
    expect(controller.state().bookmarkMessage?.id).toBe('walkingRoute.bookmarks.nameEmpty');
    controller.deleteBookmark(id);
    expect(controller.state()).toMatchObject({ bookmarks: [], undo: { index: 0 }, openBookmarkId: null });
    expect(JSON.parse(storage.items.get(BOOKMARKS_STORAGE_KEY)!).bookmarks).toEqual([]);
    controller.undoDelete();
    expect(controller.state().bookmarks.map((entry) => entry.name)).toEqual(['Temple to Nan Lian']);
    expect(JSON.parse(storage.items.get(BOOKMARKS_STORAGE_KEY)!).bookmarks).toHaveLength(1);
  });

  it('says so when stored bookmarks were unreadable, and when the browser refuses to save', async () => {
    const corrupt = setUp({ storage: memoryStorage({ [BOOKMARKS_STORAGE_KEY]: 'not json' }) });
    expect(corrupt.controller.state()).toMatchObject({ bookmarks: [], bookmarkMessage: { id: 'walkingRoute.bookmarks.dropped' } });
    const full = memoryStorage();
    full.setItem.mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const refused = setUp({ storage: full });
    await routeBetweenStations(refused.controller);
    refused.controller.saveBookmark();
    expect(refused.controller.state()).toMatchObject({ bookmarks: [], bookmarkMessage: { id: 'walkingRoute.bookmarks.storageFailed', severity: 'error' } });
  });
});
