import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { geodesicDirect, geodesicDistance, geodesicInverse } from '../../core/contracts/geodesy';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createTemporaryGraphicsLayers, type GraphicKind, type GraphicsByKind } from '../../core/map/temporaryGraphics';
import type { HttpClient, MapPickResult, ScreenPoint } from '../../core/plugin/types';
import { createViewshedController, NUDGE_METRES, TURN_DEGREES, VIEWSHED_COLOURS, VIEWSHED_MODE } from './viewshedController';

/** Lion Rock's summit. */
const SUMMIT = { longitude: 114.1869, latitude: 22.3524 };

/** A 4 × 3 answer: row 0 north; two visible runs, three hidden cells, the rest outside. */
const ANSWER = {
  observer: { longitude: SUMMIT.longitude, latitude: SUMMIT.latitude, heightMetres: 496.6 },
  cellSizeMetres: 5,
  columns: 4,
  rows: 3,
  west: 114.18,
  south: 22.35,
  east: 114.19,
  north: 22.355,
  cells: '0110' + '0112' + '2200',
  visibleShare: 0.5,
  buildings: [
    { id: 'b1', visible: true },
    { id: 'b2', visible: false },
  ],
  attribution: 'LandsD',
};

class FakeHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function setUp(answer: (url: string) => unknown = () => ANSWER) {
  const modes = createInteractionModes();
  const drawn: Array<{ kind: GraphicKind; graphics: GraphicsByKind[GraphicKind] }> = [];
  const layers = createTemporaryGraphicsLayers((kind, graphics) => {
    const entry = { kind, graphics };
    drawn.push(entry);
    return () => void drawn.splice(drawn.indexOf(entry), 1);
  });
  const urls: string[] = [];
  const http: HttpClient = {
    json: async <T,>(url: string, schema: z.ZodType<T>) => {
      urls.push(url);
      const body = answer(url);
      if (body instanceof Error) throw body;
      return schema.parse(body);
    },
  };
  /** Where each screen point lands on the ground (the test's picks). */
  const ground = new Map<string, { longitude: number; latitude: number }>();
  const pick = async (at: ScreenPoint | 'centre'): Promise<MapPickResult | null> => {
    const place = ground.get(at === 'centre' ? 'centre' : `${at.x},${at.y}`);
    return place ? { screen: { x: 0, y: 0 }, feature: null, hitOtherObject: false, position: { ...place, heightMeters: 400 }, surface: 'terrain' } : null;
  };
  // The surface is 400 m up everywhere (the markers are drawn at the heights sampled there).
  const sampleHeights = async (positions: ReadonlyArray<readonly [number, number]>) => positions.map(() => 400);
  const map = createNoopMapFacade({ takePointer: (mode) => modes.take(mode), pointerMode: () => modes.active(), temporaryGraphics: layers.layer, pick, sampleHeights });
  const controller = createViewshedController({ http, map, apiBase: '/mapviewer/api/' });
  const polygons = () => drawn.filter((entry) => entry.kind === 'polygons').flatMap((entry) => entry.graphics as GraphicsByKind['polygons']);
  const points = () => drawn.filter((entry) => entry.kind === 'points').flatMap((entry) => entry.graphics as GraphicsByKind['points']);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { modes, controller, urls, ground, polygons, points, settle, layers };
}

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 5, y: 5 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 495 },
  surface: 'terrain',
});

describe('view shed controller', () => {
  it('takes the pointer when opened, places the observer with a click and draws the shed on terrain and buildings', async () => {
    const { modes, controller, urls, polygons, points, settle } = setUp();
    controller.open();
    expect(modes.active()).toBe(VIEWSHED_MODE);
    expect(controller.getState().placing).toBe(true);
    modes.dispatch(click(SUMMIT.longitude, SUMMIT.latitude));
    await settle();
    expect(urls).toHaveLength(1);
    const query = new URLSearchParams(urls[0]!.split('?')[1]);
    expect(urls[0]!.startsWith('/mapviewer/api/analysis/viewshed?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ observer: '114.1869,22.3524', observerHeight: '1.6', heading: '0', horizontalAngle: '90', verticalAngle: '90', distance: '1000' });
    // Rows 0–1 columns 1–2 visible as one rectangle; column 3 of row 1 and columns 0–1 of row 2 hidden.
    expect(polygons().map((polygon) => [polygon.fillColour, polygon.drapeOver])).toEqual([
      [VIEWSHED_COLOURS.visible, 'terrain-and-models'],
      [VIEWSHED_COLOURS.hidden, 'terrain-and-models'],
      [VIEWSHED_COLOURS.hidden, 'terrain-and-models'],
    ]);
    expect(controller.getState()).toMatchObject({
      status: 'ready',
      summary: { visibleShare: 0.5, cellSizeMetres: 5, buildingsVisible: 1, buildingsTotal: 2, observerHeightMetres: 496.6 },
    });
    // The observer at its eye height over the sampled surface, and the direction handle on it, north (heading 0).
    await settle();
    const [observer, handle] = points();
    expect(observer).toMatchObject({ ...SUMMIT, heightMeters: 401.6 });
    expect(handle!.heightMeters).toBe(400);
    expect(geodesicInverse(SUMMIT, handle!).initialAzimuthDegrees).toBeCloseTo(0, 6);
  });

  it('moves the observer when a drag starts near it, and computes again when the drag ends', async () => {
    const { modes, controller, urls, ground, settle } = setUp();
    controller.open();
    await controller.placeObserver(SUMMIT);
    const moved = geodesicDirect(SUMMIT, 90, 200);
    ground.set('16,10', geodesicDirect(SUMMIT, 180, 5));
    ground.set('40,10', moved);
    modes.pointerDown({ x: 10, y: 10 });
    modes.pointerMove({ x: 16, y: 10 }, true);
    await settle();
    expect(geodesicDistance(controller.getState().observer!, SUMMIT)).toBeCloseTo(5, 3);
    modes.pointerMove({ x: 40, y: 10 }, true);
    await settle();
    modes.pointerUp({ x: 40, y: 10 });
    await settle();
    await settle();
    expect(geodesicDistance(controller.getState().observer!, moved)).toBeLessThan(0.01);
    expect(urls).toHaveLength(2);
    expect(new URLSearchParams(urls[1]!.split('?')[1]).get('observer')).toBe(`${Number(moved.longitude.toFixed(7))},${Number(moved.latitude.toFixed(7))}`);
  });

  it('turns the heading when a drag starts near the direction handle', async () => {
    const { modes, controller, urls, ground, settle } = setUp();
    controller.open();
    await controller.placeObserver(SUMMIT);
    // The handle lies 350 m north (35 % of 1000 m); drag it round to the east.
    ground.set('54,3', geodesicDirect(SUMMIT, 2, 340));
    ground.set('90,40', geodesicDirect(SUMMIT, 120, 300));
    modes.pointerDown({ x: 50, y: 0 });
    modes.pointerMove({ x: 54, y: 3 }, true);
    await settle();
    modes.pointerMove({ x: 90, y: 40 }, true);
    await settle();
    modes.pointerUp({ x: 90, y: 40 });
    await settle();
    await settle();
    expect(controller.getState().settings.heading).toBeCloseTo(120, 0);
    expect(controller.getState().observer).toEqual(SUMMIT);
    expect(new URLSearchParams(urls.at(-1)!.split('?')[1]).get('heading')).toBe('120');
  });

  it('nudges the observer with the arrow keys and turns it with Shift, computing again when the key is released', async () => {
    const { modes, controller, urls, settle } = setUp();
    controller.open();
    await controller.placeObserver(SUMMIT);
    expect(modes.key({ type: 'down', key: 'ArrowUp', code: 'ArrowUp', shiftKey: false })).toBe(true);
    const observer = controller.getState().observer!;
    expect(geodesicDistance(SUMMIT, observer)).toBeCloseTo(NUDGE_METRES, 6);
    expect(geodesicInverse(SUMMIT, observer).initialAzimuthDegrees).toBeCloseTo(0, 6);
    expect(urls).toHaveLength(1);
    modes.key({ type: 'up', key: 'ArrowUp', code: 'ArrowUp', shiftKey: false });
    await settle();
    expect(urls).toHaveLength(2);
    modes.key({ type: 'down', key: 'ArrowLeft', code: 'ArrowLeft', shiftKey: true });
    expect(controller.getState().settings.heading).toBe(360 - TURN_DEGREES);
  });

  it('says the observer is outside the data (404), the service is unavailable (503), or the computation failed', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [error, failure] of [
      [new FakeHttpError(404), 'outside'],
      [new FakeHttpError(503), 'unavailable'],
      [new Error('socket hang up'), 'failed'],
    ] as const) {
      const { controller, polygons } = setUp(() => error);
      controller.open();
      await controller.placeObserver(SUMMIT);
      expect(controller.getState()).toMatchObject({ status: 'failed', failure, summary: null });
      expect(polygons()).toEqual([]);
    }
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it('refuses a typed value out of range, naming the field and its range, and keeps the last good one', () => {
    const { controller } = setUp();
    controller.setField('distance', '7000');
    expect(controller.getState().problems.distance).toEqual({ field: 'distance', min: 50, max: 5000 });
    expect(controller.getState().settings.distance).toBe(1000);
    controller.setField('distance', '2500');
    expect(controller.getState().problems.distance).toBeUndefined();
    expect(controller.getState().settings.distance).toBe(2500);
  });

  it('gives the pointer back and clears the map when closed, and drops an answer that arrives after a clear', async () => {
    const { modes, controller, layers, settle } = setUp();
    controller.open();
    await controller.placeObserver(SUMMIT);
    expect(layers.count(VIEWSHED_MODE)).toBeGreaterThan(0);
    controller.close();
    expect(modes.active()).toBeNull();
    expect(layers.count(VIEWSHED_MODE)).toBe(0);

    controller.open();
    const pending = controller.compute();
    controller.clear();
    await pending;
    await settle();
    expect(controller.getState()).toMatchObject({ observer: null, status: 'idle', summary: null });
    expect(layers.count(VIEWSHED_MODE)).toBe(0);
  });

  it('computes a shed from a share link when the drawer opens', async () => {
    const { controller, urls, settle } = setUp();
    controller.applyLinkState({ observer: SUMMIT, settings: { observerHeight: 3, heading: 200, horizontalAngle: 60, verticalAngle: 30, distance: 2000 } });
    expect(urls).toHaveLength(0);
    controller.open();
    await settle();
    expect(Object.fromEntries(new URLSearchParams(urls[0]!.split('?')[1]))).toMatchObject({ observerHeight: '3', heading: '200', horizontalAngle: '60', distance: '2000' });
    expect(controller.linkState()).toEqual({ observer: SUMMIT, settings: { observerHeight: 3, heading: 200, horizontalAngle: 60, verticalAngle: 30, distance: 2000 } });
  });
});
