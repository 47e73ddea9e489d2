// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicLabel, GraphicPoint, GroundPolyline, MapPickResult, PointerKey, TemporaryGraphics } from '../../core/plugin/types';
import { createCrossSectionController, CROSS_SECTION_MODE, DOUBLE_CLICK_MS, HOVER_PICK_INTERVAL_MS } from './crossSectionController';
import type { FetchProfile } from './profile';
import { syntheticProfile } from './testProfile';

const click = (longitude: number, latitude: number, screen = { x: 100, y: 100 }): MapPickResult => ({
  screen,
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});
const key = (name: string): PointerKey => ({ type: 'down', key: name, code: name, shiftKey: false });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Across Tai Mo Shan's summit, south-west to north-east (about 2.2 km). */
const START = { longitude: 114.112, latitude: 22.4045 };
const END = { longitude: 114.13, latitude: 22.4165 };

function setUp(fetchProfile: FetchProfile = async () => new Response(JSON.stringify(syntheticProfile()), { status: 200 }), hoverPick: MapPickResult | null = null) {
  const modes = createInteractionModes();
  const drawn = { groundLines: [] as GroundPolyline[], points: [] as GraphicPoint[], labels: [] as GraphicLabel[] };
  const graphics: TemporaryGraphics = {
    addPoints: (points) => {
      drawn.points.push(...points);
      return () => {
        drawn.points = drawn.points.filter((point) => !points.includes(point));
      };
    },
    addGroundPolylines: (lines) => {
      drawn.groundLines.push(...lines);
      return () => {};
    },
    addGroundPolygons: () => () => {},
    addPolylines: () => () => {},
    addLabels: (labels) => {
      drawn.labels.push(...labels);
      return () => {};
    },
    addPolygons: () => () => {},
    clear: () => {
      drawn.groundLines = [];
      drawn.points = [];
      drawn.labels = [];
    },
  };
  let time = 0;
  const urls: string[] = [];
  const onEscape = vi.fn();
  const controller = createCrossSectionController({
    map: createNoopMapFacade({ takePointer: (mode) => modes.take(mode), temporaryGraphics: () => graphics, pick: async () => hoverPick }),
    apiBase: '/mapviewer/api/',
    fetchProfile: (url, init) => {
      urls.push(url);
      return fetchProfile(url, init);
    },
    language: () => 'en-US',
    onEscape,
    now: () => time,
  });
  const advance = (ms: number) => {
    time += ms;
  };
  return { controller, modes, drawn, urls, onEscape, advance };
}

describe('cross section controller', () => {
  it('takes the pointer while on, over identify, and gives it back when off', () => {
    const { controller, modes } = setUp();
    const identify = vi.fn();
    modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
    controller.activate();
    expect(modes.active()).toBe(CROSS_SECTION_MODE);
    expect(modes.cursor()).toBe('crosshair');
    expect(controller.getState().phase).toBe('drawing');
    modes.dispatch(click(START.longitude, START.latitude));
    expect(identify).not.toHaveBeenCalled();
    controller.deactivate();
    expect(modes.active()).toBe('identify');
    expect(controller.getState().phase).toBe('idle');
  });

  it('draws the clicked line and asks for its profile on Enter', async () => {
    const { controller, modes, drawn, urls, advance } = setUp();
    controller.activate();
    modes.dispatch(click(START.longitude, START.latitude, { x: 10, y: 10 }));
    advance(1000);
    modes.dispatch(click(END.longitude, END.latitude, { x: 200, y: 80 }));
    expect(controller.getState().points).toHaveLength(2);
    expect(drawn.groundLines).toHaveLength(1);
    expect(drawn.groundLines[0].positions).toEqual([
      [START.longitude, START.latitude],
      [END.longitude, END.latitude],
    ]);
    expect(modes.key(key('Enter'))).toBe(true);
    expect(controller.getState().phase).toBe('loading');
    await settle();
    expect(urls).toEqual(['/mapviewer/api/analysis/profile?line=114.112000%2C22.404500%3B114.130000%2C22.416500&spacing=5']);
    expect(controller.getState().phase).toBe('ready');
    expect(controller.getState().profile?.samples).toHaveLength(11);
  });

  it('finishes on a double click without adding its second click as a point', async () => {
    const { controller, modes, advance } = setUp();
    controller.activate();
    modes.dispatch(click(START.longitude, START.latitude, { x: 10, y: 10 }));
    advance(800);
    modes.dispatch(click(END.longitude, END.latitude, { x: 200, y: 80 }));
    advance(DOUBLE_CLICK_MS - 100);
    modes.dispatch(click(END.longitude + 0.00001, END.latitude, { x: 202, y: 81 }));
    expect(controller.getState().points).toHaveLength(2);
    expect(controller.getState().phase).toBe('loading');
    await settle();
    expect(controller.getState().phase).toBe('ready');
  });

  it('finishes on a second click on the last point however late its pick arrives, but not on a slow click elsewhere', async () => {
    const { controller, modes, advance } = setUp();
    controller.activate();
    modes.dispatch(click(START.longitude, START.latitude, { x: 10, y: 10 }));
    advance(2000);
    modes.dispatch(click(START.longitude + 0.001, START.latitude, { x: 12, y: 10 }));
    expect(controller.getState().points).toHaveLength(2);
    advance(2000);
    modes.dispatch(click(START.longitude + 0.001, START.latitude + 0.00001, { x: 12, y: 10 }));
    expect(controller.getState().points).toHaveLength(2);
    expect(controller.getState().phase).toBe('loading');
    await settle();
  });

  it('needs two points: one point and Enter only says so; Backspace takes a point back', () => {
    const { controller, modes } = setUp();
    controller.activate();
    modes.dispatch(click(START.longitude, START.latitude));
    modes.key(key('Enter'));
    expect(controller.getState().phase).toBe('drawing');
    expect(controller.getState().status).toEqual({ id: 'cross-section.status.needTwoPoints' });
    expect(modes.key(key('Backspace'))).toBe(true);
    expect(controller.getState().points).toHaveLength(0);
    expect(modes.key(key('Backspace'))).toBe(false);
  });

  it('Escape cancels the line and ends the tool', () => {
    const { controller, modes, drawn, onEscape } = setUp();
    controller.activate();
    modes.dispatch(click(START.longitude, START.latitude));
    modes.escape();
    expect(onEscape).toHaveBeenCalledOnce();
    expect(controller.getState().phase).toBe('idle');
    expect(drawn.points).toHaveLength(0);
  });

  it('refuses a line longer than the endpoint takes without asking', async () => {
    const { controller, urls } = setUp();
    controller.activate();
    await controller.open([
      { longitude: 113.9, latitude: 22.3 },
      { longitude: 114.2, latitude: 22.3 },
    ]);
    expect(urls).toEqual([]);
    expect(controller.getState().phase).toBe('problem');
    expect(controller.getState().problem?.id).toBe('cross-section.problem.tooLong');
  });

  it("says what the server said when it refuses the line, and a new click starts again", async () => {
    const { controller, modes } = setUp(async () => new Response(JSON.stringify({ error: 'Bad Request', field: 'line', message: 'line: too many samples' }), { status: 400 }));
    controller.activate();
    await controller.open([START, END]);
    expect(controller.getState().problem).toEqual({ id: 'cross-section.problem.rejected', values: { message: 'line: too many samples' } });
    modes.dispatch(click(START.longitude, START.latitude));
    expect(controller.getState().phase).toBe('drawing');
    expect(controller.getState().points).toHaveLength(1);
  });

  it('marks a given place on the chart at the nearest sample and on the map with its name', async () => {
    const { controller, drawn } = setUp();
    controller.activate();
    const profile = syntheticProfile();
    const mark = { longitude: profile.samples[4].longitude + 0.00002, latitude: 22.3, names: { 'en-US': 'Old House', 'zh-HK': '舊屋', 'zh-CN': '旧屋' } };
    await controller.open([START, END], mark);
    expect(controller.getState().markDistanceMetres).toBe(40);
    expect(drawn.labels.map((label) => label.text)).toEqual(['Old House']);
  });

  it('puts a marker on the map at the chart cursor, on the roof where there is one', async () => {
    const { controller, drawn } = setUp();
    controller.activate();
    await controller.open([START, END]);
    const before = drawn.points.length;
    controller.setCursor(7);
    expect(drawn.points).toHaveLength(before + 1);
    expect(drawn.points.at(-1)).toMatchObject({ longitude: syntheticProfile().samples[7].longitude, latitude: 22.3, heightMeters: 80 });
    controller.setCursor(2);
    expect(drawn.points).toHaveLength(before + 1);
    expect(drawn.points.at(-1)).toMatchObject({ longitude: syntheticProfile().samples[2].longitude, heightMeters: 15 });
    controller.setCursor(99);
    expect(controller.getState().cursorIndex).toBe(10);
  });

  it('moves the chart cursor when the pointer hovers the drawn line, not when it is far from it', async () => {
    const near = click(114.10031, 22.30001);
    const { controller, modes, advance } = setUp(undefined, near);
    controller.activate();
    await controller.open([START, END]);
    advance(HOVER_PICK_INTERVAL_MS + 1);
    modes.pointerMove({ x: 5, y: 5 }, true);
    await settle();
    expect(controller.getState().cursorIndex).toBe(3);

    const far = setUp(undefined, click(114.2, 22.4));
    far.controller.activate();
    await far.controller.open([START, END]);
    far.advance(HOVER_PICK_INTERVAL_MS + 1);
    far.modes.pointerMove({ x: 5, y: 5 }, true);
    await settle();
    expect(far.controller.getState().cursorIndex).toBe(-1);
  });
});
