import type { MeasurementController } from './measurementController';

/** The active controller, for the lazily loaded panel (lazy components take no props). */
let current: MeasurementController | null = null;

export function setMeasurementController(next: MeasurementController | null): void {
  current = next;
}

export function measurementController(): MeasurementController | null {
  return current;
}
