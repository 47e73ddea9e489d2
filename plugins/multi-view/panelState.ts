import type { MultiViewChoices } from './choices';

/** What the lazily loaded panel reads and does (set by the plugin while active). */
export interface MultiViewPanelModel {
  choices(): MultiViewChoices;
  /** The base maps, `available` false when the server said its tiles are not there. */
  knownBaseMaps(): Array<{ id: string; name: string; available: boolean }>;
  knownTerrains(): Array<{ id: string; name: string }>;
  /** Why the views could not open (English, from the error), null when they did. */
  problem(): string | null;
  /** Whether the multi view on screen is the tool's (not another plugin's through api.ts). */
  isToolOpen(): boolean;
  choose(next: MultiViewChoices): void;
  exit(): void;
}

type Panel = MultiViewPanelModel & { subscribe(listener: () => void): () => void; version(): number; changed(): void };

let current: Panel | null = null;

/** Registers the panel's model (null: the plugin is gone); returns it with its change notifications. */
export function setMultiViewPanel(model: MultiViewPanelModel): Panel;
export function setMultiViewPanel(model: null): null;
export function setMultiViewPanel(model: MultiViewPanelModel | null): Panel | null {
  if (!model) {
    current = null;
    return null;
  }
  const listeners = new Set<() => void>();
  let version = 0;
  current = {
    ...model,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    changed() {
      version += 1;
      listeners.forEach((listener) => listener());
    },
  };
  return current;
}

export function multiViewPanel(): Panel | null {
  return current;
}
