import type { AppStore } from '../../core/store/appStore';

/**
 * Shows or hides overlays through the core store; core reports `<overlay id>::on|off` (SPEC §7) for each
 * overlay whose state actually changed. Returns the ids that changed.
 */
export function setOverlaysShown(
  services: { store: AppStore },
  ids: ReadonlyArray<string>,
  shown: boolean,
): string[] {
  const changed: string[] = [];
  for (const id of ids) {
    const before = services.store.getState().overlays[id]?.shown ?? false;
    if (before === shown) continue;
    services.store.getState().setOverlayShown(id, shown);
    changed.push(id);
  }
  return changed;
}
