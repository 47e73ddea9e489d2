/**
 * See-through ground (issue 17: underground station floors are hidden by the terrain): while a tool holds it, the
 * globe is drawn translucent — everywhere, or only inside the union of the holds' boxes — so what lies under the
 * ground shows through it. {@link createGroundTranslucency} keeps the holds and works out what the globe shows
 * (plain code over a {@link GroundTranslucencyBackend}); {@link cesiumGroundTranslucencyBackend} applies it to
 * Cesium's `globe.translucency`.
 *
 * Several holds combine: the most see-through alpha wins, and the boxes are joined (a hold without a box makes the
 * whole globe translucent). The last disposer gives the globe back as it was (opaque).
 */
import type { Viewer } from 'cesium';
import type { Disposer, GeoBounds, GroundTranslucencyHold } from '../plugin/types';

type CesiumModule = typeof import('cesium');

/** What the globe should show: null = opaque (no hold). */
export interface GroundTranslucencyState {
  /** 0 (invisible) to 1 (opaque). */
  alpha: number;
  /** Only inside this box (degrees); null = the whole globe. */
  bounds: GeoBounds | null;
}

export interface GroundTranslucencyBackend {
  apply(state: GroundTranslucencyState | null): void;
}

export interface GroundTranslucency {
  hold(hold: GroundTranslucencyHold): Disposer;
  current(): GroundTranslucencyState | null;
}

function checkedHold(hold: GroundTranslucencyHold): GroundTranslucencyHold {
  if (!Number.isFinite(hold.alpha) || hold.alpha < 0 || hold.alpha > 1) {
    throw new RangeError(`ground translucency: alpha must be a number from 0 to 1, got ${String(hold.alpha)}`);
  }
  const box = hold.bounds;
  if (box) {
    const { west, south, east, north } = box;
    if (![west, south, east, north].every(Number.isFinite) || west > east || south > north || south < -90 || north > 90) {
      throw new RangeError(`ground translucency: bounds must be finite degrees with west ≤ east and south ≤ north, got ${JSON.stringify(box)}`);
    }
  }
  return { alpha: hold.alpha, bounds: box ? { ...box } : undefined };
}

/** Combines holds: lowest alpha; the union of the boxes, or null when any hold covers the whole globe. */
export function combineGroundTranslucency(holds: ReadonlyArray<GroundTranslucencyHold>): GroundTranslucencyState | null {
  if (holds.length === 0) return null;
  const alpha = Math.min(...holds.map((hold) => hold.alpha));
  if (holds.some((hold) => !hold.bounds)) return { alpha, bounds: null };
  const boxes = holds.map((hold) => hold.bounds as GeoBounds);
  return {
    alpha,
    bounds: {
      west: Math.min(...boxes.map((box) => box.west)),
      south: Math.min(...boxes.map((box) => box.south)),
      east: Math.max(...boxes.map((box) => box.east)),
      north: Math.max(...boxes.map((box) => box.north)),
    },
  };
}

export function createGroundTranslucency(backend: GroundTranslucencyBackend): GroundTranslucency {
  const holds = new Map<symbol, GroundTranslucencyHold>();
  let state: GroundTranslucencyState | null = null;
  const update = () => {
    state = combineGroundTranslucency([...holds.values()]);
    backend.apply(state);
  };
  return {
    hold(hold) {
      const key = Symbol('ground translucency');
      holds.set(key, checkedHold(hold));
      update();
      return () => {
        if (holds.delete(key)) update();
      };
    },
    current: () => state,
  };
}

/** Cesium's globe translucency: front and back faces at the alpha, limited to the box (Cesium's `rectangle`). */
export function cesiumGroundTranslucencyBackend(Cesium: CesiumModule, viewer: Viewer): GroundTranslucencyBackend {
  return {
    apply(state) {
      if (viewer.isDestroyed()) return;
      const translucency = viewer.scene.globe.translucency;
      translucency.enabled = state !== null;
      if (state) {
        translucency.frontFaceAlpha = state.alpha;
        translucency.backFaceAlpha = state.alpha;
        translucency.rectangle = state.bounds
          ? Cesium.Rectangle.fromDegrees(state.bounds.west, state.bounds.south, state.bounds.east, state.bounds.north)
          : Cesium.Rectangle.MAX_VALUE;
      }
      viewer.scene.requestRender();
    },
  };
}
