import type { DownloadSelectionController } from './selectionController';

/** The active controller and config, for the lazily loaded panel (lazy components take no props). */
let current: { controller: DownloadSelectionController; metadataId: string } | null = null;

export function setDownloadSelection(next: typeof current): void {
  current = next;
}

export function downloadSelection(): typeof current {
  return current;
}
