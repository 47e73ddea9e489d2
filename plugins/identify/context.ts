import type { IdentifyController } from './identifyController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: IdentifyController | null = null;

export function setIdentifyController(next: IdentifyController | null): void {
  current = next;
}

export function identifyController(): IdentifyController | null {
  return current;
}
