import type { RailwayIdentify } from './railwayIdentify';

/** The active tool and its refresh interval, for the lazily loaded panel (lazy components take no props). */
let current: { tool: RailwayIdentify; refreshIntervalMs: number } | null = null;

export function setRailwayIdentify(next: { tool: RailwayIdentify; refreshIntervalMs: number } | null): void {
  current = next;
}

export function railwayIdentify(): { tool: RailwayIdentify; refreshIntervalMs: number } | null {
  return current;
}
