import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { CameraState, PointerMode } from '../../core/plugin/types';
import { createVrController, VR_TOOL, type OrientationSource } from './vrController';

const MAP_VIEW: CameraState = { longitude: 114.17, latitude: 22.28, heightMeters: 800, headingDegrees: 350, pitchDegrees: -20, rollDegrees: 0 };

function fakeOrientation(permission?: 'granted' | 'denied') {
  const listeners = new Set<(event: { alpha: number | null }) => void>();
  const source: OrientationSource = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    requestPermission: permission ? vi.fn(() => Promise.resolve(permission)) : undefined,
  };
  return { source, listeners, turn: (alpha: number | null) => listeners.forEach((listener) => listener({ alpha })) };
}

function setup(options: { viewer?: unknown; permission?: 'granted' | 'denied' } = {}) {
  const scene = { useWebVR: false };
  let camera: CameraState = { ...MAP_VIEW };
  const pointers: PointerMode[] = [];
  let cameraHolds = 0;
  let frameListeners = 0;
  const map = createNoopMapFacade({
    viewer: () => (options.viewer === undefined ? { scene } : options.viewer),
    cameraState: () => ({ ...camera }),
    setView: (view) => {
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
      return () => void (cameraHolds -= 1);
    },
    onFrame: () => {
      frameListeners += 1;
      return () => void (frameListeners -= 1);
    },
  });
  const orientation = fakeOrientation(options.permission);
  const requestOff = vi.fn();
  const onUnavailable = vi.fn();
  const controller = createVrController({ map, requestOff, onUnavailable, orientation: orientation.source });
  return {
    controller,
    scene,
    orientation,
    requestOff,
    onUnavailable,
    camera: () => camera,
    pointer: () => pointers.at(-1),
    cameraHolds: () => cameraHolds,
    frameListeners: () => frameListeners,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('VR controller', () => {
  it('switches the stereo view on and off, holding the camera, the pointer and the frames only meanwhile', async () => {
    const vr = setup();
    vr.controller.setActive(true);
    await settle();
    expect(vr.scene.useWebVR).toBe(true);
    expect(vr.controller.getState()).toEqual({ active: true, steering: 'drag', sensorsRefused: false });
    expect(vr.cameraHolds()).toBe(1);
    expect(vr.frameListeners()).toBe(1);
    expect(vr.pointer()?.id).toBe(VR_TOOL);

    vr.controller.setActive(false);
    expect(vr.scene.useWebVR).toBe(false);
    expect(vr.controller.getState().active).toBe(false);
    expect(vr.cameraHolds()).toBe(0);
    expect(vr.frameListeners()).toBe(0);
    expect(vr.pointer()).toBeUndefined();
    expect(vr.orientation.listeners.size).toBe(0);
  });

  it('looks around by dragging and puts the camera back on leaving', async () => {
    const vr = setup();
    vr.controller.setActive(true);
    await settle();
    vr.pointer()!.onDrag!({ phase: 'move', screen: { x: 0, y: 0 }, deltaX: 80, deltaY: 40 });
    expect(vr.camera().headingDegrees).toBeCloseTo(10, 6);
    expect(vr.camera().pitchDegrees).toBeCloseTo(-30, 6);
    expect(vr.camera().longitude).toBe(MAP_VIEW.longitude);
    vr.controller.setActive(false);
    expect(vr.camera()).toEqual(MAP_VIEW);
  });

  it('says the device steers once it reports an orientation (a null reading is no sensor)', async () => {
    const vr = setup();
    vr.controller.setActive(true);
    await settle();
    vr.orientation.turn(null);
    expect(vr.controller.getState().steering).toBe('drag');
    vr.orientation.turn(123);
    expect(vr.controller.getState().steering).toBe('orientation');
  });

  it("asks for the motion sensors where the browser wants permission, and says when they are refused", async () => {
    const granted = setup({ permission: 'granted' });
    granted.controller.setActive(true);
    expect(granted.orientation.source.requestPermission).toHaveBeenCalledTimes(1);
    await settle();
    expect(granted.controller.getState().sensorsRefused).toBe(false);

    const refused = setup({ permission: 'denied' });
    refused.controller.setActive(true);
    await settle();
    await settle();
    expect(refused.controller.getState()).toMatchObject({ active: true, steering: 'drag', sensorsRefused: true });
    expect(refused.scene.useWebVR).toBe(true);
  });

  it('Escape asks for the tool to be switched off', async () => {
    const vr = setup();
    vr.controller.setActive(true);
    await settle();
    vr.pointer()!.onEnd!();
    expect(vr.requestOff).toHaveBeenCalledTimes(1);
  });

  it('without a map scene it reports why and switches itself off, holding nothing', async () => {
    const vr = setup({ viewer: null });
    vr.controller.setActive(true);
    await settle();
    expect(vr.onUnavailable).toHaveBeenCalledTimes(1);
    expect(vr.requestOff).toHaveBeenCalledTimes(1);
    expect(vr.cameraHolds()).toBe(0);
    vr.controller.setActive(false);
    expect(vr.controller.getState().active).toBe(false);
  });

  it('a scene that refuses stereo (e.g. an orthographic camera) is reported the same way', async () => {
    const scene = {
      set useWebVR(_value: boolean) {
        throw new Error('VR is unsupported with an orthographic projection.');
      },
      get useWebVR() {
        return false;
      },
    };
    const vr = setup({ viewer: { scene } });
    vr.controller.setActive(true);
    await settle();
    expect(vr.onUnavailable).toHaveBeenCalledWith(expect.objectContaining({ message: 'VR is unsupported with an orthographic projection.' }));
    expect(vr.cameraHolds()).toBe(0);
  });

  it('switched off before the map is ready, it never turns stereo on', async () => {
    const vr = setup();
    vr.controller.setActive(true);
    vr.controller.setActive(false);
    await settle();
    expect(vr.scene.useWebVR).toBe(false);
    expect(vr.cameraHolds()).toBe(0);
  });
});
