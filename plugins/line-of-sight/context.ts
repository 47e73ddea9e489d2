import type { SightController } from './lineOfSightController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: SightController | null = null;

export function setLineOfSightController(next: SightController | null): void {
  current = next;
}

export function lineOfSightController(): SightController | null {
  return current;
}
