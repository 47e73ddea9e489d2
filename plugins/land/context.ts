import type { PluginContext } from '../../core/plugin/types';
import type { LotSearch } from './lotSearch';

/** What the lazily loaded drawer needs (lazy components take no props): set on activation, cleared after. */
export interface LandContext {
  ctx: PluginContext;
  lotSearch: LotSearch;
}

let current: LandContext | null = null;

export function setLandContext(context: LandContext | null): void {
  current = context;
}

export function landContext(): LandContext | null {
  return current;
}
