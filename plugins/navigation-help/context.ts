import type { Registry, ToolContribution } from '../../core/plugin/types';

/** The tools registry of the active plugin, for the lazily loaded dialog (lazy components take no props). */
let tools: Registry<ToolContribution> | null = null;

export function setNavigationHelpTools(next: Registry<ToolContribution> | null): void {
  tools = next;
}

export function navigationHelpTools(): Registry<ToolContribution> | null {
  return tools;
}
