import { describe, expect, it, vi } from 'vitest';
import type { BaseMapManifest, TerrainManifest } from '../manifests/schemas';
import type { CameraChange, CameraState, CameraView } from '../plugin/types';
import { createCameraMirror, resolveCompanionSources, sameCamera, type MirroredCamera } from './companionViews';

const CENTRAL: CameraState = { longitude: 114.158, latitude: 22.282, heightMeters: 3000, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 };

/**
 * A camera like the map's: `setView` moves it, and the change is reported after the next frame (as the map host's
 * post-render event does), read back with a rounding error like Cesium's matrices give.
 */
function fakeCamera(start: CameraState | null = null) {
  let state = start;
  const listeners = new Set<(state: CameraState, change: CameraChange) => void>();
  const pending: CameraState[] = [];
  const camera: MirroredCamera & { frame(): void; userMove(next: CameraState): void; setViews: number } = {
    setViews: 0,
    cameraState: () => state,
    setView(view: CameraView) {
      camera.setViews += 1;
      state = {
        longitude: view.longitude + 1e-10,
        latitude: view.latitude - 1e-10,
        heightMeters: view.heightMeters + 1e-6,
        headingDegrees: (view.headingDegrees ?? 0) + 1e-9,
        pitchDegrees: view.pitchDegrees ?? -90,
        rollDegrees: view.rollDegrees ?? 0,
      };
      pending.push(state);
    },
    onCameraChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    frame() {
      for (const reported of pending.splice(0)) for (const listener of [...listeners]) listener(reported, { moveEnded: false });
    },
    userMove(next) {
      state = next;
      pending.push(next);
      camera.frame();
    },
  };
  return camera;
}

describe('camera mirror', () => {
  it('puts a camera that joins where the first one is', () => {
    const main = fakeCamera(CENTRAL);
    const companion = fakeCamera();
    const mirror = createCameraMirror();
    mirror.add(main);
    mirror.add(companion);
    expect(companion.cameraState()?.longitude).toBeCloseTo(CENTRAL.longitude, 8);
    expect(main.setViews).toBe(0);
  });

  it('copies a move in any camera to all the others, both ways, without echoing back', () => {
    const main = fakeCamera(CENTRAL);
    const left = fakeCamera();
    const right = fakeCamera();
    const mirror = createCameraMirror();
    for (const camera of [main, left, right]) mirror.add(camera);
    for (const camera of [main, left, right]) camera.frame();
    const before = { main: main.setViews, left: left.setViews, right: right.setViews };

    const moved = { ...CENTRAL, longitude: 114.17, headingDegrees: 30 };
    left.userMove(moved);
    // The others hear of it once; their own reports of that view (echoes) go nowhere.
    for (let round = 0; round < 5; round += 1) for (const camera of [main, left, right]) camera.frame();
    expect(main.setViews - before.main).toBe(1);
    expect(right.setViews - before.right).toBe(1);
    expect(left.setViews - before.left).toBe(0);
    expect(main.cameraState()?.headingDegrees).toBeCloseTo(30, 6);

    main.userMove({ ...moved, heightMeters: 1500 });
    for (let round = 0; round < 5; round += 1) for (const camera of [main, left, right]) camera.frame();
    expect(left.cameraState()?.heightMeters).toBeCloseTo(1500, 3);
    expect(right.cameraState()?.heightMeters).toBeCloseTo(1500, 3);
    expect(main.setViews - before.main).toBe(1);
  });

  it('follows a flight frame by frame without cutting it short', () => {
    const main = fakeCamera(CENTRAL);
    const companion = fakeCamera();
    const mirror = createCameraMirror();
    mirror.add(main);
    mirror.add(companion);
    companion.frame();
    const mainSetViews = main.setViews;
    for (let step = 1; step <= 10; step += 1) {
      main.userMove({ ...CENTRAL, heightMeters: 3000 - step * 100 });
      companion.frame();
    }
    expect(companion.cameraState()?.heightMeters).toBeCloseTo(2000, 3);
    expect(main.setViews).toBe(mainSetViews);
  });

  it('stops copying to a camera taken out, and everything on dispose', () => {
    const main = fakeCamera(CENTRAL);
    const companion = fakeCamera();
    const mirror = createCameraMirror();
    mirror.add(main);
    const leave = mirror.add(companion);
    leave();
    main.userMove({ ...CENTRAL, latitude: 22.3 });
    expect(companion.cameraState()?.latitude).toBeCloseTo(CENTRAL.latitude, 6);
    const other = fakeCamera();
    mirror.add(other);
    mirror.dispose();
    main.userMove({ ...CENTRAL, latitude: 22.35 });
    expect(other.cameraState()?.latitude).toBeCloseTo(22.3, 6);
  });

  it('keeps going when one camera refuses a view', () => {
    const main = fakeCamera(CENTRAL);
    const broken = fakeCamera();
    const fine = fakeCamera();
    const mirror = createCameraMirror();
    mirror.add(main);
    mirror.add(broken);
    mirror.add(fine);
    broken.setView = vi.fn(() => {
      throw new RangeError('no');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    main.userMove({ ...CENTRAL, longitude: 114.2 });
    expect(fine.cameraState()?.longitude).toBeCloseTo(114.2, 8);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('tells an echo from a move', () => {
    expect(sameCamera(CENTRAL, { ...CENTRAL, longitude: CENTRAL.longitude + 1e-9, headingDegrees: 359.999 })).toBe(true);
    expect(sameCamera(CENTRAL, { ...CENTRAL, longitude: CENTRAL.longitude + 1e-5 })).toBe(false);
    expect(sameCamera(CENTRAL, { ...CENTRAL, heightMeters: 3000.5 })).toBe(false);
    expect(sameCamera(CENTRAL, { ...CENTRAL, pitchDegrees: -89 })).toBe(false);
  });
});

const baseMap = (id: string, extra: Partial<BaseMapManifest> = {}) =>
  ({ id, kind: 'xyz', url: `/tiles/${id}/{z}/{x}/{y}.png`, style: id, minimumLevel: 0, maximumLevel: 18, brightness: 1, contrast: 1, hue: 0, saturation: 1, ...extra }) as unknown as BaseMapManifest;
const terrain = (id: string, kind: TerrainManifest['kind'], url?: string) => ({ id, kind, url }) as unknown as TerrainManifest;

describe('what a companion view spec draws', () => {
  const baseMaps = [baseMap('relief', { default: true } as Partial<BaseMapManifest>), baseMap('dark')];
  const terrains = [terrain('adaptive', 'adaptive', '/terrain/hk'), terrain('ellipsoid', 'ellipsoid')];

  it('takes the named base map and terrain', () => {
    expect(resolveCompanionSources({ baseMapId: 'dark', terrainId: 'ellipsoid' }, baseMaps, terrains, '/terrain/hk')).toMatchObject({
      baseMap: { id: 'dark' },
      terrainUrl: null,
    });
  });

  it('defaults to the default base map and terrain; a terrain URL wins over an id', () => {
    expect(resolveCompanionSources({}, baseMaps, terrains, '/terrain/hk')).toMatchObject({ baseMap: { id: 'relief' }, terrainUrl: '/terrain/hk' });
    expect(resolveCompanionSources({ terrainId: 'ellipsoid', terrainUrl: '/terrain/srtm-2000' }, baseMaps, terrains, '/terrain/hk').terrainUrl).toBe(
      '/terrain/srtm-2000',
    );
  });

  it('names an unknown id', () => {
    expect(() => resolveCompanionSources({ baseMapId: 'sepia' }, baseMaps, terrains, null)).toThrow(/base map "sepia"/);
    expect(() => resolveCompanionSources({ terrainId: 'lidar' }, baseMaps, terrains, null)).toThrow(/terrain "lidar"/);
  });
});
