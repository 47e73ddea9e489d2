import type { ViewshedController } from './viewshedController';

/** The active controller, for the lazily loaded drawer (lazy components take no props). Cleared on deactivation. */
let current: ViewshedController | null = null;

export function setViewshedController(next: ViewshedController | null): void {
  current = next;
}

export function viewshedController(): ViewshedController | null {
  return current;
}
