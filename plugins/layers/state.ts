import type { AnalyticsEmitter } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';

/**
 * Shows or hides overlays through the core store and emits `feature::on` / `feature::off` (SPEC §7) for each
 * overlay whose state actually changed. Returns the ids that changed.
 */
export function setOverlaysShown(
  services: { store: AppStore; analytics: AnalyticsEmitter },
  ids: ReadonlyArray<string>,
  shown: boolean,
): string[] {
  const changed: string[] = [];
  for (const id of ids) {
    const before = services.store.getState().overlays[id]?.shown ?? false;
    if (before === shown) continue;
    services.store.getState().setOverlayShown(id, shown);
    changed.push(id);
    try {
      services.analytics.emit({ name: shown ? 'feature::on' : 'feature::off', id });
    } catch (error) {
      console.error('layers: analytics emit failed', error);
    }
  }
  return changed;
}
