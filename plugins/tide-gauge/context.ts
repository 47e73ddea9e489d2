import type { TideGaugeController } from './controller';

/** The controller for the lazily loaded drawer (lazy components take no props). Set on activation, cleared on deactivation. */
let current: TideGaugeController | null = null;

export function setTideGauge(next: TideGaugeController | null): void {
  current = next;
}

export function tideGauge(): TideGaugeController | null {
  return current;
}
