import type { SlowClient } from './slowClient';

/**
 * The active slow-client controller, for the lazily loaded notice component (lazy components take no props).
 * Set on activation, cleared on deactivation.
 */
let current: SlowClient | null = null;

export function setSlowClient(controller: SlowClient | null): void {
  current = controller;
}

export function slowClient(): SlowClient | null {
  return current;
}
