import type { PluginContext } from '../../core/plugin/types';
import type { CrossSectionController } from './crossSectionController';

/** What the lazily loaded panel and layer-drawer section need (lazy components take no props). */
export interface CrossSectionServices {
  controller: CrossSectionController;
  ctx: PluginContext;
  /** Opens the tool with a given line (the heritage cross-section); false when refused (a phone). */
  openLine: CrossSectionOpener;
}
export type CrossSectionOpener = (points: ReadonlyArray<{ longitude: number; latitude: number }>, mark?: Parameters<CrossSectionController['open']>[1]) => boolean;

let current: CrossSectionServices | null = null;

export function setCrossSection(next: CrossSectionServices | null): void {
  current = next;
}

export function crossSection(): CrossSectionServices | null {
  return current;
}
