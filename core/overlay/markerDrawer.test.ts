import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scene } from 'cesium';
import { overlayManifestSchema, type OverlayManifest } from '../manifests/schemas';
import { toKeyedFeatures, type OverlayFeatureCollection } from './features';
import { ClusterPick, MarkerDrawer, SELECTED_SCALE, manifestMarkerStyle } from './markerDrawer';

/** Just enough of Cesium for the drawer: collections keep plain objects, positions stay in degrees. */
class FakeCollection {
  show = true;
  readonly items: Array<Record<string, unknown>> = [];
  add(options: Record<string, unknown>) {
    const item: Record<string, unknown> = {
      show: true,
      ...options,
      setImage(this: Record<string, unknown>, id: string, image: unknown) {
        this.imageId = id;
        this.image = image;
      },
    };
    this.items.push(item);
    return item;
  }
  remove(item: Record<string, unknown>) {
    this.items.splice(this.items.indexOf(item), 1);
    return true;
  }
  shown() {
    return this.items.filter((item) => item.show);
  }
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

const FakeCesium = {
  BillboardCollection: FakeCollection,
  LabelCollection: FakeCollection,
  Cartesian3: {
    fromDegrees: (longitude: number, latitude: number, height = 0) => ({ longitude, latitude, height }),
    UNIT_Z: { x: 0, y: 0, z: 1 },
    ZERO: { x: 0, y: 0, z: 0 },
  },
  Cartesian2: class {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  },
  Color: { WHITE: 'white', fromBytes: (r: number, g: number, b: number) => `rgb(${r},${g},${b})` },
  DistanceDisplayCondition: class {
    constructor(
      readonly near: number,
      readonly far: number,
    ) {}
  },
  HeightReference: { NONE: 'none', RELATIVE_TO_GROUND: 'relative' },
  VerticalOrigin: { CENTER: 'center', BOTTOM: 'bottom' },
  HorizontalOrigin: { CENTER: 'center' },
  LabelStyle: { FILL_AND_OUTLINE: 'fill-and-outline' },
  Math: { toDegrees, toRadians, PI_OVER_TWO: Math.PI / 2 },
};

function fakeScene() {
  const collections: FakeCollection[] = [];
  const preRender = new Set<() => void>();
  const camera = {
    heightMeters: 60_000,
    heading: 0,
    get positionCartographic() {
      return { longitude: toRadians(114.15), latitude: toRadians(22.35), height: this.heightMeters };
    },
    get positionWC() {
      return { x: this.heightMeters, y: 0, z: 0 };
    },
    directionWC: { x: 0, y: 0, z: -1 },
    frustum: { fovy: Math.PI / 3 },
    computeViewRectangle: () => ({ west: toRadians(113.8), south: toRadians(22.1), east: toRadians(114.5), north: toRadians(22.6) }),
    flyTo: vi.fn(),
  };
  const scene = {
    camera,
    canvas: { clientWidth: 800, clientHeight: 600 },
    drawingBufferHeight: 600,
    globe: { ellipsoid: {} },
    primitives: {
      add: (collection: FakeCollection) => (collections.push(collection), collection),
      remove: (collection: FakeCollection) => collections.splice(collections.indexOf(collection), 1),
    },
    preRender: { addEventListener: (listener: () => void) => (preRender.add(listener), () => preRender.delete(listener)) },
    isDestroyed: () => false,
    requestRender: vi.fn(),
  };
  const [billboards, labels, clusters, clusterLabels] = [0, 1, 2, 3].map((index) => () => collections[index]);
  /** Moves the camera to a height and renders a frame, `afterMs` after the previous one (fake timers). */
  const moveTo = (heightMeters: number, afterMs = 1000) => {
    vi.advanceTimersByTime(afterMs);
    camera.heightMeters = heightMeters;
    for (const listener of preRender) listener();
  };
  return { scene: scene as unknown as Scene, camera, billboards, labels, clusters, clusterLabels, moveTo };
}

const names = { 'en-US': 'Layer', 'zh-HK': '圖層', 'zh-CN': '图层' };
function manifestOf(extra: Record<string, unknown>): OverlayManifest {
  return overlayManifestSchema.parse({ id: 'layer', mode: 'GEOJSON', name: names, url: '/x', ...extra });
}

function points(count: number, properties: (index: number) => Record<string, unknown>, spread = 0.0005): OverlayFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, index) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [114.1 + (index % 10) * spread, 22.3 + Math.floor(index / 10) * spread] },
      properties: properties(index),
    })),
  };
}

function drawerFor(manifest: OverlayManifest, mobile = false) {
  const fake = fakeScene();
  const drawer = new MarkerDrawer(FakeCesium as unknown as typeof import('cesium'), fake.scene, manifest, manifestMarkerStyle(manifest), { mobile });
  return { drawer, ...fake };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MarkerDrawer heights under the chosen terrain', () => {
  const manifest = manifestOf({ display: { kind: 'point', heightOffsetMeters: 5, labelTemplate: '{name}' } });
  const withAndWithoutZ: OverlayFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.1, 22.3, 120] }, properties: { name: 'roof' } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.2, 22.4] }, properties: { name: 'ground' } },
    ],
  };

  it('stands a feature with its own altitude at that height on the adaptive terrain, and above the ground for above-ground-level', () => {
    let reference: 'absolute' | 'relative-to-ground' = 'absolute';
    const fake = fakeScene();
    const drawer = new MarkerDrawer(FakeCesium as unknown as typeof import('cesium'), fake.scene, manifest, manifestMarkerStyle(manifest), {
      mobile: false,
      heightReference: () => reference,
    });
    drawer.apply(toKeyedFeatures('layer', withAndWithoutZ, `|${reference}`));
    const placement = () =>
      fake.billboards().items.map((item) => [(item.position as { height: number }).height, item.heightReference]);
    // 120 m + 5 m above the ellipsoid; the feature without a z stays on the ground, 5 m up.
    expect(placement()).toEqual([
      [125, 'none'],
      [5, 'relative'],
    ]);
    expect(fake.labels().items.map((label) => label.heightReference)).toEqual(['none', 'relative']);
    reference = 'relative-to-ground';
    drawer.apply(toKeyedFeatures('layer', withAndWithoutZ, `|${reference}`));
    expect(placement()).toEqual([
      [125, 'relative'],
      [5, 'relative'],
    ]);
  });
});

describe('MarkerDrawer symbols', () => {
  const wind = manifestOf({
    display: { kind: 'billboard', symbol: 'arrow', rotationProperty: 'bearing', colour: '#00ff00', labelTemplate: '{name}' },
  });

  it('turns an arrow to its bearing, ground-aligned (90° points east: rotation -π/2 about north)', () => {
    const { drawer, billboards } = drawerFor(wind);
    drawer.apply(toKeyedFeatures('wind', points(1, () => ({ bearing: 90, name: 'A' }))));
    const [arrow] = billboards().items;
    expect(arrow.alignedAxis).toBe(FakeCesium.Cartesian3.UNIT_Z);
    expect(arrow.rotation).toBeCloseTo(-Math.PI / 2, 12);
    expect(arrow.imageId).toMatch(/^overlay-symbol\|arrow\|0,255,0\|/);
  });

  it("draws no arrow for 'Calm' or 'Variable' but keeps the label, and draws one when a bearing comes", () => {
    const { drawer, billboards, labels } = drawerFor(wind);
    drawer.apply(toKeyedFeatures('wind', points(2, (index) => ({ bearing: index === 0 ? 'Calm' : 'Variable', name: `S${index}` }))));
    expect(billboards().items).toHaveLength(0);
    expect(labels().items.map((label) => label.text)).toEqual(['S0', 'S1']);
    drawer.apply(toKeyedFeatures('wind', points(2, (index) => ({ bearing: index === 0 ? 'Calm' : '45', name: `S${index}` }))));
    expect(billboards().items).toHaveLength(1);
    expect(billboards().items[0].rotation).toBeCloseTo(-Math.PI / 4, 12);
    expect(labels().items).toHaveLength(2);
  });

  it('honours symbol, scale, point size, height offset, distance limits and an icon URL template', () => {
    const manifest = manifestOf({
      display: {
        kind: 'billboard',
        symbol: 'square',
        scale: 2,
        pointSizePixels: 16,
        heightOffsetMeters: 5,
        heightOffsetProperty: '_zOffset',
        minimumDistanceMeters: 10,
        maximumDistanceMeters: 9000,
      },
    });
    const { drawer, billboards } = drawerFor(manifest);
    drawer.apply(toKeyedFeatures('layer', points(1, () => ({ _zOffset: '12' }))));
    const [square] = billboards().items;
    expect(square.imageId).toMatch(/^overlay-symbol\|square\|255,0,0\|16\|/);
    expect(square.scale).toBe(2);
    expect(square.width).toBeGreaterThanOrEqual(16);
    expect((square.position as { height: number }).height).toBe(17);
    expect(square.distanceDisplayCondition).toEqual({ near: 10, far: 9000 });
    expect(square.alignedAxis).toBe(FakeCesium.Cartesian3.ZERO);

    const icons = drawerFor(manifestOf({ display: { kind: 'billboard', iconUrl: '/icons/{type}.png', colour: '#0000ff' } }));
    icons.drawer.apply(toKeyedFeatures('layer', points(1, () => ({ type: 'camera' }))));
    expect(icons.billboards().items[0]).toMatchObject({ image: '/icons/camera.png', color: 'rgb(0,0,255)' });
  });

  it('enlarges the selected marker 1.5x and restores it', () => {
    const manifest = manifestOf({ display: { kind: 'point', scale: 2, labelTemplate: '{v}' } });
    const { drawer, billboards, labels } = drawerFor(manifest);
    const keyed = toKeyedFeatures('layer', points(2, (index) => ({ v: index })));
    drawer.apply(keyed);
    drawer.select(keyed[1].id);
    expect(billboards().items.map((billboard) => billboard.scale)).toEqual([2, 2 * SELECTED_SCALE]);
    expect(labels().items[1].scale).toBe(0.5 * SELECTED_SCALE);
    drawer.select(null);
    expect(billboards().items.map((billboard) => billboard.scale)).toEqual([2, 2]);
  });
});

describe('MarkerDrawer clustering', () => {
  const clustered = manifestOf({ display: { kind: 'point', labelTemplate: '{v}' }, cluster: { enabled: true } });

  it('clusters close markers when high up, drawing no billboard or label for members, and draws them when low', () => {
    const { drawer, billboards, labels, clusters, clusterLabels, moveTo } = drawerFor(clustered);
    const keyed = toKeyedFeatures('layer', points(30, (index) => ({ v: index })));
    drawer.apply(keyed);
    expect(drawer.clusters).toBe(1);
    expect(billboards().items).toHaveLength(0);
    expect(labels().items).toHaveLength(0);
    expect(drawer.isDrawnAlone(keyed[0].id)).toBe(false);
    expect(clusters().shown()).toHaveLength(1);
    expect(clusterLabels().shown().map((label) => label.text)).toEqual(['30']);

    moveTo(100);
    expect(drawer.clusters).toBe(0);
    expect(clusters().shown()).toHaveLength(0);
    expect(clusterLabels().shown()).toHaveLength(0);
    expect(billboards().items).toHaveLength(30);
    expect(labels().items.map((label) => label.text)).toContain('29');
    expect(drawer.isDrawnAlone(keyed[0].id)).toBe(true);
  });

  it('keeps realtime updates of clustered markers and draws them with their latest values', () => {
    const { drawer, labels, moveTo } = drawerFor(clustered);
    drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ v: index }))));
    drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ v: index + 100 }))));
    moveTo(100);
    expect(labels().items.map((label) => label.text).sort()).toEqual(Array.from({ length: 30 }, (_, index) => String(index + 100)).sort());
  });

  it('labels a cluster with the sum of sumProperty, a non-numeric value counting 1', () => {
    const manifest = manifestOf({ display: { kind: 'point' }, cluster: { enabled: true, sumProperty: 'n' } });
    const { drawer, clusterLabels } = drawerFor(manifest);
    drawer.apply(toKeyedFeatures('layer', points(4, (index) => ({ n: index === 3 ? 'N/A' : 10 }))));
    expect(clusterLabels().shown().map((label) => label.text)).toEqual(['31']);
  });

  it('does not cluster on a mobile device, nor a layer with more than one billboard kind', () => {
    const mobile = drawerFor(clustered, true);
    mobile.drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ v: index }))));
    expect(mobile.drawer.clusters).toBe(0);
    expect(mobile.billboards().items).toHaveLength(30);

    const mixed = drawerFor(manifestOf({ display: { kind: 'billboard', iconUrl: '/icons/{type}.png' }, cluster: { enabled: true } }));
    mixed.drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ type: index % 2 === 0 ? 'a' : 'b' }))));
    expect(mixed.drawer.clusters).toBe(0);
    expect(mixed.billboards().items).toHaveLength(30);
    mixed.drawer.apply(toKeyedFeatures('layer', points(30, () => ({ type: 'a' }))));
    expect(mixed.drawer.clusters).toBeGreaterThan(0);
  });

  it('re-clusters on camera moves at most once per throttle interval, catching up the last move', () => {
    const { drawer, moveTo, scene } = drawerFor(clustered);
    drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ v: index }))));
    expect(drawer.clusters).toBeGreaterThan(0);
    moveTo(100);
    expect(drawer.clusters).toBe(0);
    moveTo(60_000, 40);
    expect(drawer.clusters).toBe(0);
    vi.advanceTimersByTime(60);
    expect(drawer.clusters).toBeGreaterThan(0);
    expect(scene.requestRender).toHaveBeenCalled();
  });

  it('flies in toward a clicked cluster, no higher than 3230 m, and ignores other picks', () => {
    const { drawer, clusters, camera } = drawerFor(clustered);
    drawer.apply(toKeyedFeatures('layer', points(30, (index) => ({ v: index }))));
    const pick = { id: clusters().shown()[0].id };
    expect(pick.id).toBeInstanceOf(ClusterPick);
    expect(drawer.handlePick(pick)).toBe(true);
    const flight = camera.flyTo.mock.calls[0][0] as { destination: { height: number; longitude: number } };
    expect(flight.destination.height).toBeLessThanOrEqual(3230);
    expect(flight.destination.longitude).toBeCloseTo(114.1 + 0.0045 / 2, 3);
    expect(drawer.handlePick({ id: 'layer|||114.1|||22.3|||Point' })).toBe(false);
    expect(drawer.handlePick(undefined)).toBe(false);
    const other = drawerFor(clustered);
    expect(other.drawer.handlePick(pick)).toBe(false);
  });
});

describe('MarkerDrawer depth-test control', () => {
  const tdssimg = manifestOf({
    display: { kind: 'billboard', symbol: 'camera', labelTemplate: '{v}' },
    cluster: { enabled: true },
    depthTestControl: { enabled: true, distance: 500, hideCluster: true },
  });

  it('switches depth test off and hides clusters below 500 m, and back above', () => {
    const { drawer, billboards, labels, clusters, moveTo } = drawerFor(tdssimg);
    // 30 cameras within 20 m and one far away, drawn on its own with depth test on.
    const cameras = points(30, (index) => ({ v: index }), 0.00002);
    cameras.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [114.3, 22.45] }, properties: { v: 'far' } });
    drawer.apply(toKeyedFeatures('tdssimg', cameras));
    moveTo(2000);
    expect(drawer.depthTestDisabled).toBe(false);
    expect(drawer.clusters).toBe(1);
    expect(billboards().items).toHaveLength(1);
    expect(billboards().items.every((billboard) => billboard.disableDepthTestDistance === 0)).toBe(true);

    moveTo(400);
    expect(drawer.depthTestDisabled).toBe(true);
    expect(billboards().items.every((billboard) => billboard.disableDepthTestDistance === Number.POSITIVE_INFINITY)).toBe(true);
    expect(labels().items.every((label) => label.disableDepthTestDistance === Number.POSITIVE_INFINITY)).toBe(true);
    expect(drawer.clusters).toBe(0);
    expect(clusters().shown()).toHaveLength(0);
    expect(billboards().items).toHaveLength(31);

    moveTo(600);
    expect(drawer.depthTestDisabled).toBe(false);
    expect(billboards().items.every((billboard) => billboard.disableDepthTestDistance === 0)).toBe(true);
    expect(drawer.clusters).toBeGreaterThan(0);
  });

  it('without the control markers are always drawn through terrain', () => {
    const { drawer, billboards, moveTo } = drawerFor(manifestOf({ display: { kind: 'point' } }));
    drawer.apply(toKeyedFeatures('layer', points(3, () => ({}))));
    moveTo(100);
    expect(drawer.depthTestDisabled).toBe(true);
    expect(billboards().items.every((billboard) => billboard.disableDepthTestDistance === Number.POSITIVE_INFINITY)).toBe(true);
  });
});
