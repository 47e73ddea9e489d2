import type { PluginContext } from '../../core/plugin/types';
import type { StreetscapeController } from './controller';

/** The active plugin's controller and context, for the lazily loaded panel (lazy components take no props). */
export interface StreetscapeRuntime {
  controller: StreetscapeController;
  /** Handed to the measuring panel (plugins/streetscape/measure), which formats and copies with it. */
  ctx: PluginContext;
}

let current: StreetscapeRuntime | null = null;

export function setStreetscapeRuntime(next: StreetscapeRuntime | null): void {
  current = next;
}

export function streetscapeRuntime(): StreetscapeRuntime | null {
  return current;
}
