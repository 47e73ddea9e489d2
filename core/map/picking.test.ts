import { describe, expect, it } from 'vitest';
import { highlightFeature, pickAt } from './picking';
import { setPickLayerId } from './pickTags';

/** Just enough of Cesium for picking: features, positions in degrees (x = longitude, y = latitude, z = height). */
class FakeColour {
  constructor(readonly css: string) {}
  clone() {
    return new FakeColour(this.css);
  }
}
class Cesium3DTileFeature {
  color = new FakeColour('white');
  constructor(
    readonly tileset: object & { isDestroyed(): boolean },
    private readonly properties: Record<string, unknown>,
  ) {}
  getPropertyIds() {
    return Object.keys(this.properties);
  }
  getProperty(id: string) {
    return this.properties[id];
  }
}
class EllipsoidTerrainProvider {}
const fakeCesium = {
  Cartesian2: class {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  },
  Cesium3DTileFeature,
  EllipsoidTerrainProvider,
  Cartographic: { fromCartesian: (point: { x: number; y: number; z: number }) => ({ longitude: point.x, latitude: point.y, height: point.z }) },
  Math: { toDegrees: (value: number) => value },
  Color: { fromCssColorString: (css: string) => new FakeColour(css) },
} as unknown as typeof import('cesium');

function fakeViewer(options: { picked?: unknown; depth?: object; globe?: object; ellipsoid?: object; terrain?: object }) {
  return {
    scene: {
      pick: () => options.picked,
      pickPositionSupported: true,
      pickPosition: () => options.depth,
      globe: { pick: () => options.globe },
    },
    camera: { getPickRay: () => ({}), pickEllipsoid: () => options.ellipsoid },
    terrainProvider: options.terrain ?? {},
  } as unknown as import('cesium').Viewer;
}

const tileset = { isDestroyed: () => false };
setPickLayerId(tileset, 'buildings');

describe('picking', () => {
  it('names the 3D Tiles feature hit, its overlay and properties, with the depth-picked point on the model', () => {
    const feature = new Cesium3DTileFeature(tileset, { id: 'B1', height: 305, bbox: new Float64Array([1, 2]) });
    const result = pickAt(fakeCesium, fakeViewer({ picked: feature, depth: { x: 114.16, y: 22.28, z: 310 }, globe: { x: 114.16, y: 22.28, z: 7 } }), { x: 5, y: 6 });
    expect(result).toEqual({
      screen: { x: 5, y: 6 },
      feature: { layerId: 'buildings', properties: { id: 'B1', height: 305, bbox: [1, 2] } },
      hitOtherObject: false,
      position: { longitude: 114.16, latitude: 22.28, heightMeters: 310 },
      surface: 'model',
    });
  });

  it('falls back from the model to the terrain, the ellipsoid, and gives null for the sky', () => {
    const ground = { x: 114.2, y: 22.3, z: 40 };
    expect(pickAt(fakeCesium, fakeViewer({ globe: ground }), { x: 0, y: 0 })?.surface).toBe('terrain');
    expect(pickAt(fakeCesium, fakeViewer({ globe: ground, terrain: new EllipsoidTerrainProvider() }), { x: 0, y: 0 })?.surface).toBe('ellipsoid');
    expect(pickAt(fakeCesium, fakeViewer({ ellipsoid: { x: 114, y: 22, z: 0 } }), { x: 0, y: 0 })?.surface).toBe('ellipsoid');
    expect(pickAt(fakeCesium, fakeViewer({}), { x: 0, y: 0 })).toBeNull();
    const marker = pickAt(fakeCesium, fakeViewer({ picked: { id: 'aqhi|||114,22|||point' }, globe: ground }), { x: 0, y: 0 });
    expect(marker?.hitOtherObject).toBe(true);
    expect(marker?.feature).toBeNull();
  });

  it('highlights a picked feature and restores its colour once', () => {
    const feature = new Cesium3DTileFeature(tileset, { id: 'B2' });
    const picked = pickAt(fakeCesium, fakeViewer({ picked: feature, depth: { x: 0, y: 0, z: 0 } }), { x: 0, y: 0 })!;
    let renders = 0;
    const restore = highlightFeature(fakeCesium, picked.feature!, '#ffd400', () => (renders += 1));
    expect((feature.color as FakeColour).css).toBe('#ffd400');
    restore();
    feature.color = new FakeColour('red');
    restore();
    expect((feature.color as FakeColour).css).toBe('red');
    expect(renders).toBe(2);
    expect(highlightFeature(fakeCesium, { layerId: undefined, properties: {} }, '#fff', () => {})).toBeTypeOf('function');
  });
});
