import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/appStore';
import type { GroundTranslucencyHold, MapPickResult } from '../../core/plugin/types';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { readOpenIndoorMap } from './api';
import { createIndoorController, INDOOR_MESSAGES, INDOOR_OVERLAY_ID, type IndoorServices } from './controller';
import type { IndoorSceneView } from './indoorScene';
import type { IndoorFeeds } from './venues';

const ring = (west: number, south: number, size: number) => [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]];
const FEEDS: IndoorFeeds = {
  stations: {
    features: [
      { geometry: { type: 'Point', coordinates: [114.1643, 22.2794] }, properties: { Venue_ID: 'MTR-ADM', Venue_Eng_name: 'Admiralty Station', Venue_Chi_name: '金鐘站', Venue_SC_name: '金钟站' } },
      { geometry: { type: 'Point', coordinates: [114.2, 22.3] }, properties: { Venue_ID: 'MTR-XYZ', Venue_Eng_name: 'No Plan Station', Venue_Chi_name: '無', Venue_SC_name: '无' } },
    ],
  },
  polygons: {
    features: [
      { geometry: { type: 'Polygon', coordinates: ring(114.1635, 22.279, 0.0015) }, properties: { key: 'ADM-C-concourse', Venue_ID: 'MTR-ADM', floorId: 'ADM-C', floorLevel: 0, floorName_EN: 'Concourse', space: 'concourse', _base_height: -8.4, _height: -8, sample: true } },
      { geometry: { type: 'Polygon', coordinates: ring(114.1635, 22.279, 0.0015) }, properties: { key: 'ADM-P1-platform', Venue_ID: 'MTR-ADM', floorId: 'ADM-P1', floorLevel: -1, floorName_EN: 'Platforms', space: 'platform', _base_height: -17.4, _height: -17, sample: true } },
    ],
  },
  walls: { features: [] },
};

type VenuePlan = Pick<IndoorFeeds, 'polygons' | 'walls'>;
const slab = (floorId: string, floorLevel: number, base: number) => ({
  geometry: { type: 'Polygon', coordinates: ring(114.159, 22.279, 0.0005) },
  properties: { key: `${floorId}-slab`, Venue_ID: 'BLDG-1', venueType: 'building', Venue_Eng_name: 'Sample Tower', floorId, floorLevel, floorName_EN: floorId, _base_height: base, _height: base + 0.4, sample: true },
});
/** The overview has a building's ground floor only; its whole plan comes with `?venue=`. */
const BUILDING_FEEDS: IndoorFeeds = { ...FEEDS, polygons: { features: [...(FEEDS.polygons as { features: unknown[] }).features, slab('B1-G', 0, 0)] } };
const BUILDING_PLAN: VenuePlan = { polygons: { features: [slab('B1-2', 2, 8), slab('B1-1', 1, 4), slab('B1-G', 0, 0)] }, walls: { features: [] } };

function setup(options: { feeds?: () => Promise<IndoorFeeds>; venuePlan?: (venueId: string) => Promise<VenuePlan>; download?: (venueId: string, format: string) => Promise<Response> } = {}) {
  const store = createAppStore();
  const messages: string[] = [];
  const events: Array<Record<string, unknown>> = [];
  const holds: GroundTranslucencyHold[] = [];
  let released = 0;
  const drawn: IndoorSceneView[] = [];
  let pointer: ((pick: MapPickResult) => void) | null = null;
  const saved: string[] = [];
  const overview: number[] = [];
  const aims = new Map<string, [number, number]>();
  const planRequests: string[] = [];
  const services: IndoorServices = {
    store,
    map: createNoopMapFacade({
      sampleHeights: (positions) => Promise.resolve(positions.map(() => 4.5)),
      holdGroundTranslucency: (hold) => {
        holds.push(hold);
        return () => (released += 1);
      },
      takePointer: (mode) => {
        pointer = mode.onPick;
        return () => (pointer = null);
      },
    }),
    analytics: { emit: (event) => events.push(event) },
    loadFeeds: options.feeds ?? (() => Promise.resolve(FEEDS)),
    loadVenuePlan: (venueId) => {
      planRequests.push(venueId);
      return options.venuePlan ? options.venuePlan(venueId) : Promise.reject(new Error(`no plan for ${venueId}`));
    },
    // The scene's line of sight: the test's clicks aim straight down (the floor point is the picked place).
    loadScene: () => Promise.resolve({ draw: (view) => drawn.push(view), floorPointAt: (screen) => aims.get(`${screen.x},${screen.y}`) ?? null, clear: () => {} }),
    drawOverview: (venues) => {
      overview.push(venues.length);
      return Promise.resolve(() => overview.push(-1));
    },
    notify: (id) => messages.push(id),
    areaLabel: (area) => area.space ?? 'area',
    fetchDownload: options.download ?? (() => Promise.resolve(new Response('{}', { status: 200 }))),
    saveFile: (_blob, fileName) => saved.push(fileName),
  };
  const controller = createIndoorController(services);
  return { store, controller, messages, events, holds, drawn, saved, overview, aims, planRequests, released: () => released, pointer: () => pointer };
}

const pickAt = (longitude: number, latitude: number, screen = { x: 1, y: 1 }): MapPickResult => ({ screen, feature: null, hitOtherObject: false, position: { longitude, latitude, heightMeters: 5 }, surface: 'terrain' });

describe('the indoor view', () => {
  it('turning it on shows the overlay and takes the pointer; a click on a station opens its map (measure mode reset), floors at the ground height', async () => {
    const { store, controller, holds, drawn, events, pointer } = setup();
    store.getState().setMeasureMode('line');
    store.getState().setMode('indoor', true);
    expect(store.getState().overlays[INDOOR_OVERLAY_ID]?.shown).toBe(true);
    expect(store.getState().drawers.layers?.shown).toBe(true); // SPEC §4 core rule
    await controller.handlePick(pickAt(114.16432, 22.27941));
    const open = readOpenIndoorMap(store.getState());
    expect(open).toMatchObject({ venueId: 'MTR-ADM', venueType: 'metro-station', currentFloorId: 'ADM-C', groundHeightMeters: 4.5 });
    expect(open?.floors.map((floor) => floor.floorId)).toEqual(['ADM-C', 'ADM-P1']);
    expect(store.getState().measureMode).toBeNull();
    expect(holds).toHaveLength(1);
    expect(holds[0].alpha).toBeLessThan(1);
    expect(drawn.at(-1)).toMatchObject({ currentFloorId: 'ADM-C', groundHeightMeters: 4.5, otherFloors: 'faint' });
    expect(events).toContainEqual(expect.objectContaining({ name: 'indoor::open', id: 'MTR-ADM', source: 'map' }));
    expect(pointer()).not.toBeNull();
  });

  it('identify inside the open map gives the area, outside it says so; floor and display changes redraw', async () => {
    const { store, controller, messages, drawn, aims } = setup();
    await controller.open('MTR-ADM', 'list');
    aims.set('10,10', [114.1637, 22.2792]);
    // The click picked the ground far off (a label, the see-through ground): the floor along the line of sight counts.
    await controller.handlePick(pickAt(114.3, 22.4, { x: 10, y: 10 }));
    expect(controller.state().identified).toMatchObject({ areaKey: 'ADM-C-concourse', floorId: 'ADM-C' });
    await controller.handlePick(pickAt(114.3, 22.4));
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.identifyWithin);
    expect(controller.state().identified).toBeNull();
    controller.setOtherFloors('hidden');
    controller.setWallView(true);
    expect(drawn.at(-1)).toMatchObject({ otherFloors: 'hidden', wallView: true });
    expect(store.getState().indoor).toBe(true); // opening a venue turns the indoor view on
  });

  it('says the SPEC §8 message for an unknown venue, a venue with no floor plan, and a feed that fails', async () => {
    const first = setup();
    await first.controller.open('MTR-QQQ', 'link');
    expect(first.messages.at(-1)).toBe(INDOOR_MESSAGES.notFound);
    expect(first.controller.state()).toMatchObject({ status: 'failed', failure: INDOOR_MESSAGES.notFound });
    await first.controller.open('MTR-XYZ', 'list');
    expect(first.messages.at(-1)).toBe(INDOOR_MESSAGES.noFloorPlan);
    const broken = setup({ feeds: () => Promise.reject(new Error('HTTP 503')) });
    await broken.controller.open('MTR-ADM', 'list');
    expect(broken.messages.at(-1)).toBe(INDOOR_MESSAGES.unavailable);
    expect(readOpenIndoorMap(broken.store.getState())).toBeNull();
  });

  it("a building opens with its whole plan read by `?venue=` (read once, the overview keeping its ground floor); a station's plan is the overview's", async () => {
    const { controller, planRequests, drawn } = setup({ feeds: () => Promise.resolve(BUILDING_FEEDS), venuePlan: () => Promise.resolve(BUILDING_PLAN) });
    await controller.open('MTR-ADM', 'list');
    expect(planRequests).toEqual([]);
    await controller.open('BLDG-1', 'list');
    expect(planRequests).toEqual(['BLDG-1']);
    expect(readOpenIndoorMap(controller.store.getState())).toMatchObject({ venueId: 'BLDG-1', venueType: 'building', currentFloorId: 'B1-G' });
    expect(readOpenIndoorMap(controller.store.getState())?.floors.map((floor) => floor.floorId)).toEqual(['B1-2', 'B1-1', 'B1-G']);
    expect(drawn.at(-1)?.venue.areas).toHaveLength(3);
    expect(controller.venue('BLDG-1')?.floors).toHaveLength(3);
    expect(controller.venues()?.find((venue) => venue.venueId === 'BLDG-1')?.floors).toHaveLength(1);
    controller.close();
    await controller.open('BLDG-1', 'list');
    expect(planRequests).toEqual(['BLDG-1']);
  });

  it("a building whose whole plan cannot be read says 'Unable to browse' and opens nothing", async () => {
    const { controller, messages, planRequests } = setup({ feeds: () => Promise.resolve(BUILDING_FEEDS), venuePlan: () => Promise.reject(new Error('HTTP 503')) });
    await controller.open('BLDG-1', 'link');
    expect(planRequests).toEqual(['BLDG-1']);
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.unavailable);
    expect(controller.state()).toMatchObject({ status: 'failed', failure: INDOOR_MESSAGES.unavailable });
    expect(readOpenIndoorMap(controller.store.getState())).toBeNull();
  });

  it('the overview follows the indoor overlay: off in the layers drawer erases the highlighted venues and walls, on draws them again', async () => {
    const { store, controller, overview } = setup();
    store.getState().setMode('indoor', true);
    await controller.open('MTR-ADM', 'list');
    expect(overview).toEqual([2]);
    store.getState().setOverlayShown(INDOOR_OVERLAY_ID, false);
    expect(overview).toEqual([2, -1]);
    expect(readOpenIndoorMap(store.getState())?.venueId).toBe('MTR-ADM'); // the open map stays
    store.getState().setOverlayShown(INDOOR_OVERLAY_ID, true);
    await controller.open('MTR-ADM', 'list');
    expect(overview).toEqual([2, -1, 2]);
  });

  it('a click on the overview away from every venue asks to select a highlighted building', async () => {
    const { store, controller, messages } = setup();
    store.getState().setMode('indoor', true);
    await controller.handlePick(pickAt(114.3, 22.45));
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.selectVenue);
    expect(controller.state().status).toBe('closed');
  });

  it('downloads the open venue and says whether it worked', async () => {
    const statuses = [200, 404, 500];
    const { controller, messages, saved, events } = setup({ download: () => Promise.resolve(new Response('{}', { status: statuses.shift() })) });
    await controller.download('GEOJSON'); // nothing open
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.downloadMissing);
    await controller.open('MTR-ADM', 'list');
    await controller.download('GEOJSON');
    expect(saved).toEqual(['MTR-ADM.geojson']);
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.downloadDone);
    expect(events).toContainEqual(expect.objectContaining({ name: 'indoor::download', format: 'GEOJSON' }));
    await controller.download('SHP');
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.downloadMissing);
    await controller.download('SHP');
    expect(messages.at(-1)).toBe(INDOOR_MESSAGES.downloadFailed);
    expect(saved).toHaveLength(1);
  });

  it('turning the view off closes the map, gives the ground and pointer back and hides the overlay', async () => {
    const { store, controller, released, pointer, overview } = setup();
    store.getState().setMode('indoor', true);
    await controller.open('MTR-ADM', 'list');
    expect(overview).toEqual([2]); // the two venues' highlights and walls drawn once
    store.getState().setMode('indoor', false);
    expect(readOpenIndoorMap(store.getState())).toBeNull();
    expect(controller.state().status).toBe('closed');
    expect(released()).toBe(1);
    expect(pointer()).toBeNull();
    expect(store.getState().overlays[INDOOR_OVERLAY_ID]?.shown).toBe(false);
    expect(overview).toEqual([2, -1]);
  });
});
