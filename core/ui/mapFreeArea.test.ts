// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fitIntoFreeArea, freeAreaCentreOffset, MAP_FREE_AREA_SELECTOR, mapFreeArea } from './mapFreeArea';

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

function element(box: DOMRect, className = ''): HTMLElement {
  const node = document.createElement('div');
  node.className = className;
  node.getBoundingClientRect = () => box;
  document.body.append(node);
  return node;
}

const freeAreaClass = MAP_FREE_AREA_SELECTOR.slice(1);

afterEach(() => document.body.replaceChildren());

describe('measuring the free part of the map', () => {
  it('gives the free area beside the drawer and below the search box as shares of the map (desktop)', () => {
    const map = element(rect(0, 0, 1000, 600));
    element(rect(400, 60, 560, 480), freeAreaClass);
    const { free, aspect } = mapFreeArea(map);
    expect(aspect).toBeCloseTo(1000 / 600, 9);
    expect(free).toEqual({ left: 0.4, right: 0.96, top: 0.1, bottom: 0.9 });
  });

  it('gives the free area below the drawer over the top of the map (phone), clamped to the map', () => {
    const map = element(rect(0, 100, 390, 700));
    element(rect(-10, 570, 410, 400), freeAreaClass);
    const { free } = mapFreeArea(map);
    expect(free?.left).toBe(0);
    expect(free?.right).toBe(1);
    expect(free?.top).toBeCloseTo(470 / 700, 9);
    expect(free?.bottom).toBe(1);
  });

  it('is the whole map (null) before the app lays the free area out, or before the map has a size', () => {
    expect(mapFreeArea(element(rect(0, 0, 1000, 500)))).toEqual({ free: null, aspect: 2 });
    element(rect(400, 60, 560, 480), freeAreaClass);
    expect(mapFreeArea(element(rect(0, 0, 0, 0)))).toEqual({ free: null, aspect: 1.5 });
    expect(mapFreeArea(null)).toEqual({ free: null, aspect: 1.5 });
  });
});

describe('fitting a box into the free part', () => {
  it('fits the padded box into the free part of the map, shaped like it, and the whole map around it', () => {
    // At the equator a degree is as long either way; a 2:1 map whose right half (top to bottom) is free: 1:1.
    const box = { west: 0, east: 0.01, south: 0, north: 0.01 };
    const fitted = fitIntoFreeArea(box, { free: { left: 0.5, right: 1, top: 0, bottom: 1 }, aspect: 2 }, 0.25);
    // Padded: 0.015 square; that is the free half, so the map spans 0.03 by 0.015 with the box's centre 3/4 across.
    expect(fitted.east - fitted.west).toBeCloseTo(0.03, 9);
    expect(fitted.north - fitted.south).toBeCloseTo(0.015, 9);
    expect(fitted.west + 0.75 * (fitted.east - fitted.west)).toBeCloseTo(0.005, 9);
    expect((fitted.north + fitted.south) / 2).toBeCloseTo(0.005, 9);
    // A wide box in that square part: heightened to a square, so the camera's fit binds both ways.
    const wide = fitIntoFreeArea({ west: 0, east: 0.02, south: 0, north: 0.001 }, { free: { left: 0.5, right: 1, top: 0, bottom: 1 }, aspect: 2 });
    expect(wide.north - wide.south).toBeCloseTo(0.02, 9);
    expect(wide.east - wide.west).toBeCloseTo(0.04, 9);
  });

  it('fits to the whole map when nothing says what is free or the free part is a sliver', () => {
    const box = { west: 0, east: 0.02, south: 0, north: 0.01 };
    const whole = fitIntoFreeArea(box, { free: null, aspect: 2 });
    expect(whole).toEqual({ west: expect.closeTo(0, 6), east: expect.closeTo(0.02, 6), south: expect.closeTo(0, 6), north: expect.closeTo(0.01, 6) });
    expect(fitIntoFreeArea(box, { free: { left: 0.9, right: 1, top: 0, bottom: 1 }, aspect: 2 })).toEqual(whole);
  });
});

describe('the free part centre offset', () => {
  it('says how far right and down of the map centre the free part is centred, nothing for the whole map or a sliver', () => {
    const beside = freeAreaCentreOffset({ left: 0.4, right: 1, top: 0, bottom: 1 });
    expect(beside.right).toBeCloseTo(0.2, 9);
    expect(beside.down).toBe(0);
    const below = freeAreaCentreOffset({ left: 0, right: 1, top: 0.6, bottom: 1 });
    expect(below.right).toBe(0);
    expect(below.down).toBeCloseTo(0.3, 9);
    expect(freeAreaCentreOffset(null)).toEqual({ right: 0, down: 0 });
    expect(freeAreaCentreOffset({ left: 0.95, right: 1, top: 0, bottom: 1 })).toEqual({ right: 0, down: 0 });
  });
});
