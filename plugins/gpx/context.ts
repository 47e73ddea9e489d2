import type { GpxController } from './gpxController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: GpxController | null = null;

export function setGpxController(next: GpxController | null): void {
  current = next;
}

export function gpxController(): GpxController | null {
  return current;
}
