import { describe, expect, it } from 'vitest';
import type { MapHost } from '../map/mapHost';
import { CameraLimitController, clampCameraPose, combineCameraLimits } from './cameraLimits';
import { asCesium, createFakeCesium } from './testing/fakeCesium';

const LOT = { maximumHeightMeters: 500, maximumPitchDegrees: -25 };

describe('clampCameraPose', () => {
  it('keeps the camera at or below the height and looking at least 25° down', () => {
    expect(clampCameraPose({ heightMeters: 2000, pitchDegrees: -60 }, LOT)).toEqual({ heightMeters: 500, pitchDegrees: -60 });
    expect(clampCameraPose({ heightMeters: 300, pitchDegrees: -10 }, LOT)).toEqual({ heightMeters: 300, pitchDegrees: -25 });
    expect(clampCameraPose({ heightMeters: 800, pitchDegrees: 5 }, LOT)).toEqual({ heightMeters: 500, pitchDegrees: -25 });
  });

  it('leaves a pose within the limits (or a hair off them) alone', () => {
    expect(clampCameraPose({ heightMeters: 499, pitchDegrees: -90 }, LOT)).toBeNull();
    expect(clampCameraPose({ heightMeters: 500.001, pitchDegrees: -24.999 }, LOT)).toBeNull();
    expect(clampCameraPose({ heightMeters: 9000, pitchDegrees: 0 }, {})).toBeNull();
    expect(clampCameraPose({ heightMeters: 9000, pitchDegrees: 0 }, { maximumPitchDegrees: -25 })).toEqual({ heightMeters: 9000, pitchDegrees: -25 });
  });

  it('combines several overlays to the strictest limits', () => {
    expect(combineCameraLimits([LOT, { maximumHeightMeters: 300 }, { maximumPitchDegrees: -10 }])).toEqual({ maximumHeightMeters: 300, maximumPitchDegrees: -25 });
    expect(combineCameraLimits([])).toEqual({});
  });
});

describe('CameraLimitController', () => {
  function setUp() {
    const fake = createFakeCesium();
    type CameraListener = (state: unknown, change: { moveEnded: boolean }) => void;
    const cameraListeners = new Set<CameraListener>();
    const host = {
      cesium: () => asCesium(fake),
      viewer: () => fake.viewer,
      onCameraChanged: (listener: CameraListener) => (cameraListeners.add(listener), () => cameraListeners.delete(listener)),
    } as unknown as MapHost;
    const moveEnd = () => cameraListeners.forEach((listener) => listener({}, { moveEnded: true }));
    /** A frame drawn while the camera moves (a flight on its way). */
    const frameMidMove = () => cameraListeners.forEach((listener) => listener({}, { moveEnded: false }));
    return { fake, controller: new CameraLimitController(host), moveEnd, frameMidMove, cameraListeners };
  }

  it('flies down when switched on above the height, clamps after moves, and restores the controller when off', () => {
    const { fake, controller, moveEnd, frameMidMove, cameraListeners } = setUp();
    const sscc = fake.scene.screenSpaceCameraController;
    sscc.maximumZoomDistance = 40_000_000;
    controller.set('lotgla', LOT);
    expect(fake.camera.flights).toHaveLength(1);
    // Over the place at the centre of the view, not over where the high tilted camera stood.
    expect(fake.camera.positionCartographic).toMatchObject({ longitude: 2.0001, latitude: 0.3901, height: 500 });
    expect((fake.camera.pitch * 180) / Math.PI).toBeCloseTo(-25, 9);
    expect(sscc.maximumZoomDistance).toBe(500);
    expect((sscc.maximumTiltAngle! * 180) / Math.PI).toBeCloseTo(65, 9);
    // The user tilts up: left alone while the camera moves (a correction mid-flight would cut a framing flight
    // short), clamped back on moveEnd, without a flight.
    fake.camera.pitch = 0;
    fake.camera.centre = { longitude: 2.5, latitude: 0.5, height: 0 };
    frameMidMove();
    expect(fake.camera.pitch).toBe(0);
    moveEnd();
    expect((fake.camera.pitch * 180) / Math.PI).toBeCloseTo(-25, 9);
    expect(fake.camera.flights).toHaveLength(1);
    // A clamp after a move stays where the camera is.
    expect(fake.camera.positionCartographic).toMatchObject({ longitude: 2.0001, latitude: 0.3901 });
    controller.set('lotgla', null);
    expect(sscc.maximumZoomDistance).toBe(40_000_000);
    expect(sscc.maximumTiltAngle).toBeUndefined();
    expect(cameraListeners.size).toBe(0);
    fake.camera.pitch = 0;
    moveEnd();
    expect(fake.camera.pitch).toBe(0);
  });

  it('an overlay without limits changes nothing', () => {
    const { fake, controller } = setUp();
    controller.set('temperature', null);
    controller.set('temperature', {});
    expect(fake.camera.views).toEqual([]);
    expect(controller.active()).toBeNull();
  });
});
