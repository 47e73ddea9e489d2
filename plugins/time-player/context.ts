import type { SceneClock } from '../../core/plugin/types';
import type { TimePlayerController } from './timePlayerController';

/** What the lazily loaded bar and the api need (lazy components take no props). Set on activation, cleared on deactivation. */
export interface TimePlayerContext {
  controller: TimePlayerController;
  clock: SceneClock;
}

let current: TimePlayerContext | null = null;

export function setTimePlayer(next: TimePlayerContext | null): void {
  current = next;
}

export function timePlayer(): TimePlayerContext | null {
  return current;
}
