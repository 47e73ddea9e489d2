import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { CameraState, CameraView, FrameInfo, MapPickResult, PointerMode } from '../../core/plugin/types';
import { createWalkController, FIRST_PERSON_CONTROL_MODE, FIRST_PERSON_TOOL } from './walkController';
import { EYE_HEIGHT_METERS, RUN_FACTOR, WALK_SPEED_METERS_PER_SECOND } from './walking';

/** Statue Square, Central; the ground there in this fake world, metres. */
const PLACE = { longitude: 114.1598, latitude: 22.2809 };
const GROUND = 5;
const METRES_PER_DEGREE_LATITUDE = 110_760;

/** The camera before first-person view: high above, looking east and down. */
const MAP_VIEW: CameraState = { longitude: 114.17, latitude: 22.27, heightMeters: 2500, headingDegrees: 0, pitchDegrees: -45, rollDegrees: 0 };

/**
 * A map whose surface height is `heightAt(metresNorthOfPlace)`, recording what the controller asks of it. Height
 * samples answer on the next task, like the real ones; frames run when the test calls `frame`.
 */
function fakeMap(heightAt: (northMeters: number) => number | null = () => GROUND, centre: MapPickResult | null = null) {
  let camera: CameraState = { ...MAP_VIEW };
  const views: CameraView[] = [];
  const pointers: PointerMode[] = [];
  const frameListeners = new Set<(frame: FrameInfo) => void>();
  let cameraHolds = 0;
  const sampled: Array<{ positions: ReadonlyArray<readonly [number, number]>; includeModels: boolean | undefined }> = [];
  const map = createNoopMapFacade({
    pick: (at) => Promise.resolve(at === 'centre' ? centre : null),
    cameraState: () => ({ ...camera }),
    setView: (view) => {
      views.push(view);
      camera = { headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0, ...view };
    },
    takePointer: (mode) => {
      pointers.push(mode);
      return () => {
        const index = pointers.indexOf(mode);
        if (index >= 0) pointers.splice(index, 1);
      };
    },
    takeCameraControl: () => {
      cameraHolds += 1;
      let given = false;
      return () => {
        if (!given) cameraHolds -= 1;
        given = true;
      };
    },
    onFrame: (listener) => {
      frameListeners.add(listener);
      return () => void frameListeners.delete(listener);
    },
    sampleHeights: (positions, options) => {
      sampled.push({ positions, includeModels: options?.includeModels });
      return new Promise((resolve) => setTimeout(() => resolve(positions.map(([, latitude]) => heightAt((latitude - PLACE.latitude) * METRES_PER_DEGREE_LATITUDE))), 0));
    },
  });
  return {
    map,
    camera: () => camera,
    views,
    pointer: () => pointers.at(-1),
    /** Escape as core handles it: the newest mode leaves the stack, then its `onEnd` runs. */
    escape() {
      const mode = pointers.pop();
      mode?.onEnd?.();
    },
    cameraHolds: () => cameraHolds,
    framesWanted: () => frameListeners.size > 0,
    sampled,
    /** Runs frames of `seconds` each, letting height samples answer between them. */
    async frames(count: number, seconds = 1 / 30) {
      for (let index = 0; index < count; index += 1) {
        for (const listener of [...frameListeners]) listener({ deltaSeconds: seconds, time: new Date(0) });
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const key = (type: 'down' | 'up', code: string, shiftKey = false) => ({ type, key: code, code, shiftKey });
const northOf = (latitude: number) => (latitude - PLACE.latitude) * METRES_PER_DEGREE_LATITUDE;
const click = (position: MapPickResult['position']): MapPickResult => ({ screen: { x: 10, y: 10 }, feature: null, hitOtherObject: false, position, surface: 'terrain' });

async function walking(heightAt?: (northMeters: number) => number | null) {
  const fake = fakeMap(heightAt);
  const requestOff = vi.fn();
  const onExited = vi.fn();
  const setControlMode = vi.fn();
  const controller = createWalkController({ map: fake.map, requestOff, onExited, setControlMode });
  controller.setActive(true);
  fake.pointer()!.onPick(click({ ...PLACE, heightMeters: GROUND }));
  await settle();
  return { fake, controller, requestOff, onExited, setControlMode };
}

describe('first-person view controller', () => {
  it('waits for a click, then stands at eye height on the ground there, level, facing the way the map looked', async () => {
    const fake = fakeMap();
    const controller = createWalkController({ map: fake.map, requestOff: () => {} });
    controller.setActive(true);
    expect(controller.getState().phase).toBe('choosing');
    expect(fake.pointer()).toMatchObject({ id: FIRST_PERSON_TOOL, cursor: 'crosshair' });
    expect(fake.cameraHolds()).toBe(0);

    fake.pointer()!.onPick(click({ ...PLACE, heightMeters: 99 }));
    expect(controller.getState().phase).toBe('entering');
    await settle();
    expect(controller.getState().phase).toBe('walking');
    expect(fake.sampled[0]).toEqual({ positions: [[PLACE.longitude, PLACE.latitude]], includeModels: true });
    expect(fake.camera()).toMatchObject({ ...PLACE, heightMeters: GROUND + EYE_HEIGHT_METERS, headingDegrees: MAP_VIEW.headingDegrees, pitchDegrees: 0, rollDegrees: 0 });
    expect(fake.cameraHolds()).toBe(1);
    expect(fake.pointer()).toMatchObject({ id: FIRST_PERSON_TOOL, cursor: 'grab' });
    expect(fake.pointer()!.onKey).toBeTypeOf('function');
  });

  it("from the keyboard, stands at what lies at the map's centre; over the sky it keeps waiting", async () => {
    const sky = fakeMap(() => GROUND, null);
    const waiting = createWalkController({ map: sky.map, requestOff: () => {} });
    expect(await waiting.enterAtCentre()).toBe(false);
    waiting.setActive(true);
    expect(await waiting.enterAtCentre()).toBe(false);
    expect(waiting.getState().phase).toBe('choosing');

    const fake = fakeMap(() => GROUND, click({ ...PLACE, heightMeters: GROUND }));
    const controller = createWalkController({ map: fake.map, requestOff: () => {} });
    controller.setActive(true);
    expect(await controller.enterAtCentre()).toBe(true);
    expect(controller.getState().phase).toBe('walking');
    expect(fake.camera()).toMatchObject({ ...PLACE, heightMeters: GROUND + EYE_HEIGHT_METERS });
  });

  it('stands on a roof: the place is sampled with the 3D buildings', async () => {
    const { fake } = await walking(() => 31.5);
    expect(fake.camera().heightMeters).toBeCloseTo(31.5 + EYE_HEIGHT_METERS, 9);
  });

  it('walks forward with W at walking speed and runs with Shift', async () => {
    const { fake } = await walking();
    const pointer = fake.pointer()!;
    expect(pointer.onKey!(key('down', 'KeyW'))).toBe(true);
    await fake.frames(30, 1 / 30);
    expect(northOf(fake.camera().latitude)).toBeCloseTo(WALK_SPEED_METERS_PER_SECOND, 1);
    pointer.onKey!(key('down', 'ShiftLeft', true));
    const before = northOf(fake.camera().latitude);
    await fake.frames(30, 1 / 30);
    expect(northOf(fake.camera().latitude) - before).toBeCloseTo(WALK_SPEED_METERS_PER_SECOND * RUN_FACTOR, 1);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 6);
  });

  it('follows the ground up a slope smoothly', async () => {
    // A ramp rising 1 m in every 10 m north.
    const { fake } = await walking((north) => GROUND + Math.max(0, north) / 10);
    fake.pointer()!.onKey!(key('down', 'KeyW'));
    const heights: number[] = [];
    for (let second = 0; second < 4; second += 1) {
      await fake.frames(30, 1 / 30);
      heights.push(fake.camera().heightMeters);
    }
    fake.pointer()!.onKey!(key('up', 'KeyW'));
    await fake.frames(60, 1 / 30);
    const north = northOf(fake.camera().latitude);
    expect(heights.every((height, index) => index === 0 || height > heights[index - 1])).toBe(true);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + north / 10 + EYE_HEIGHT_METERS, 1);
  });

  it('stops before a wall higher than eye level, and walks on when turned away', async () => {
    // A building 30 m high whose south face is 6 m north of the place.
    const wallNorth = 6;
    const { fake, controller } = await walking((north) => (north >= wallNorth ? 35 : GROUND));
    const pointer = fake.pointer()!;
    pointer.onKey!(key('down', 'KeyW'));
    await fake.frames(120, 1 / 30);
    const stoppedAt = northOf(fake.camera().latitude);
    expect(stoppedAt).toBeLessThan(wallNorth);
    expect(stoppedAt).toBeGreaterThan(wallNorth - 2);
    expect(controller.getState().blocked).toBe(true);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 6);

    pointer.onKey!(key('up', 'KeyW'));
    expect(controller.getState().blocked).toBe(false);
    pointer.onKey!(key('down', 'KeyS'));
    await fake.frames(30, 1 / 30);
    expect(northOf(fake.camera().latitude)).toBeCloseTo(stoppedAt - WALK_SPEED_METERS_PER_SECOND, 0);
    expect(controller.getState().blocked).toBe(false);
  });

  it('goes back to its last footing when a building it walked into shows up late (its tiles were not loaded)', async () => {
    // The building north of 2 m is known only from the 17th height looked up (the 9th probe or so) on.
    let samples = 0;
    const fake = fakeMap((north) => {
      samples += 1;
      return north >= 2 && samples > 16 ? 40 : GROUND;
    });
    const controller = createWalkController({ map: fake.map, requestOff: () => {} });
    await controller.enterAt(PLACE);
    fake.pointer()!.onKey!(key('down', 'KeyW'));
    await fake.frames(150, 1 / 30);
    expect(samples).toBeGreaterThan(16);
    expect(northOf(fake.camera().latitude)).toBeLessThan(2);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 6);
    expect(controller.getState().blocked).toBe(true);
  });

  it('steps down off a podium edge (lower ground is no wall)', async () => {
    const { fake } = await walking((north) => (north < 3 ? 12 : GROUND));
    fake.pointer()!.onKey!(key('down', 'KeyW'));
    await fake.frames(60, 1 / 30);
    fake.pointer()!.onKey!(key('up', 'KeyW'));
    await fake.frames(60, 1 / 30);
    expect(northOf(fake.camera().latitude)).toBeGreaterThan(5);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 2);
  });

  it('turns with the arrow keys and looks around with a drag', async () => {
    const { fake } = await walking();
    const pointer = fake.pointer()!;
    pointer.onKey!(key('down', 'ArrowRight'));
    await fake.frames(15, 1 / 30);
    pointer.onKey!(key('up', 'ArrowRight'));
    expect(fake.camera().headingDegrees).toBeCloseTo(30, 6);
    pointer.onDrag!({ phase: 'start', screen: { x: 0, y: 0 }, deltaX: 0, deltaY: 0 });
    pointer.onDrag!({ phase: 'move', screen: { x: 40, y: -20 }, deltaX: 40, deltaY: -20 });
    expect(fake.camera().headingDegrees).toBeCloseTo(40, 6);
    expect(fake.camera().pitchDegrees).toBeCloseTo(5, 6);
    expect(northOf(fake.camera().latitude)).toBeCloseTo(0, 6);
  });

  it('ignores keys it does not use and renders only while something moves', async () => {
    const { fake } = await walking();
    const pointer = fake.pointer()!;
    expect(pointer.onKey!(key('down', 'KeyQ'))).toBe(false);
    await fake.frames(5);
    expect(fake.framesWanted()).toBe(false);
    pointer.onKey!(key('down', 'KeyW'));
    expect(fake.framesWanted()).toBe(true);
    pointer.onKey!(key('up', 'KeyW'));
    await fake.frames(10);
    expect(fake.framesWanted()).toBe(false);
  });

  it('Escape asks for the tool to be switched off; switching off restores the previous view and gives everything back', async () => {
    const { fake, controller, requestOff, onExited, setControlMode } = await walking();
    expect(setControlMode).toHaveBeenLastCalledWith(FIRST_PERSON_CONTROL_MODE);
    fake.pointer()!.onKey!(key('down', 'KeyW'));
    await fake.frames(10);
    fake.escape();
    expect(requestOff).toHaveBeenCalledTimes(1);
    controller.setActive(false);
    expect(controller.getState().phase).toBe('off');
    expect(fake.camera()).toEqual(MAP_VIEW);
    expect(fake.cameraHolds()).toBe(0);
    expect(fake.pointer()).toBeUndefined();
    expect(fake.framesWanted()).toBe(false);
    expect(onExited).toHaveBeenCalledTimes(1);
    expect(setControlMode).toHaveBeenLastCalledWith(null);
  });

  it('switching off before a place is chosen leaves the view as it is, without the exit message', () => {
    const fake = fakeMap();
    const onExited = vi.fn();
    const controller = createWalkController({ map: fake.map, requestOff: () => {}, onExited });
    controller.setActive(true);
    controller.setActive(false);
    expect(fake.views).toEqual([]);
    expect(fake.pointer()).toBeUndefined();
    expect(onExited).not.toHaveBeenCalled();
  });

  it('enters at once from a search result, and drops a height sample that comes back after leaving', async () => {
    const fake = fakeMap();
    const controller = createWalkController({ map: fake.map, requestOff: () => {} });
    const entering = controller.enterAt(PLACE);
    expect(controller.getState().phase).toBe('entering');
    controller.setActive(false);
    await entering;
    expect(controller.getState().phase).toBe('off');
    expect(fake.cameraHolds()).toBe(0);
    expect(fake.camera()).toEqual(MAP_VIEW);

    await controller.enterAt(PLACE);
    expect(controller.getState().phase).toBe('walking');
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 9);
  });

  it('stands on the clicked height where no ground height is known', async () => {
    const { fake } = await walking(() => null);
    expect(fake.camera().heightMeters).toBeCloseTo(GROUND + EYE_HEIGHT_METERS, 9);
  });
});

describe('first-person view controller in a page', () => {
  it('stops walking when focus moves into a field (its key-up would never reach the map)', async () => {
    // A bare EventTarget stands for the page's document.
    const document = new EventTarget() as EventTarget & { body: object };
    document.body = {};
    vi.stubGlobal('document', document);
    try {
      const { fake } = await walking();
      fake.pointer()!.onKey!(key('down', 'KeyW'));
      await fake.frames(10, 1 / 30);
      const moved = northOf(fake.camera().latitude);
      expect(moved).toBeGreaterThan(0.5);
      const focusIn = new Event('focusin');
      Object.defineProperty(focusIn, 'target', { value: { tagName: 'INPUT' } });
      document.dispatchEvent(focusIn);
      await fake.frames(10, 1 / 30);
      expect(northOf(fake.camera().latitude)).toBeCloseTo(moved, 6);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
