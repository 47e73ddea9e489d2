import { describe, expect, it, vi } from 'vitest';
import type { CameraState } from '../plugin/types';
import {
  applyCameraView,
  BOUNDS_MINIMUM_SPAN_DEGREES,
  cameraMoved,
  checkCameraView,
  checkLookAt,
  createCameraChangeEvents,
  createNavigationControl,
  fittedBounds,
  flightSeconds,
  flyToBox,
  lookAtPlace,
  readCameraState,
  signedDegrees,
  withoutLeftDrags,
  type NavigationSwitches,
} from './cameraControl';

const state = (overrides: Partial<CameraState> = {}): CameraState => ({
  longitude: 114.17,
  latitude: 22.3,
  heightMeters: 1500,
  headingDegrees: 0,
  pitchDegrees: -45,
  rollDegrees: 0,
  ...overrides,
});

/** Records what the camera was asked to do; positions stay in degrees (x = longitude, y = latitude, z = height). */
function fakeCesium() {
  const calls: Array<{ call: string; options: Record<string, unknown> }> = [];
  const camera = {
    setView: (options: Record<string, unknown>) => calls.push({ call: 'setView', options }),
    cancelFlight: () => calls.push({ call: 'cancelFlight', options: {} }),
    flyTo: (options: Record<string, unknown>) => calls.push({ call: 'flyTo', options }),
    flyToBoundingSphere: (sphere: unknown, options: Record<string, unknown>) => calls.push({ call: 'flyToBoundingSphere', options: { sphere, ...options } }),
  };
  const viewer = {
    camera,
    scene: { requestRender: vi.fn(), globe: { getHeight: (place: { longitude: number }) => (place.longitude === 114.2 ? 37 : undefined) } },
  };
  const Cesium = {
    Cartesian3: { fromDegrees: (x: number, y: number, z = 0) => ({ x, y, z }) },
    Cartographic: { fromDegrees: (longitude: number, latitude: number) => ({ longitude, latitude }) },
    BoundingSphere: class {
      constructor(
        readonly center: unknown,
        readonly radius: number,
      ) {}
    },
    HeadingPitchRange: class {
      constructor(
        readonly heading: number,
        readonly pitch: number,
        readonly range: number,
      ) {}
    },
    Rectangle: { fromDegrees: (west: number, south: number, east: number, north: number) => ({ west, south, east, north }) },
  };
  return { Cesium: Cesium as unknown as typeof import('cesium'), viewer: viewer as unknown as import('cesium').Viewer, calls };
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

describe('camera views', () => {
  it('names the field that is not a usable number', () => {
    expect(() => checkCameraView({ longitude: Number.NaN, latitude: 22, heightMeters: 10 })).toThrow(/longitude/);
    expect(() => checkCameraView({ longitude: 114, latitude: 91, heightMeters: 10 })).toThrow(/latitude must lie between -90 and 90/);
    expect(() => checkCameraView({ longitude: 114, latitude: 22, heightMeters: Infinity })).toThrow(/heightMeters/);
    expect(() => checkCameraView({ longitude: 114, latitude: 22, heightMeters: 10, rollDegrees: Number.NaN })).toThrow(/rollDegrees/);
    expect(() => checkCameraView({ longitude: 114, latitude: 22, heightMeters: 10, headingDegrees: 30, pitchDegrees: -20, rollDegrees: 5 })).not.toThrow();
    expect(() => checkLookAt({ longitude: 114, latitude: 22 }, { rangeMeters: 0 })).toThrow(/rangeMeters must be more than 0/);
    expect(() => flightSeconds(Number.NaN)).toThrow(/durationSeconds/);
  });

  it('sets the view at once without a duration or with 0 (ending a flight in progress), and flies with one, in radians', () => {
    const { Cesium, viewer, calls } = fakeCesium();
    applyCameraView(Cesium, viewer, { longitude: 114.1, latitude: 22.2, heightMeters: 800, headingDegrees: 90, pitchDegrees: -30, rollDegrees: 10 }, flightSeconds(undefined));
    applyCameraView(Cesium, viewer, { longitude: 114.1, latitude: 22.2, heightMeters: 800 }, flightSeconds(0));
    applyCameraView(Cesium, viewer, { longitude: 114.1, latitude: 22.2, heightMeters: 800 }, flightSeconds(2.5));
    expect(calls.map((entry) => entry.call)).toEqual(['cancelFlight', 'setView', 'cancelFlight', 'setView', 'flyTo']);
    const [first, second, third] = calls.filter((entry) => entry.call !== 'cancelFlight');
    expect(first!.options).toEqual({ destination: { x: 114.1, y: 22.2, z: 800 }, orientation: { heading: radians(90), pitch: radians(-30), roll: radians(10) } });
    // Defaults: north up, straight down, level.
    expect(second!.options.orientation).toEqual({ heading: 0, pitch: radians(-90), roll: 0 });
    expect(third!.options.duration).toBe(2.5);
  });

  it('looks at a place from the given range, on the ground height there when none is given, and leaves the camera free', () => {
    const { Cesium, viewer, calls } = fakeCesium();
    lookAtPlace(Cesium, viewer, { longitude: 114.2, latitude: 22.3 }, { rangeMeters: 500 }, 0);
    lookAtPlace(Cesium, viewer, { longitude: 114.1, latitude: 22.3, heightMeters: 12 }, { rangeMeters: 800, headingDegrees: 180, pitchDegrees: -20 }, 3);
    lookAtPlace(Cesium, viewer, { longitude: 114.1, latitude: 22.3 }, { rangeMeters: 800 }, 0);
    const [first, second, third] = calls.map((entry) => entry.options as { sphere: { center: unknown }; offset: object; duration: number });
    expect(first!.sphere.center).toEqual({ x: 114.2, y: 22.3, z: 37 });
    expect(first!.offset).toEqual({ heading: 0, pitch: radians(-45), range: 500 });
    expect(first!.duration).toBe(0);
    expect(second!.sphere.center).toEqual({ x: 114.1, y: 22.3, z: 12 });
    expect(second!.offset).toEqual({ heading: radians(180), pitch: radians(-20), range: 800 });
    expect(second!.duration).toBe(3);
    // No terrain loaded there: the ellipsoid.
    expect(third!.sphere.center).toEqual({ x: 114.1, y: 22.3, z: 0 });
    // flyToBoundingSphere ends with the camera free (Cesium restores the identity transform); no lookAt lock is used.
    expect(calls.every((entry) => entry.call === 'flyToBoundingSphere')).toBe(true);
  });

  it('fits a box with its padding, widens a tiny one and refuses a reversed one', () => {
    const box = fittedBounds({ west: 114.1, south: 22.2, east: 114.3, north: 22.3 }, 0.1);
    expect(box.west).toBeCloseTo(114.08, 10);
    expect(box.east).toBeCloseTo(114.32, 10);
    expect(box.south).toBeCloseTo(22.19, 10);
    expect(box.north).toBeCloseTo(22.31, 10);
    const point = fittedBounds({ west: 114.17, south: 22.3, east: 114.17, north: 22.3 }, 0);
    expect(point.east - point.west).toBeCloseTo(BOUNDS_MINIMUM_SPAN_DEGREES, 12);
    expect((point.east + point.west) / 2).toBeCloseTo(114.17, 12);
    expect(() => fittedBounds({ west: 114.3, south: 22.2, east: 114.1, north: 22.3 })).toThrow(/west \(114.3\) is east of east/);
    expect(() => fittedBounds({ west: 114.1, south: 22.4, east: 114.3, north: 22.3 })).toThrow(/south \(22.4\) is north of north/);
    expect(() => fittedBounds({ west: 114.1, south: 22.2, east: 114.3, north: 22.3 }, -1)).toThrow(/paddingRatio/);
    const { Cesium, viewer, calls } = fakeCesium();
    flyToBox(Cesium, viewer, { west: 114.1, south: 22.2, east: 114.3, north: 22.3 }, 0, flightSeconds(undefined, 1));
    const { destination, duration } = calls[0]!.options as { destination: Record<string, number>; duration: number };
    expect(calls[0]!.call).toBe('flyTo');
    expect(duration).toBe(1);
    for (const [side, degrees] of Object.entries({ west: 114.1, south: 22.2, east: 114.3, north: 22.3 })) expect(destination[side]).toBeCloseTo(degrees, 12);
  });

  it('reads the camera in degrees: heading from 0 up to 360 (never 360), roll from -180 to 180', () => {
    const Cesium = { Math: { toDegrees: (value: number) => (value * 180) / Math.PI } } as unknown as typeof import('cesium');
    const camera = {
      positionCartographic: { longitude: radians(114.17), latitude: radians(22.3), height: 812.5 },
      heading: 2 * Math.PI,
      pitch: radians(-30),
      roll: radians(355),
    } as unknown as import('cesium').Camera;
    const read = readCameraState(Cesium, camera);
    expect(read.longitude).toBeCloseTo(114.17, 10);
    expect(read.latitude).toBeCloseTo(22.3, 10);
    expect(read.heightMeters).toBe(812.5);
    expect(read.headingDegrees).toBeCloseTo(0, 10);
    expect(read.pitchDegrees).toBeCloseTo(-30, 10);
    expect(read.rollDegrees).toBeCloseTo(-5, 10);
  });

  it('reports roll from -180 to 180 and sees a move only beyond rounding', () => {
    expect(signedDegrees(350)).toBeCloseTo(-10);
    expect(signedDegrees(10)).toBe(10);
    expect(signedDegrees(-190)).toBeCloseTo(170);
    expect(cameraMoved(state(), state({ heightMeters: 1500.0001 }))).toBe(false);
    expect(cameraMoved(state(), state({ heightMeters: 1501 }))).toBe(true);
    expect(cameraMoved(state({ headingDegrees: 359.9999999 }), state({ headingDegrees: 0 }))).toBe(false);
    expect(cameraMoved(state(), state({ headingDegrees: 1 }))).toBe(true);
    expect(cameraMoved(state(), state({ rollDegrees: 2 }))).toBe(true);
  });
});

describe('camera change events', () => {
  it('tells listeners after drawn frames in which the camera moved, and at every move end', () => {
    let camera: CameraState | null = state();
    const read = vi.fn(() => camera);
    const events = createCameraChangeEvents(read);
    events.frameDrawn();
    expect(read).not.toHaveBeenCalled();
    const heard: CameraState[] = [];
    const ends: boolean[] = [];
    const stop = events.subscribe((seen, change) => {
      heard.push(seen);
      ends.push(change.moveEnded);
    });
    events.frameDrawn();
    events.frameDrawn();
    expect(heard).toHaveLength(1);
    camera = state({ headingDegrees: 30 });
    events.frameDrawn();
    expect(heard.at(-1)!.headingDegrees).toBe(30);
    events.moveEnded();
    expect(heard).toHaveLength(3);
    expect(ends).toEqual([false, false, true]);
    camera = null;
    events.frameDrawn();
    expect(heard).toHaveLength(3);
    stop();
    camera = state({ headingDegrees: 60 });
    events.moveEnded();
    expect(heard).toHaveLength(3);
  });

  it('keeps telling the others when one listener fails', () => {
    const events = createCameraChangeEvents(() => state());
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    events.subscribe(() => {
      throw new Error('boom');
    });
    const heard = vi.fn();
    events.subscribe(heard);
    events.moveEnded();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('navigation control', () => {
  const LEFT_DRAG = 0;
  const controller = (): NavigationSwitches => ({
    enableInputs: true,
    rotateEventTypes: LEFT_DRAG as never,
    lookEventTypes: { eventType: LEFT_DRAG, modifier: 1 } as never,
    tiltEventTypes: [2, 4, { eventType: LEFT_DRAG, modifier: 0 }, { eventType: 1, modifier: 0 }] as never,
  });

  it('turns all navigation off while a tool holds the camera, until every hold is given back', () => {
    const navigation = createNavigationControl();
    const switches = controller();
    const early = navigation.take();
    navigation.attach(switches, LEFT_DRAG);
    expect(switches.enableInputs).toBe(false);
    const late = navigation.take();
    early();
    early();
    expect(switches.enableInputs).toBe(false);
    late();
    expect(switches.enableInputs).toBe(true);
  });

  it('takes only the left drags (plain, Shift, Ctrl) away while a mode takes drags, and gives them back', () => {
    const navigation = createNavigationControl();
    const switches = controller();
    const own = { ...switches };
    navigation.attach(switches, LEFT_DRAG);
    navigation.setDragsTaken(true);
    expect(switches.rotateEventTypes).toBeUndefined();
    expect(switches.lookEventTypes).toBeUndefined();
    // Middle drag, pinch and Ctrl + right drag still tilt.
    expect(switches.tiltEventTypes).toEqual([2, 4, { eventType: 1, modifier: 0 }]);
    expect(switches.enableInputs).toBe(true);
    navigation.setDragsTaken(false);
    expect(switches).toEqual(own);
    navigation.setDragsTaken(true);
    navigation.take();
    navigation.attach(null, LEFT_DRAG);
    expect(switches).toEqual(own);
  });

  it('leaves types without left drags as they are', () => {
    expect(withoutLeftDrags(undefined, 0)).toBeUndefined();
    expect(withoutLeftDrags(3 as never, 0)).toEqual([3]);
    expect(withoutLeftDrags(0 as never, 0)).toBeUndefined();
  });
});
