import type { IndoorController } from './controller';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: { controller: IndoorController; wallViewOffered: boolean } | null = null;

export function setIndoorController(next: { controller: IndoorController; wallViewOffered: boolean } | null): void {
  current = next;
}

export function indoorController(): { controller: IndoorController; wallViewOffered: boolean } | null {
  return current;
}
