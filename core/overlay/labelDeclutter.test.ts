import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Label, Scene } from 'cesium';
import { LABEL_DEPTH_TEST_BELOW_METERS } from './declutter';
import { DECLUTTER_REFRESH_MS, DECLUTTER_THROTTLE_MS, labelDeclutterFor, type LabelEntry, type LabelSource } from './labelDeclutter';

/** A label whose screen box is given directly (Cesium's box function is faked to read it). */
interface FakeLabel {
  show: boolean;
  text: string;
  scale: number;
  box: { x: number; y: number; width: number; height: number };
  position: { x: number; y: number; z: number };
  disableDepthTestDistance: number;
  distanceDisplayCondition?: { near: number; far: number };
  computeScreenSpacePosition(): { x: number; y: number };
}

const fakeLabel = (text: string, x: number, y: number, width = 80): FakeLabel => ({
  show: true,
  text,
  scale: 0.5,
  box: { x, y, width, height: 16 },
  position: { x: 0, y: 0, z: 0 },
  disableDepthTestDistance: Number.POSITIVE_INFINITY,
  computeScreenSpacePosition() {
    return { x: this.box.x + this.box.width / 2, y: this.box.y + this.box.height / 2 };
  },
});

const FakeCesium = {
  Label: { getScreenSpaceBoundingBox: (label: FakeLabel) => label.box },
  Cartesian3: { distance: () => 1000 },
  VerticalOrigin: { CENTER: 0, BOTTOM: 1, BASELINE: 2 },
} as unknown as typeof import('cesium');

function fakeScene() {
  const preRender = new Set<() => void>();
  const camera = { height: 50_000, x: 0, positionWC: { x: 0, y: 0, z: 0 }, directionWC: { x: 0, y: 0, z: -1 } };
  const scene = {
    camera: {
      get positionWC() {
        return { x: camera.x, y: 0, z: camera.height };
      },
      directionWC: camera.directionWC,
      get positionCartographic() {
        return { height: camera.height };
      },
    },
    canvas: { clientWidth: 800, clientHeight: 600 },
    preRender: { addEventListener: (listener: () => void) => (preRender.add(listener), () => preRender.delete(listener)) },
    isDestroyed: () => false,
    requestRender: vi.fn(),
  };
  const frame = () => {
    for (const listener of preRender) listener();
  };
  return { scene: scene as unknown as Scene, camera, frame, preRender };
}

function source(overlay: string, priority: number, labels: FakeLabel[], occludable = true): LabelSource {
  return {
    collectLabels(out: LabelEntry[]) {
      labels.forEach((label, index) => out.push({ key: `${overlay}|${index}`, label: label as unknown as Label, priority, occludable }));
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('label declutter of a scene', () => {
  it('is one per scene, across overlays: a colliding lower-priority label of another overlay is hidden', () => {
    const { scene, frame } = fakeScene();
    const district = fakeLabel('Central and Western', 100, 100);
    const reading = fakeLabel('6.1 mg/L', 130, 104);
    const landmark = fakeLabel('Former Central Magistracy', 400, 300);
    const declutter = labelDeclutterFor(FakeCesium, scene);
    expect(labelDeclutterFor(FakeCesium, scene)).toBe(declutter);
    const off1 = declutter.register(source('annotation-districts', 90, [district]));
    const off2 = declutter.register(source('marine', 50, [reading, landmark]));
    frame();
    expect([district.show, reading.show, landmark.show]).toEqual([true, false, true]);
    // The district overlay goes: its room frees and the reading comes back on the next frame.
    off1();
    frame();
    expect(reading.show).toBe(true);
    off2();
  });

  it('runs on camera moves at most once per throttle interval, and catches up the last move', () => {
    const { scene, camera, frame } = fakeScene();
    const a = fakeLabel('a', 0, 0);
    const b = fakeLabel('b', 300, 0);
    const declutter = labelDeclutterFor(FakeCesium, scene);
    const off = declutter.register(source('x', 50, [a, b]));
    frame();
    expect(b.show).toBe(true);
    // The camera zooms out: b slides onto a; within the throttle nothing is re-run yet.
    camera.x = 1;
    b.box = { ...b.box, x: 20 };
    frame();
    expect(b.show).toBe(true);
    vi.advanceTimersByTime(DECLUTTER_THROTTLE_MS);
    expect(b.show).toBe(false);
    expect(scene.requestRender).toHaveBeenCalled();
    // Zooming back in: b has room again and shows.
    vi.advanceTimersByTime(1000);
    camera.x = 2;
    b.box = { ...b.box, x: 300 };
    frame();
    expect(b.show).toBe(true);
    off();
  });

  it('measures again once frames stop, though the camera did not move (labels re-clamped to finer terrain)', () => {
    const { scene, frame } = fakeScene();
    const a = fakeLabel('a', 0, 0);
    const b = fakeLabel('b', 300, 0);
    const off = labelDeclutterFor(FakeCesium, scene).register(source('x', 50, [a, b]));
    frame();
    expect(b.show).toBe(true);
    // During the frame Cesium moved b onto a; no frame follows.
    b.box = { ...b.box, x: 10 };
    vi.advanceTimersByTime(DECLUTTER_REFRESH_MS - 1);
    expect(b.show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(b.show).toBe(false);
    expect(scene.requestRender).toHaveBeenCalledTimes(1);
    // Nothing changes any more: the trailing pass draws no further frame (an idle map stays idle).
    frame();
    vi.advanceTimersByTime(DECLUTTER_REFRESH_MS * 3);
    expect(scene.requestRender).toHaveBeenCalledTimes(1);
    off();
  });

  it('ignores labels off the canvas or out of their distance range (they take no room)', () => {
    const { scene, frame } = fakeScene();
    const far = fakeLabel('far', 100, 100);
    far.distanceDisplayCondition = { near: 0, far: 500 };
    const off = fakeLabel('off', -500, 100);
    const near = fakeLabel('near', 110, 100);
    const declutter = labelDeclutterFor(FakeCesium, scene);
    const remove = declutter.register(source('x', 90, [far, off]));
    const remove2 = declutter.register(source('y', 10, [near]));
    frame();
    expect(near.show).toBe(true);
    remove();
    remove2();
  });

  it('depth-tests occludable labels only when the camera is close', () => {
    const { scene, camera, frame } = fakeScene();
    const name = fakeLabel('Sheung Wan', 0, 0);
    const cluster = fakeLabel('12', 300, 0);
    const declutter = labelDeclutterFor(FakeCesium, scene);
    const off1 = declutter.register(source('names', 40, [name]));
    const off2 = declutter.register(source('cameras', 50, [cluster], false));
    frame();
    expect(name.disableDepthTestDistance).toBe(Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(1000);
    camera.height = LABEL_DEPTH_TEST_BELOW_METERS - 100;
    frame();
    expect(name.disableDepthTestDistance).toBe(0);
    expect(cluster.disableDepthTestDistance).toBe(Number.POSITIVE_INFINITY);
    off1();
    off2();
  });
});
