import type { MultiViewController } from './controller';

/** The active controller, for the lazily loaded panel and for api.ts (lazy components take no props). */
let current: MultiViewController | null = null;

export function setMultiViewController(next: MultiViewController | null): void {
  current = next;
}

export function multiViewController(): MultiViewController | null {
  return current;
}
