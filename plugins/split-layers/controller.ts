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
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createSplitController(map: MapFacade, baseMaps: readonly BaseMapManifest[], initial: SplitState): SplitController {
  let state = initial;
  let on = false;
  const listeners = new Set<() => void>();
  const baseMapOf = (id: string) => baseMaps.find((entry) => entry.id === id);
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
