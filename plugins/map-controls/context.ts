import type { CompassController } from './compass';

/** The active compass, for the lazily loaded component (lazy components take no props). */
let current: CompassController | null = null;

export function setCompass(next: CompassController | null): void {
  current = next;
}

export function compass(): CompassController | null {
  return current;
}
