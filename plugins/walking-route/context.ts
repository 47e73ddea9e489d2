import type { PlaceSearch } from '../location-search/api';
import type { WalkController } from './walkController';

/** What the lazily loaded drawer needs (lazy components take no props): the controller and the place search. */
export interface WalkDrawerContext {
  controller: WalkController;
  placeSearch: PlaceSearch;
}

let current: WalkDrawerContext | null = null;

export function setWalkDrawerContext(context: WalkDrawerContext | null): void {
  current = context;
}

export function walkDrawerContext(): WalkDrawerContext | null {
  return current;
}
