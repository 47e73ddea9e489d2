import type { AeController } from './aeController';

/** The active controller, for the lazily loaded drawer component (lazy components take no props). */
let current: AeController | null = null;

export function setAeController(controller: AeController | null): void {
  current = controller;
}

export function aeController(): AeController | null {
  return current;
}
