import type { ShadowController } from './shadowController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: ShadowController | null = null;

export function setShadowController(next: ShadowController | null): void {
  current = next;
}

export function shadowController(): ShadowController | null {
  return current;
}
