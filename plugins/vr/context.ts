import type { VrController } from './vrController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: VrController | null = null;

export function setVrController(next: VrController | null): void {
  current = next;
}

export function vrController(): VrController | null {
  return current;
}
