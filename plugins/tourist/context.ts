import type { PluginContext } from '../../core/plugin/types';

/** The plugin's context for the lazily loaded drawer (lazy components take no props). Cleared on deactivation. */
let current: PluginContext | null = null;

export function setTourist(context: PluginContext | null): void {
  current = context;
}

export function touristContext(): PluginContext | null {
  return current;
}
