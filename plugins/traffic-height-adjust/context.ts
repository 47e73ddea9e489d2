import type { TrafficHeightController } from './trafficHeightController';

/** What the lazily loaded panel needs (lazy components take no props). */
export interface TrafficHeightContext {
  controller: TrafficHeightController;
  overlayId: string;
  limitMeters: number;
  debounceMs: number;
}

let current: TrafficHeightContext | null = null;

export function setTrafficHeight(next: TrafficHeightContext | null): void {
  current = next;
}

export function trafficHeight(): TrafficHeightContext | null {
  return current;
}
