import type { MapStyleController } from './mapStyle';

/**
 * The active controller, for the lazily loaded drawer component (lazy components take no props).
 * Set on activation, cleared on deactivation.
 */
let current: MapStyleController | null = null;

export function setMapStyleController(controller: MapStyleController | null): void {
  current = controller;
}

export function mapStyleController(): MapStyleController | null {
  return current;
}
