import { describe, expect, it } from 'vitest';
import type { LayerSplit } from '../plugin/types';
import { clampSplitPosition, SPLIT_DIRECTION, splitPlan } from './layerSplit';

describe('layer split rules', () => {
  const split: LayerSplit = { position: 0.4, baseMapSide: 'left', overlaySides: { buildings: 'right', lotgla: 'both' } };

  it('gives each layer the side the split names', () => {
    expect(splitPlan(split, { role: 'base-map' })).toBe(SPLIT_DIRECTION.left);
    expect(splitPlan(split, { role: 'side-base-map', side: 'right' })).toBe(SPLIT_DIRECTION.right);
    expect(splitPlan(split, { role: 'overlay', overlayId: 'buildings' })).toBe(SPLIT_DIRECTION.right);
    expect(splitPlan(split, { role: 'overlay', overlayId: 'lotgla' })).toBe(SPLIT_DIRECTION.both);
  });

  it('shows on both sides what the split does not name, and everything when there is no split', () => {
    expect(splitPlan(split, { role: 'overlay', overlayId: 'zoning-plans' })).toBe(0);
    expect(splitPlan(split, { role: 'overlay', overlayId: undefined })).toBe(0);
    expect(splitPlan({ position: 0.5 }, { role: 'base-map' })).toBe(0);
    expect(splitPlan(null, { role: 'base-map' })).toBe(0);
    expect(splitPlan(null, { role: 'side-base-map', side: 'left' })).toBe(0);
  });

  it("uses Cesium's SplitDirection values", async () => {
    const { SplitDirection } = await import('cesium');
    expect(SPLIT_DIRECTION).toEqual({ left: SplitDirection.LEFT, both: SplitDirection.NONE, right: SplitDirection.RIGHT });
  });

  it('keeps the divider on the map', () => {
    expect(clampSplitPosition(0.3)).toBe(0.3);
    expect(clampSplitPosition(-0.2)).toBe(0);
    expect(clampSplitPosition(1.7)).toBe(1);
    expect(clampSplitPosition(Number.NaN)).toBe(0.5);
  });
});

describe('applying a split to a viewer', async () => {
  const { createLayerSplit } = await import('./layerSplit');
  const { setPickLayerId } = await import('./pickTags');

  class FakeTileset {
    splitDirection = 0;
  }
  const fakeViewer = () => {
    const layers: Array<{ splitDirection: number; name: string }> = [];
    const primitives: unknown[] = [];
    const preUpdate = new Set<() => void>();
    return {
      layers,
      primitives,
      frame: () => preUpdate.forEach((listener) => listener()),
      viewer: {
        isDestroyed: () => false,
        imageryLayers: {
          get length() {
            return layers.length;
          },
          get: (index: number) => layers[index],
          add: (layer: { splitDirection: number; name: string }, index: number) => void layers.splice(index, 0, layer),
          remove: (layer: { splitDirection: number; name: string }) => void layers.splice(layers.indexOf(layer), 1),
        },
        scene: {
          splitPosition: 0,
          requestRender: () => {},
          primitives: { get length() { return primitives.length; }, get: (index: number) => primitives[index] },
          preUpdate: { addEventListener: (listener: () => void) => (preUpdate.add(listener), () => preUpdate.delete(listener)) },
        },
      },
    };
  };

  it('puts each layer on its side, adds side base maps, takes in layers added later and restores everything', () => {
    const fake = fakeViewer();
    const base = { splitDirection: 0, name: 'relief' };
    const lots = { splitDirection: 0, name: 'lots' };
    setPickLayerId(lots, 'lotgla');
    fake.layers.push(base, lots);
    const control = createLayerSplit({
      Cesium: { Cesium3DTileset: FakeTileset } as never,
      viewer: fake.viewer as never,
      baseImagery: () => [base as never],
      createBaseMapLayer: (baseMap) => ({ splitDirection: 0, name: baseMap.url }) as never,
    });
    const dark = { kind: 'xyz', url: 'dark', minimumLevel: 0, maximumLevel: 18, brightness: 1, contrast: 1, hue: 0, saturation: 1 } as const;
    control.set({ position: 0.3, baseMapSide: 'left', sideBaseMaps: [{ side: 'right', baseMap: dark }], overlaySides: { lotgla: 'right', buildings: 'left' } });
    expect(fake.viewer.scene.splitPosition).toBe(0.3);
    expect(fake.layers.map((layer) => [layer.name, layer.splitDirection])).toEqual([
      ['relief', -1],
      ['dark', 1],
      ['lots', 1],
    ]);
    // The buildings' tileset arrives after the split started: it takes its side before the next frame.
    const buildings = new FakeTileset();
    setPickLayerId(buildings, 'buildings');
    fake.primitives.push(buildings);
    fake.frame();
    expect(buildings.splitDirection).toBe(-1);
    // Moving the divider keeps the same side base map (not reloaded).
    const darkLayer = fake.layers[1];
    control.set({ position: 0.6, baseMapSide: 'left', sideBaseMaps: [{ side: 'right', baseMap: dark }], overlaySides: { lotgla: 'right', buildings: 'left' } });
    expect(fake.layers[1]).toBe(darkLayer);
    expect(control.current()?.position).toBe(0.6);

    control.set(null);
    expect(fake.layers.map((layer) => [layer.name, layer.splitDirection])).toEqual([
      ['relief', 0],
      ['lots', 0],
    ]);
    expect(buildings.splitDirection).toBe(0);
    expect(control.current()).toBeNull();
  });
});
