import type { CyclingController } from './cycling';

/** The active controller, for the lazily loaded drawer (lazy components take no props). */
let current: CyclingController | null = null;

export function setCyclingController(next: CyclingController | null): void {
  current = next;
}

export function cyclingController(): CyclingController | null {
  return current;
}
