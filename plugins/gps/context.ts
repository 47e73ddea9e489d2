import type { GpsController } from './gpsController';

/** The active controller, for the lazily loaded status panel (lazy components take no props). */
let current: GpsController | null = null;

export function setGpsController(next: GpsController | null): void {
  current = next;
}

export function gpsController(): GpsController | null {
  return current;
}
