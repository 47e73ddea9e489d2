import type { PluginContext } from '../../core/plugin/types';

/** The active plugin context for the lazily loaded search box (lazy components take no props). */
let current: PluginContext | null = null;

export function setLocationSearchContext(context: PluginContext | null): void {
  current = context;
}

export function locationSearchContext(): PluginContext | null {
  return current;
}
