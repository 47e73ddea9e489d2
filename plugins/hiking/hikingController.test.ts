import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { FrameInfo, GroundPolyline, MapPickResult, PointerMode } from '../../core/plugin/types';
import { createHikingController, HIKING_POINTER_MODE, trackLines } from './hikingController';
import { LIST, PROFILE } from './testFixtures';

function setUp() {
  const lines: GroundPolyline[][] = [];
  let pointer: PointerMode | null = null;
  let frame: ((frame: FrameInfo) => void) | null = null;
  const calls = { cleared: 0, pointerReleased: 0, cameraHeld: 0, cameraReleased: 0, views: [] as unknown[], flyToBounds: [] as unknown[] };
  const map = createNoopMapFacade({
    temporaryGraphics: () => ({
      addPoints: () => () => {},
      addGroundPolylines: (added) => {
        lines.push([...added]);
        return () => {};
      },
      addGroundPolygons: () => () => {},
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      clear: () => {
        calls.cleared += 1;
      },
    }),
    takePointer: (mode) => {
      pointer = mode;
      return () => {
        calls.pointerReleased += 1;
      };
    },
    takeCameraControl: () => {
      calls.cameraHeld += 1;
      return () => {
        calls.cameraReleased += 1;
      };
    },
    onFrame: (listener) => {
      frame = listener;
      return () => {
        frame = null;
      };
    },
    setView: (view) => calls.views.push(view),
    flyToBounds: (bounds) => calls.flyToBounds.push(bounds),
    cameraState: () => ({ longitude: 114.3, latitude: 22.4, heightMeters: 1000, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 }),
  });
  const urls: string[] = [];
  const http = {
    json: async <T,>(url: string): Promise<T> => {
      urls.push(url);
      return (url.includes('/profile') ? PROFILE : LIST) as T;
    },
  };
  const analytics = { emit: vi.fn() };
  const controller = createHikingController({ map, http, apiBase: '/mapviewer/api/', analytics });
  const pick = (longitude: number, latitude: number): MapPickResult => ({
    screen: { x: 0, y: 0 },
    feature: null,
    hitOtherObject: false,
    position: { longitude, latitude, heightMeters: 100 },
    surface: 'terrain',
  });
  return { controller, lines, calls, urls, analytics, pick, pointer: () => pointer, frame: () => frame };
}

describe('the hiking controller', () => {
  it('loads the list, then draws a chosen stage coloured by steepness and fits the camera to it', async () => {
    const { controller, lines, calls, urls, pointer } = setUp();
    await controller.loadList();
    expect(controller.getState().list.status).toBe('ready');
    await controller.select('maclehose', 1);
    expect(urls).toEqual(['/mapviewer/api/trails', '/mapviewer/api/trails/maclehose/profile?stage=1']);
    expect(controller.getState().profile.status).toBe('ready');
    expect(lines[0].map((line) => [line.colour, line.positions.length])).toEqual([
      ['#2b8a3e', 3],
      ['#c92a2a', 3],
    ]);
    expect(calls.flyToBounds).toEqual([{ west: 114.3, south: 22.4, east: 114.301, north: 22.4 }]);
    expect(pointer()?.id).toBe(HIKING_POINTER_MODE);
  });

  it('opens one pop-up at a time: an end, a distance post, a segment, the transport', async () => {
    const { controller, pick } = setUp();
    await controller.select('maclehose', 1);
    controller.handlePick(pick(114.30001, 22.40001));
    expect(controller.getState().popup).toMatchObject({ kind: 'point', end: 'start', heightMetres: 100 });
    controller.handlePick(pick(114.30025, 22.4001));
    expect(controller.getState().popup).toMatchObject({ kind: 'post', code: 'M001' });
    controller.handlePick(pick(114.30085, 22.40002));
    expect(controller.getState().popup).toMatchObject({ kind: 'segment', segment: { steepClass: 'severe', fromMetres: 50, toMetres: 100, lengthMetres: 50 } });
    controller.showTransport('end');
    expect(controller.getState().popup).toEqual({ kind: 'transport', end: 'end', name: PROFILE.end.name, exits: [] });
    // Far from everything: the pop-up closes.
    controller.handlePick(pick(114.35, 22.45));
    expect(controller.getState().popup).toBeNull();
  });

  it('runs the animation through its states and flies the camera frame by frame', async () => {
    vi.useFakeTimers();
    try {
      const { controller, calls, frame, analytics } = setUp();
      await controller.select('maclehose', 1);
      controller.startAnimation();
      expect(controller.getState().animation.state).toBe('loading');
      vi.advanceTimersByTime(2000);
      expect(controller.getState().animation.state).toBe('ready');
      controller.animate('play');
      expect(controller.getState().animation.state).toBe('playing');
      expect(calls.cameraHeld).toBe(1);
      frame()!({ deltaSeconds: 0.25, time: new Date() });
      expect(controller.getState().animation.distanceMetres).toBe(40);
      expect(calls.views.length).toBeGreaterThan(1);
      controller.togglePlay();
      expect(controller.getState().animation.state).toBe('paused');
      expect(calls.cameraReleased).toBe(1);
      controller.setSpeed(4);
      controller.togglePlay();
      frame()!({ deltaSeconds: 1, time: new Date() });
      expect(controller.getState().animation).toMatchObject({ state: 'finished', distanceMetres: 100 });
      expect(frame()).toBeNull();
      controller.animate('exit');
      expect(controller.getState().animation.state).toBe('off');
      expect(analytics.emit).toHaveBeenCalledWith(expect.objectContaining({ name: 'hiking-animation::on' }));
      expect(analytics.emit).toHaveBeenCalledWith(expect.objectContaining({ name: 'hiking-animation::off' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers Space and Escape on the map while the animation runs', async () => {
    const { controller, pointer } = setUp();
    await controller.select('maclehose', 1);
    controller.startAnimation();
    controller.animate('play');
    const key = (value: string) => pointer()!.onKey!({ type: 'down', key: value, code: '', shiftKey: false });
    expect(key(' ')).toBe(true);
    expect(controller.getState().animation.state).toBe('paused');
    expect(key('Escape')).toBe(true);
    expect(controller.getState().animation.state).toBe('off');
    expect(key('Escape')).toBe(false);
  });

  it('clears everything when the drawer closes, mid-flight', async () => {
    const { controller, calls, frame } = setUp();
    await controller.select('maclehose', 1);
    controller.startAnimation();
    controller.animate('play');
    controller.close();
    expect(controller.getState()).toMatchObject({ selection: null, popup: null, animation: { state: 'off' } });
    expect(frame()).toBeNull();
    expect(calls.cameraReleased).toBe(1);
    expect(calls.pointerReleased).toBeGreaterThan(0);
    expect(calls.cleared).toBeGreaterThan(0);
  });
});

describe('trackLines', () => {
  it('breaks the line where samples lie far apart (the Wilson Trail crosses the harbour by MTR)', () => {
    const lines = trackLines({
      samples: [
        [0, 114.2, 22.28, 50],
        [25, 114.20025, 22.28, 50],
        [50, 114.23, 22.31, 60],
        [75, 114.23025, 22.31, 60],
      ],
      steepness: ['gentle', 'gentle', 'gentle'],
    });
    expect(lines.map((line) => line.positions.length)).toEqual([2, 2]);
  });
});
