/**
 * Whether the map's tool bars and drawer bar show each button's name as text beside its icon: a setting of this
 * browser (localStorage), shared by every bar on the page and kept across reloads. Without storage (private mode,
 * blocked) it still switches for the page's life.
 */
import { useSyncExternalStore } from 'react';

export const TOOL_LABELS_STORAGE_KEY = 'hk3dmap.toolLabels';

const listeners = new Set<() => void>();
let memory: boolean | null = null;

function read(): boolean {
  if (memory !== null) return memory;
  try {
    memory = window.localStorage.getItem(TOOL_LABELS_STORAGE_KEY) === 'on';
  } catch {
    memory = false;
  }
  return memory;
}

export function setToolLabels(on: boolean): void {
  memory = on;
  try {
    if (on) window.localStorage.setItem(TOOL_LABELS_STORAGE_KEY, 'on');
    else window.localStorage.removeItem(TOOL_LABELS_STORAGE_KEY);
  } catch {
    // no storage: the setting lasts as long as the page
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The setting, re-rendering its users when it changes. */
export function useToolLabels(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
