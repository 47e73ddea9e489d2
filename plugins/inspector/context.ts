import type { InspectorController } from './inspectorController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: InspectorController | null = null;

export function setInspectorController(next: InspectorController | null): void {
  current = next;
}

export function inspectorController(): InspectorController | null {
  return current;
}
