import type { CareTeamController } from './careTeams';

/** The active controller, for the lazily loaded drawer (lazy components take no props). */
let current: CareTeamController | null = null;

export function setCareTeamController(next: CareTeamController | null): void {
  current = next;
}

export function careTeamController(): CareTeamController | null {
  return current;
}
