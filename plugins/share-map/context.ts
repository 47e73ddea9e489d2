import type { AppStore } from '../../core/store/appStore';
import type { ShareMapConfig } from './config';
import type { ShareController } from './shareController';

/** What the lazily loaded panel needs (lazy components take no props). Set on activation, cleared on deactivation. */
export interface ShareMapContext {
  controller: ShareController;
  config: ShareMapConfig;
  store: AppStore;
}

let current: ShareMapContext | null = null;

export function setShareMap(next: ShareMapContext | null): void {
  current = next;
}

export function shareMap(): ShareMapContext | null {
  return current;
}
