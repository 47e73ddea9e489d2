import type { RoutingController } from './routingController';

/** The active controller, for the lazily loaded drawer component (lazy components take no props). */
let current: RoutingController | null = null;

export function setRoutingController(controller: RoutingController | null): void {
  current = controller;
}

export function routingController(): RoutingController | null {
  return current;
}
