import { describe, expect, it, vi } from 'vitest';
import type { LineOfSightResponse } from '../../core/contracts/analysis';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicLabel, GraphicPoint, GraphicPolyline, MapPickResult } from '../../core/plugin/types';
import { obstructionLabel, obstructionPlace } from './labels';
import { createLineOfSightController, SIGHT_COLOURS } from './lineOfSightController';
import { formatLinkState, lineOfSightQuery, linkStateSchema, linkTextSchema, parseHeight, sightDrawing } from './parameters';

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 50 },
  surface: 'terrain',
});

const BLOCKED: LineOfSightResponse = {
  visible: false,
  lengthMetres: 1000,
  from: { longitude: 114.0, latitude: 22.3, heightMetres: 11.6 },
  to: { longitude: 114.01, latitude: 22.3, heightMetres: 21.6 },
  obstruction: { distanceMetres: 250, longitude: 114.0025, latitude: 22.3, heightMetres: 80, kind: 'building', buildingId: 'landsd:1', buildingName: { en: 'Wang Wai House', zh: '宏偉樓' } },
  stepMetres: 1,
  attribution: 'test',
};

const format = (id: string, values?: Record<string, string | number>) => `${id}${values ? JSON.stringify(values) : ''}`;

describe('line-of-sight parameters', () => {
  it('accepts heights from 0 to 500 m (a comma as decimal point) and says why others are refused', () => {
    expect(parseHeight('1.6')).toEqual({ value: 1.6 });
    expect(parseHeight(' 0 ')).toEqual({ value: 0 });
    expect(parseHeight('2,5')).toEqual({ value: 2.5 });
    expect(parseHeight('500')).toEqual({ value: 500 });
    expect(parseHeight('')).toEqual({ problem: 'empty' });
    expect(parseHeight('tall')).toEqual({ problem: 'notNumber' });
    expect(parseHeight('1e3')).toEqual({ problem: 'notNumber' });
    expect(parseHeight('-1')).toEqual({ problem: 'range' });
    expect(parseHeight('500.5')).toEqual({ problem: 'range' });
  });

  it('round-trips the share link and refuses a broken one with a message naming the format', () => {
    const link = { from: { longitude: 114.19, latitude: 22.347 }, fromHeight: 10, to: { longitude: 114.182, latitude: 22.362 }, toHeight: 1.6 };
    const text = formatLinkState(link);
    expect(text).toBe('114.19,22.347,10;114.182,22.362,1.6');
    expect(linkStateSchema.parse(text)).toEqual(link);
    for (const bad of ['114.19,22.347,10', '114.19,22.347,10;114.182,22.362,900', 'a,b,c;d,e,f', '200,22,1;114,22,1']) {
      const parsed = linkTextSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message).toContain('LON,LAT,HEIGHT');
    }
    expect(new URLSearchParams(lineOfSightQuery(link)).get('toHeight')).toBe('1.6');
  });

  it('splits the line at the obstruction distance: green to there, red after', () => {
    const drawing = sightDrawing(BLOCKED);
    expect(drawing.visiblePart[0]).toEqual([114.0, 22.3, 11.6]);
    expect(drawing.visiblePart[1][0]).toBeCloseTo(114.0025, 9);
    expect(drawing.visiblePart[1][2]).toBeCloseTo(14.1, 9);
    expect(drawing.blockedPart?.[1]).toEqual([114.01, 22.3, 21.6]);
    expect(drawing.obstruction).toEqual([114.0025, 22.3, 80]);
    expect(sightDrawing({ ...BLOCKED, visible: true, obstruction: null })).toEqual({ visiblePart: [[114.0, 22.3, 11.6], [114.01, 22.3, 21.6]], blockedPart: null, obstruction: null });
  });

  it('names the building in the page language, else terrain at its place', () => {
    expect(obstructionPlace(format, 'en-US', BLOCKED.obstruction!)).toBe('Wang Wai House');
    expect(obstructionPlace(format, 'zh-HK', BLOCKED.obstruction!)).toBe('宏偉樓');
    const terrain = { distanceMetres: 10, longitude: 114.18641, latitude: 22.34109, heightMetres: 300, kind: 'terrain' as const };
    expect(obstructionPlace(format, 'en-US', terrain)).toBe('lineOfSight.place.terrain{"longitude":"114.18641","latitude":"22.34109"}');
    expect(obstructionLabel(format, 'en-US', BLOCKED)).toContain('"height":"80.0"');
  });
});

function setUp(answer: () => Promise<unknown>) {
  const modes = createInteractionModes();
  const drawn = { points: [] as GraphicPoint[], lines: [] as GraphicPolyline[], labels: [] as GraphicLabel[] };
  const map = createNoopMapFacade({
    takePointer: (mode) => modes.take(mode),
    temporaryGraphics: () => ({
      addPolylines: (lines) => (drawn.lines.push(...lines), () => {}),
      addLabels: (labels) => (drawn.labels.push(...labels), () => {}),
      addPolygons: () => () => {},
      addPoints: (points) => (drawn.points.push(...points), () => {}),
      addGroundPolylines: () => () => {},
      addGroundPolygons: () => () => {},
      clear: () => {
        drawn.points = [];
        drawn.lines = [];
        drawn.labels = [];
      },
    }),
  });
  const urls: string[] = [];
  const http = {
    json: vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  } as unknown as Parameters<typeof createLineOfSightController>[0]['http'];
  const onEscape = vi.fn();
  const controller = createLineOfSightController({ http, map, apiBase: '/mapviewer/api/', obstructionLabel: () => 'blocked here', onEscape });
  return { controller, modes, drawn, urls, onEscape };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('line-of-sight controller', () => {
  it('places the eye then the target, asks the server and draws green then red with the obstruction marked', async () => {
    const { controller, modes, drawn, urls } = setUp(async () => BLOCKED);
    controller.setActive(true);
    expect(modes.active()).toBe('line-of-sight');
    modes.dispatch(click(114.0, 22.3));
    expect(controller.getState()).toMatchObject({ from: { longitude: 114.0, latitude: 22.3 }, to: null, status: 'idle' });
    modes.dispatch(click(114.01, 22.3));
    await settle();
    expect(urls).toEqual(['/mapviewer/api/analysis/line-of-sight?from=114%2C22.3&fromHeight=1.6&to=114.01%2C22.3&toHeight=1.6']);
    expect(controller.getState().status).toBe('ready');
    expect(drawn.lines.map((line) => line.colour)).toEqual([SIGHT_COLOURS.visible, SIGHT_COLOURS.blocked]);
    expect(drawn.labels.map((label) => label.text)).toEqual(['blocked here']);
    expect(drawn.points.map((point) => point.colour)).toEqual([SIGHT_COLOURS.eye, SIGHT_COLOURS.target, SIGHT_COLOURS.obstruction]);
    expect(controller.linkState()).toEqual({ from: { longitude: 114.0, latitude: 22.3 }, fromHeight: 1.6, to: { longitude: 114.01, latitude: 22.3 }, toHeight: 1.6 });
    // A third click starts a new line from there.
    modes.dispatch(click(114.005, 22.31));
    expect(controller.getState()).toMatchObject({ from: { longitude: 114.005, latitude: 22.31 }, to: null, answer: null });
    expect(drawn.lines).toEqual([]);
  });

  it('keeps a refused height in its field with the reason and asks again with a good one', async () => {
    const { controller, modes, urls } = setUp(async () => ({ ...BLOCKED, visible: true, obstruction: null }));
    controller.setActive(true);
    modes.dispatch(click(114.0, 22.3));
    modes.dispatch(click(114.01, 22.3));
    await settle();
    controller.setHeightText('from', '600');
    expect(controller.getState()).toMatchObject({ heightText: { from: '600' }, heights: { from: 1.6 }, problems: { from: 'range' } });
    expect(urls).toHaveLength(1);
    controller.setHeightText('from', '30');
    await settle();
    expect(controller.getState().problems).toEqual({});
    expect(urls).toHaveLength(2);
    expect(urls[1]).toContain('fromHeight=30');
  });

  it('says a point outside the terrain data is outside (404), and clears everything on Clear', async () => {
    const { controller, modes, drawn } = setUp(async () => {
      throw Object.assign(new Error('HTTP 404'), { status: 404 });
    });
    controller.setActive(true);
    modes.dispatch(click(113.5, 22.3));
    modes.dispatch(click(113.6, 22.3));
    await settle();
    expect(controller.getState()).toMatchObject({ status: 'failed', failure: 'outside' });
    controller.clear();
    expect(controller.getState()).toMatchObject({ from: null, to: null, status: 'idle', answer: null });
    expect(drawn.points).toEqual([]);
  });

  it('applies a shared link when switched on, and Escape ends the tool through the store', async () => {
    const { controller, modes, urls, onEscape } = setUp(async () => BLOCKED);
    controller.applyLinkState({ from: { longitude: 114.0, latitude: 22.3 }, fromHeight: 5, to: { longitude: 114.01, latitude: 22.3 }, toHeight: 2 });
    expect(urls).toEqual([]);
    controller.setActive(true);
    await settle();
    expect(urls[0]).toContain('fromHeight=5');
    expect(controller.getState().status).toBe('ready');
    expect(modes.escape()).toBe(true);
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
