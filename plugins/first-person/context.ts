import type { WalkController } from './walkController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: WalkController | null = null;

export function setWalkController(next: WalkController | null): void {
  current = next;
}

export function walkController(): WalkController | null {
  return current;
}
