// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicLabel, GraphicPolyline, GroundPolyline, MapPickResult, PointerKey, TemporaryGraphics } from '../../core/plugin/types';
import { MAXIMUM_SEGMENT_LABELS } from './drawing';
import { geodesicDistance } from '../../core/contracts/geodesy';
import { createMeasurementController, MEASUREMENT_MODE } from './measurementController';
import { measurementResult } from './measurements';

const click = (longitude: number, latitude: number, heightMeters = 0, surface: MapPickResult['surface'] = 'terrain'): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters },
  surface,
});

const key = (name: string): PointerKey => ({ type: 'down', key: name, code: name, shiftKey: false });

/** Central Pier 7 and the Tsim Sha Tsui Star Ferry pier, either side of Victoria Harbour. */
const CENTRAL = { longitude: 114.1617, latitude: 22.2867 };
const TSIM_SHA_TSUI = { longitude: 114.1686, latitude: 22.2937 };

/** Messages as their ids and values, so tests read what was asked for. */
const i18n = { language: () => 'en-US' as const, format: (id: string, values?: Record<string, string | number>) => (values ? `${id}${JSON.stringify(values)}` : id) };

function setUp(centre: MapPickResult | null = null) {
  const modes = createInteractionModes();
  const drawn = { groundLines: [] as GroundPolyline[], lines: [] as GraphicPolyline[], labels: [] as GraphicLabel[], points: 0 };
  const graphics: TemporaryGraphics = {
    addPoints: (points) => {
      drawn.points += points.length;
      return () => {};
    },
    addGroundPolylines: (lines) => {
      drawn.groundLines.push(...lines);
      return () => {};
    },
    addGroundPolygons: () => () => {},
    addPolylines: (lines) => {
      drawn.lines.push(...lines);
      return () => {};
    },
    addLabels: (labels) => {
      drawn.labels.push(...labels);
      return () => {};
    },
    addPolygons: () => () => {},
    clear: () => {
      drawn.groundLines = [];
      drawn.lines = [];
      drawn.labels = [];
      drawn.points = 0;
    },
  };
  const keyTarget = document;
  const onEscape = vi.fn();
  const controller = createMeasurementController({
    map: createNoopMapFacade({ takePointer: (mode) => modes.take(mode), temporaryGraphics: () => graphics, pick: async () => centre }),
    i18n,
    onEscape,
    keyTarget,
  });
  return { controller, modes, drawn, onEscape, keyTarget };
}

describe('measurement controller', () => {
  it('takes the pointer over identify while a tool is chosen and gives it back when none is', () => {
    const { controller, modes } = setUp();
    const identify = vi.fn();
    modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
    controller.setTool('distance');
    expect(modes.active()).toBe(MEASUREMENT_MODE);
    expect(modes.cursor()).toBe('crosshair');
    modes.dispatch(click(CENTRAL.longitude, CENTRAL.latitude));
    expect(identify).not.toHaveBeenCalled();
    controller.setTool('area');
    expect(modes.active()).toBe(MEASUREMENT_MODE);
    controller.setTool(null);
    expect(modes.active()).toBe('identify');
  });

  it('measures a distance across the harbour click by click, drawn on the ground with a label per segment', () => {
    const { controller, modes, drawn } = setUp();
    controller.setTool('distance');
    modes.dispatch(click(CENTRAL.longitude, CENTRAL.latitude));
    expect(controller.getState().measurements[0].points).toHaveLength(1);
    expect(measurementResult(controller.getState().measurements[0]).complete).toBe(false);
    modes.dispatch(click(TSIM_SHA_TSUI.longitude, TSIM_SHA_TSUI.latitude));
    const [measurement] = controller.getState().measurements;
    const total = measurementResult(measurement).figures.find((figure) => figure.quantity === 'total')!;
    expect(total.value).toBeCloseTo(geodesicDistance(CENTRAL, TSIM_SHA_TSUI), 9);
    expect(drawn.groundLines).toHaveLength(1);
    expect(drawn.lines).toHaveLength(0);
    expect(drawn.points).toBe(2);
    expect(drawn.labels).toHaveLength(1);
    expect(drawn.labels[0].text).toMatch(/^measurement\.value\.km\{"number":"1\.052"\}$/);
    expect(controller.getState().status).toEqual({ id: 'measurement.status.pointAdded', values: { number: 2 } });
  });

  it('draws in 3D at the points’ heights once a point lies on a building', () => {
    const { controller, modes, drawn } = setUp();
    controller.setTool('distance');
    modes.dispatch(click(114.1616, 22.2793, 310, 'model'));
    modes.dispatch(click(114.1605, 22.2800, 20, 'terrain'));
    expect(drawn.groundLines).toHaveLength(0);
    expect(drawn.lines[0].positions).toEqual([
      [114.1616, 22.2793, 310],
      [114.1605, 22.28, 20],
    ]);
    expect(measurementResult(controller.getState().measurements[0]).surface).toBe('mixed');
  });

  it('labels each segment of a short line, only the total of a long one', () => {
    const { controller, modes, drawn } = setUp();
    controller.setTool('distance');
    for (let index = 0; index <= MAXIMUM_SEGMENT_LABELS; index += 1) modes.dispatch(click(114.16 + index * 0.001, 22.28 + (index % 2) * 0.001));
    // 25 segments and the total.
    expect(drawn.labels).toHaveLength(MAXIMUM_SEGMENT_LABELS + 1);
    modes.dispatch(click(114.2, 22.3));
    expect(drawn.labels.map((label) => label.text)).toEqual([expect.stringMatching(/^measurement\.figure\.labelled\{"label":"measurement\.figure\.total","value":"measurement\.value\.km/)]);
  });

  it('takes points back with Backspace and Ctrl+Z, but not while typing in a field', () => {
    const { controller, modes, keyTarget } = setUp();
    controller.setTool('area');
    for (const [longitude, latitude] of [[114.16, 22.28], [114.17, 22.28], [114.17, 22.29]]) modes.dispatch(click(longitude, latitude));
    expect(modes.key(key('Backspace'))).toBe(true);
    expect(controller.getState().measurements[0].points).toHaveLength(2);
    const ctrlZ = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true });
    keyTarget.dispatchEvent(ctrlZ);
    expect(ctrlZ.defaultPrevented).toBe(true);
    expect(controller.getState().measurements[0].points).toHaveLength(1);
    // A plain "z" is a letter, not an undo; in a field, Ctrl+Z undoes the typing.
    keyTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', cancelable: true }));
    const field = document.body.appendChild(document.createElement('input'));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true, bubbles: true }));
    field.remove();
    expect(controller.getState().measurements[0].points).toHaveLength(1);
    expect(controller.undo()).toBe(true);
    expect(controller.getState().measurements).toEqual([]);
    expect(controller.undo()).toBe(false);
    expect(modes.key(key('Backspace'))).toBe(false);
  });

  it('adds the place at the map centre on Enter, and says so when the centre is sky', async () => {
    const centre = click(CENTRAL.longitude, CENTRAL.latitude, 3);
    const { controller, modes } = setUp(centre);
    controller.setTool('coordinates');
    expect(modes.key(key('Enter'))).toBe(true);
    await vi.waitFor(() => expect(controller.getState().measurements).toHaveLength(1));
    expect(controller.getState().measurements[0].points[0]).toEqual({ ...CENTRAL, heightMeters: 3, surface: 'terrain' });

    const sky = setUp(null);
    sky.controller.setTool('distance');
    await sky.controller.addCentre();
    expect(sky.controller.getState().measurements).toEqual([]);
    expect(sky.controller.getState().status).toEqual({ id: 'measurement.status.nothingAtCentre' });
  });

  it('starts a new measurement after a two-point tool has its points, keeping the last one in the list', () => {
    const { controller, modes, drawn } = setUp();
    controller.setTool('slope');
    modes.dispatch(click(114.17, 22.3, 10));
    modes.dispatch(click(114.171, 22.3, 60));
    modes.dispatch(click(114.18, 22.31, 5));
    const { measurements, currentId } = controller.getState();
    expect(measurements.map((measurement) => measurement.points.length)).toEqual([2, 1]);
    expect(currentId).toBe(measurements[1].id);
    // Only the new measurement is drawn.
    expect(drawn.points).toBe(1);
  });

  it('clears the drawing and ends the tool on Escape; the finished results stay, an unfinished one goes', () => {
    const { controller, modes, drawn, onEscape } = setUp();
    controller.setTool('triangle');
    modes.dispatch(click(114.17, 22.3, 10));
    modes.dispatch(click(114.171, 22.3, 60));
    controller.newMeasurement();
    expect(drawn.points).toBe(0);
    modes.dispatch(click(114.18, 22.31, 5));
    expect(drawn.points).toBe(1);
    expect(modes.escape()).toBe(true);
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(drawn.points).toBe(0);
    expect(controller.getState().measurements).toHaveLength(1);
    expect(controller.getState().currentId).toBeNull();
  });

  it('removes one result or all of them', () => {
    const { controller, modes } = setUp();
    controller.setTool('coordinates');
    modes.dispatch(click(114.17, 22.3));
    modes.dispatch(click(114.18, 22.31));
    const [first, second] = controller.getState().measurements;
    controller.remove(first.id);
    expect(controller.getState().measurements).toEqual([second]);
    controller.clearAll();
    expect(controller.getState().measurements).toEqual([]);
  });
});
