/**
 * Split layers while on: keeps the state (splitState.ts), asks the map for the split (`ctx.map.setLayerSplit`) and
 * ends it (null: every layer restored) when the mode goes off.
 */
import type { BaseMapManifest } from '../../core/manifests/schemas';
import type { MapFacade } from '../../core/plugin/types';
import { layerSplitOf, type SplitState } from './splitState';

export interface SplitController {
  state(): SplitState;
  /** Replaces the state; applied at once while the split is on. */
  set(next: SplitState): void;
  /** Starts (true) or ends (false) the split on the map. */
  setOn(on: boolean): void;
  isOn(): boolean;
  /** Asks the map again (a base map turned out to be unavailable). */
  refresh(): void;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** `available(id)`: whether a base map's tiles are there; an unavailable style is not drawn on its side. */
export function createSplitController(
  map: MapFacade,
  baseMaps: readonly BaseMapManifest[],
  initial: SplitState,
  available: (baseMapId: string) => boolean = () => true,
): SplitController {
  let state = initial;
  let on = false;
  const listeners = new Set<() => void>();
  const baseMapOf = (id: string) => (available(id) ? baseMaps.find((entry) => entry.id === id) : undefined);
  const apply = () => map.setLayerSplit(on ? layerSplitOf(state, baseMapOf) : null);
  const changed = () => listeners.forEach((listener) => listener());
  return {
    state: () => state,
    set(next) {
      state = next;
      if (on) apply();
      changed();
    },
    setOn(next) {
      if (next === on) return;
      on = next;
      apply();
      changed();
    },
    isOn: () => on,
    refresh() {
      if (on) apply();
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (on) map.setLayerSplit(null);
      on = false;
      listeners.clear();
    },
  };
}
