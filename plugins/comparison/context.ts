import type { ComparisonController } from './controller';

/** The controller for the lazily loaded drawer (lazy components take no props). Set on activation, cleared on deactivation. */
let current: ComparisonController | null = null;

export function setComparison(next: ComparisonController | null): void {
  current = next;
}

export function comparison(): ComparisonController | null {
  return current;
}
