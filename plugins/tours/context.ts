import type { AppStore } from '../../core/store/appStore';
import type { TourPlayer } from './tourPlayer';

/** What the lazily loaded panel needs (lazy components take no props). Set on activation, cleared on deactivation. */
export interface ToursContext {
  player: TourPlayer;
  store: AppStore;
}

let current: ToursContext | null = null;

export function setTours(next: ToursContext | null): void {
  current = next;
}

export function tours(): ToursContext | null {
  return current;
}
