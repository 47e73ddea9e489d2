import { describe, expect, it, vi } from 'vitest';
import { toHk1980 } from '../../core/contracts/hk1980';
import { utmGridSquare } from '../../core/contracts/utmGrid';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicPolygon, HttpClient, MapPickResult } from '../../core/plugin/types';
import { createUtmIdentify, squareCorners, utmLookupUrl } from './utmIdentify';

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 0, y: 0 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});

function setUp(answer: (url: string) => unknown) {
  const modes = createInteractionModes();
  const squares: GraphicPolygon[] = [];
  const map = createNoopMapFacade({
    takePointer: (mode) => modes.take(mode),
    temporaryGraphics: () => ({
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      addPoints: () => () => {},
      addGroundPolylines: () => () => {},
      addGroundPolygons: (polygons) => {
        squares.push(...polygons);
        return () => {};
      },
      clear: () => void squares.splice(0),
    }),
  });
  const urls: string[] = [];
  const http: HttpClient = {
    json: async (url, schema) => {
      urls.push(url);
      return schema.parse(answer(url));
    },
  };
  return { tool: createUtmIdentify({ map, http, onEscape: () => {} }), modes, squares, urls };
}

describe('UTM identify', () => {
  it('asks the lookup in the zone of the click and draws the square it returns', async () => {
    const { tool, modes, squares, urls } = setUp(() => utmGridSquare('50_Q', 205494, 2471279));
    tool.setActive(true);
    expect(modes.active()).toBe('utm-identify');
    await tool.identify(click(114.1694, 22.3193));
    expect(urls[0]).toMatch(/^\/mapviewer\/gm\/rest\/service\/xy\/utm\/50_Q\/\d+\.\d\/\d+\.\d$/);
    expect(squares).toHaveLength(1);
    expect(squares[0]!.positions).toHaveLength(4);
    expect(utmLookupUrl(113.95, 22.28)).toMatch(/\/utm\/49_Q\//);
  });

  it('refuses a vertex list that is not exactly 8 numbers', () => {
    const corners = [
      [835000, 818000],
      [836000, 818000],
      [836000, 819000],
      [835000, 819000],
    ].flat();
    expect(squareCorners(corners.join(','))).toHaveLength(4);
    expect(squareCorners(corners.slice(0, 6).join(','))).toBeNull();
    expect(squareCorners([...corners, 1, 2].join(','))).toBeNull();
    expect(squareCorners([...corners.slice(0, 7), 'x'].join(','))).toBeNull();
    expect(squareCorners(`${corners.slice(0, 7).join(',')},`)).toBeNull();
    const [lon, lat] = squareCorners(corners.join(','))![0]!;
    const [easting, northing] = toHk1980([lon, lat]);
    expect(easting).toBeCloseTo(835000, 3);
    expect(northing).toBeCloseTo(818000, 3);
  });

  it('stays silent on failures: a refused answer or a failed call draws nothing and only logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: unknown = { VERTICES_SEQ: '1,2,3,4,5,6', NAME: 'bad' };
    const { tool, squares } = setUp(() => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    tool.setActive(true);
    await tool.identify(click(114.1694, 22.3193));
    answer = new Error('503');
    await tool.identify(click(114.1694, 22.3193));
    expect(squares).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
