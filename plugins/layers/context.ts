import type { PluginContext } from '../../core/plugin/types';

/**
 * The active plugin context, for the lazily loaded drawer component (lazy components take no props).
 * Set on activation, cleared on deactivation.
 */
let current: PluginContext | null = null;

export function setLayersContext(context: PluginContext | null): void {
  current = context;
}

export function layersContext(): PluginContext | null {
  return current;
}
