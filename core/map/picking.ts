/**
 * Picking and feature highlight (DESIGN "Core offers picking"): what lies under a screen point — a 3D Tiles
 * feature (its overlay id from core/map/pickTags and its properties) and the surface position — and a way to
 * colour a picked feature and restore it. Identify, the inspector and the analysis tools all read this one pick.
 */
import type { Cesium3DTileFeature, Viewer } from 'cesium';
import type { Disposer, MapPickResult, PickedFeature, ScreenPoint } from '../plugin/types';
import { pickLayerId } from './pickTags';

type CesiumModule = typeof import('cesium');

/** The colour a highlighted feature gets unless the caller names one: bright yellow, seen on every map style. */
export const DEFAULT_HIGHLIGHT_COLOUR = '#ffd400';

/** The Cesium feature behind each {@link PickedFeature} handed out, so a highlight can reach it without exposing Cesium. */
const tileFeatures = new WeakMap<PickedFeature, Cesium3DTileFeature>();

/**
 * A feature's property ids. Cesium 1.140's `Cesium3DTileFeature.getPropertyIds` hands its batch id to glTF
 * content's feature table where that table expects the result array (3D Tiles 1.1 content), so that table is
 * asked directly when the feature's own call yields nothing.
 */
function propertyIdsOf(feature: Cesium3DTileFeature): string[] {
  try {
    const ids = feature.getPropertyIds([]);
    if (Array.isArray(ids) && ids.length > 0) return ids;
  } catch {
    // fall through to the content's table
  }
  try {
    const table = ((feature as unknown as { content: unknown }).content as { batchTable?: { getPropertyIds(results: string[]): string[] } }).batchTable;
    const ids = table?.getPropertyIds([]);
    return Array.isArray(ids) ? ids : [];
  } catch {
    return [];
  }
}

/** Copies a feature's properties into a plain object (typed arrays become plain arrays). */
export function featureProperties(feature: Cesium3DTileFeature): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const id of propertyIdsOf(feature)) {
    const value: unknown = feature.getProperty(id);
    properties[id] = ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value;
  }
  return properties;
}

/** The middle of the map's canvas, CSS pixels. */
export function canvasCentre(viewer: Viewer): ScreenPoint {
  const canvas = viewer.scene.canvas;
  return { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
}

/**
 * Picks at `screen`. `alreadyPicked` is the result of `scene.pick` there when the caller has it (a click handler
 * that already picked for other listeners), so the scene is not picked twice.
 */
export function pickAt(Cesium: CesiumModule, viewer: Viewer, screen: ScreenPoint, alreadyPicked?: unknown): MapPickResult | null {
  const { scene, camera } = viewer;
  const windowPosition = new Cesium.Cartesian2(screen.x, screen.y);
  const picked: unknown = alreadyPicked !== undefined ? alreadyPicked : scene.pick(windowPosition);
  let feature: PickedFeature | null = null;
  if (picked instanceof Cesium.Cesium3DTileFeature) {
    feature = { layerId: pickLayerId(picked.tileset), properties: featureProperties(picked) };
    tileFeatures.set(feature, picked);
  }
  let point: import('cesium').Cartesian3 | undefined;
  let surface: MapPickResult['surface'] = null;
  // Depth picking gives the point on the model's roof or wall; the globe pick below would go through the model.
  if (feature && scene.pickPositionSupported) {
    point = scene.pickPosition(windowPosition);
    if (point) surface = 'model';
  }
  if (!point) {
    const ray = camera.getPickRay(windowPosition);
    point = ray ? scene.globe.pick(ray, scene) : undefined;
    if (point) surface = viewer.terrainProvider instanceof Cesium.EllipsoidTerrainProvider ? 'ellipsoid' : 'terrain';
  }
  if (!point) {
    point = camera.pickEllipsoid(windowPosition);
    if (point) surface = 'ellipsoid';
  }
  const cartographic = point ? Cesium.Cartographic.fromCartesian(point) : undefined;
  const position = cartographic
    ? { longitude: Cesium.Math.toDegrees(cartographic.longitude), latitude: Cesium.Math.toDegrees(cartographic.latitude), heightMeters: cartographic.height }
    : null;
  if (!position && !feature) return null;
  return {
    screen: { x: screen.x, y: screen.y },
    feature,
    hitOtherObject: picked !== undefined && picked !== null && !feature,
    position,
    surface: position ? surface : null,
  };
}

/** Colours the feature behind `picked`; the disposer puts its colour back (once). Unknown or unloaded features: no-op. */
export function highlightFeature(Cesium: CesiumModule, picked: PickedFeature, colour: string, requestRender: () => void): Disposer {
  const feature = tileFeatures.get(picked);
  if (!feature) return () => {};
  let original: import('cesium').Color;
  try {
    original = feature.color.clone();
    feature.color = Cesium.Color.fromCssColorString(colour);
  } catch (error) {
    console.warn('highlight: the feature is no longer drawn', error);
    return () => {};
  }
  requestRender();
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    try {
      if (!feature.tileset.isDestroyed()) feature.color = original;
    } catch {
      // The tile was unloaded (and its features freed) since: nothing left to restore.
    }
    requestRender();
  };
}
