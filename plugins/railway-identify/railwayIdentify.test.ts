import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RailwayLinesResponse } from '../../core/contracts/railways';
import type { GroundPolyline, HttpClient, MapFacade, MapPickResult, PointerMode } from '../../core/plugin/types';
import { createRailwayIdentify } from './railwayIdentify';
import { sampleLines } from './testing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A map that records the pointer mode and what is drawn; the camera 2 km above the click. */
function fakeMap() {
  const drawn: { lines: GroundPolyline[]; points: number } = { lines: [], points: 0 };
  let mode: PointerMode | null = null;
  const map = {
    temporaryGraphics: () => ({
      clear: () => {
        drawn.lines = [];
        drawn.points = 0;
      },
      addGroundPolylines: (lines: GroundPolyline[]) => (drawn.lines.push(...lines), () => {}),
      addPoints: (points: unknown[]) => ((drawn.points += points.length), () => {}),
    }),
    takePointer: (next: PointerMode) => {
      mode = next;
      return () => void (mode = null);
    },
    cameraState: () => ({ longitude: 114.15, latitude: 22.28, heightMeters: 2000, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 }),
    requestRender: () => {},
  } as unknown as MapFacade;
  const click = (longitude: number, latitude: number) =>
    mode?.onPick({ screen: { x: 0, y: 0 }, feature: null, hitOtherObject: false, position: { longitude, latitude, heightMeters: 0 }, surface: 'terrain' } as MapPickResult);
  /** Escape as core/map does it: the mode leaves the stack, then hears `onEnd`. */
  const escape = () => {
    const ended = mode;
    mode = null;
    ended?.onEnd?.();
  };
  return { map, drawn, mode: () => mode, click, escape };
}

function fakeHttp(answers: Array<RailwayLinesResponse | Error>) {
  const urls: string[] = [];
  const http: HttpClient = {
    json: async <T,>(url: string) => {
      urls.push(url);
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      if (answer instanceof Error) throw answer;
      return structuredClone(answer) as T;
    },
  };
  return { http, urls };
}

const feed = (): RailwayLinesResponse => ({ lines: sampleLines(), attribution: 'MTR', sample: false });
/** Between Sai Ying Pun and Sheung Wan, on the Island Line. */
const ON_ISLAND_LINE = [114.149, 22.2864] as const;

describe('railway identify', () => {
  it('on: takes the pointer, fetches the lines and draws them; a click names the line and its stations', async () => {
    const { map, drawn, mode, click } = fakeMap();
    const { http, urls } = fakeHttp([feed()]);
    const tool = createRailwayIdentify({ map, http, refreshIntervalMs: 60_000, onEscape: vi.fn(), now: () => 1_000 });
    tool.setActive(true);
    expect(mode()?.id).toBe('railway-identify');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/mapviewer/api/static/railways?timestamp=1000']);
    expect(tool.getState()).toMatchObject({ status: 'ready', loadedAt: 1_000, selected: null });
    expect(drawn.lines).toHaveLength(2);

    click(...ON_ISLAND_LINE);
    const { selected } = tool.getState();
    expect(selected?.line.line).toBe('ISL');
    expect(selected?.line.stations.map((station) => station.code)).toEqual(['KET', 'HKU', 'SYP', 'SHW', 'CEN', 'ADM']);
    expect(selected?.nearestStation.code).toBe('SHW');
    // The named line is drawn wider over the others, with its six stations marked.
    expect(drawn.lines.map((line) => line.widthPixels)).toEqual([3, 6]);
    expect(drawn.points).toBe(6);

    click(114.2, 22.35);
    expect(tool.getState()).toMatchObject({ selected: null, missed: true });
  });

  it('fetches the lines again on the interval and names the line from the new data', async () => {
    const { map, click } = fakeMap();
    const renamed = feed();
    renamed.lines[0].name['en-US'] = 'Island Line (new name)';
    const { http, urls } = fakeHttp([feed(), renamed]);
    const tool = createRailwayIdentify({ map, http, refreshIntervalMs: 60_000, onEscape: vi.fn() });
    tool.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    click(...ON_ISLAND_LINE);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(urls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toHaveLength(2);
    expect(tool.getState().selected?.line.name['en-US']).toBe('Island Line (new name)');
    expect(tool.getState().selected?.nearestStation.code).toBe('SHW');
  });

  it('keeps what it shows and says the data are not available when a refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { map, click } = fakeMap();
    const { http } = fakeHttp([feed(), new Error('503')]);
    const tool = createRailwayIdentify({ map, http, refreshIntervalMs: 60_000, onEscape: vi.fn() });
    tool.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    click(...ON_ISLAND_LINE);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tool.getState()).toMatchObject({ status: 'unavailable', selected: { line: { line: 'ISL' } } });
  });

  it('off: gives the pointer back, clears the map and stops fetching; Escape switches it off through the store', async () => {
    const { map, drawn, mode, escape } = fakeMap();
    const { http, urls } = fakeHttp([feed()]);
    const onEscape = vi.fn();
    const tool = createRailwayIdentify({ map, http, refreshIntervalMs: 60_000, onEscape });
    tool.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    tool.setActive(false);
    expect(mode()).toBeNull();
    expect(drawn.lines).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(urls).toHaveLength(1);
    expect(tool.getState().active).toBe(false);

    tool.setActive(true);
    escape();
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
