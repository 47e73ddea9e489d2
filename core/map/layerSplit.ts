/**
 * Split layers (SPEC §1, issue 16): the map divided by a vertical line, each side with its own imagery and 3D Tiles.
 * Cesium draws this natively: `scene.splitPosition` (0–1 of the canvas width) and a `splitDirection` on imagery
 * layers and 3D Tiles tilesets (in Cesium 1.140 also on models, point clouds, billboards, points and Gaussian
 * splats — none of which the product splits: overlays' markers and labels stay on both sides).
 *
 * The rules are pure ({@link splitPlan}); {@link createLayerSplit} applies them to a viewer before every frame while a
 * split is on, so a tileset or imagery layer an overlay adds later (or a base map the style drawer swaps in) takes
 * its side at once, and restores every layer when the split ends.
 */
import type { LayerSplit, SplitSide } from '../plugin/types';
import type { BaseMapSource } from './baseMaps';
import { pickLayerId } from './pickTags';

/** Cesium's `SplitDirection` values (LEFT -1, NONE 0, RIGHT 1), so the pure part needs no Cesium import. */
export const SPLIT_DIRECTION: Readonly<Record<SplitSide, -1 | 0 | 1>> = Object.freeze({ left: -1, both: 0, right: 1 });

/** The divider position limited to 0–1; a value that is not a number puts it in the middle. */
export function clampSplitPosition(position: number): number {
  if (!Number.isFinite(position)) return 0.5;
  return Math.min(1, Math.max(0, position));
}

/** What a layer of the scene is, for {@link splitPlan}: the base map, a side base map, or an overlay's (by id). */
export type SplitLayerRole = { role: 'base-map' } | { role: 'side-base-map'; side: 'left' | 'right' } | { role: 'overlay'; overlayId: string | undefined };

/** The `splitDirection` a layer gets under `split`; null (no split) gives every layer NONE (both sides). */
export function splitPlan(split: LayerSplit | null, layer: SplitLayerRole): -1 | 0 | 1 {
  if (!split) return SPLIT_DIRECTION.both;
  switch (layer.role) {
    case 'base-map':
      return SPLIT_DIRECTION[split.baseMapSide ?? 'both'];
    case 'side-base-map':
      return SPLIT_DIRECTION[layer.side];
    case 'overlay':
      return SPLIT_DIRECTION[(layer.overlayId !== undefined ? split.overlaySides?.[layer.overlayId] : undefined) ?? 'both'];
  }
}

type CesiumModule = typeof import('cesium');
type Viewer = import('cesium').Viewer;
type ImageryLayer = import('cesium').ImageryLayer;

/** What the map host gives {@link createLayerSplit}. */
export interface LayerSplitHost {
  Cesium: CesiumModule;
  viewer: Viewer;
  /** The base map's imagery layers now (replaced when the style changes). */
  baseImagery(): readonly ImageryLayer[];
  /** Builds an imagery layer for a base map (the host's own way, with its adjustments), not yet added. */
  createBaseMapLayer(baseMap: BaseMapSource): ImageryLayer;
}

export interface LayerSplitControl {
  /** Starts, changes (null ends) the split; everything it changed is restored when it ends. */
  set(split: LayerSplit | null): void;
  current(): LayerSplit | null;
  dispose(): void;
}

/** Applies {@link LayerSplit}s to a viewer. */
export function createLayerSplit(host: LayerSplitHost): LayerSplitControl {
  const { Cesium, viewer } = host;
  const { scene } = viewer;
  let split: LayerSplit | null = null;
  let sideLayers: Array<{ layer: ImageryLayer; side: 'left' | 'right' }> = [];
  /** The side base maps on the map now, as a key, so an unchanged list is not reloaded on every divider move. */
  let sideBaseMapsShown = '';
  /** Layers and tilesets given a direction, so ending the split puts each back to NONE (even ones no longer tagged). */
  const touched = new Set<{ splitDirection: number }>();

  const direct = (target: { splitDirection: number }, direction: -1 | 0 | 1) => {
    if (target.splitDirection !== direction) target.splitDirection = direction as never;
    if (direction !== 0) touched.add(target);
  };

  const apply = () => {
    if (!split || viewer.isDestroyed()) return;
    const base = new Set(host.baseImagery());
    const sides = new Map(sideLayers.map((entry) => [entry.layer, entry.side] as const));
    for (let index = 0; index < viewer.imageryLayers.length; index += 1) {
      const layer = viewer.imageryLayers.get(index);
      const side = sides.get(layer);
      const role: SplitLayerRole = base.has(layer)
        ? { role: 'base-map' }
        : side
          ? { role: 'side-base-map', side }
          : { role: 'overlay', overlayId: pickLayerId(layer) };
      direct(layer as unknown as { splitDirection: number }, splitPlan(split, role));
    }
    for (let index = 0; index < scene.primitives.length; index += 1) {
      const primitive: unknown = scene.primitives.get(index);
      if (primitive instanceof Cesium.Cesium3DTileset) {
        direct(primitive as unknown as { splitDirection: number }, splitPlan(split, { role: 'overlay', overlayId: pickLayerId(primitive) }));
      }
    }
  };

  const removeSideLayers = () => {
    for (const { layer } of sideLayers) if (!viewer.isDestroyed()) viewer.imageryLayers.remove(layer, true);
    sideLayers = [];
    sideBaseMapsShown = '';
  };

  const stopApplying = scene.preUpdate.addEventListener(apply);

  const control: LayerSplitControl = {
    set(next) {
      if (viewer.isDestroyed()) return;
      split = next ? { ...next, position: clampSplitPosition(next.position) } : null;
      if (!split) {
        removeSideLayers();
        for (const target of touched) target.splitDirection = SPLIT_DIRECTION.both as never;
        touched.clear();
        scene.splitPosition = 0;
        scene.requestRender();
        return;
      }
      const sideBaseMapsKey = JSON.stringify(split.sideBaseMaps ?? []);
      if (sideBaseMapsKey !== sideBaseMapsShown) {
        removeSideLayers();
        // Just above the base map, under every overlay's imagery.
        let index = host.baseImagery().length;
        for (const { side, baseMap } of split.sideBaseMaps ?? []) {
          const layer = host.createBaseMapLayer(baseMap);
          viewer.imageryLayers.add(layer, index);
          index += 1;
          sideLayers.push({ layer, side });
        }
        sideBaseMapsShown = sideBaseMapsKey;
      }
      scene.splitPosition = split.position;
      apply();
      scene.requestRender();
    },
    current: () => split,
    dispose() {
      control.set(null);
      stopApplying();
    },
  };
  return control;
}
