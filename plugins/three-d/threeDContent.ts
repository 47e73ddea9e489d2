/**
 * SPEC §2 "only-3D functions": the 3D spatial data on or off. Off hides every 3D Tiles overlay (through the store's
 * overlay flags the overlay engine follows, remembering which were shown), clears the temporary graphics that need
 * 3D (routes, hiking tracks: `ctx.map.setThreeDContent`) — core closes every drawer and switches off the tools that
 * `requiresThreeD`. On brings the hidden overlays back.
 */
import type { MapFacade, OverlayContribution, Registry } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';

export interface ThreeDContent {
  dispose(): void;
}

export function followThreeDContent(options: { store: AppStore; map: MapFacade; overlays: Pick<Registry<OverlayContribution>, 'list'> }): ThreeDContent {
  const { store, map, overlays } = options;
  /** 3D Tiles overlays this switched off, to show again when 3D returns. */
  const hidden = new Set<string>();
  const tilesetIds = () => overlays.list().filter((overlay) => overlay.manifest.mode === '3DTILES').map((overlay) => overlay.id);

  const apply = (threeD: boolean) => {
    map.setThreeDContent(threeD);
    const state = store.getState();
    if (!threeD) {
      // Also catches a 3D layer switched on in the layer tree while 3D is off.
      for (const id of tilesetIds()) {
        if (!state.overlays[id]?.shown) continue;
        hidden.add(id);
        state.setOverlayShown(id, false);
      }
      return;
    }
    const restore = [...hidden];
    hidden.clear();
    for (const id of restore) state.setOverlayShown(id, true);
  };

  let threeDBefore = store.getState().threeD;
  if (!threeDBefore) apply(false);
  const unsubscribe = store.subscribe((state) => {
    if (state.threeD !== threeDBefore) {
      threeDBefore = state.threeD;
      apply(state.threeD);
    } else if (!state.threeD && tilesetIds().some((id) => state.overlays[id]?.shown)) {
      apply(false);
    }
  });
  return {
    dispose() {
      unsubscribe();
      if (!store.getState().threeD) map.setThreeDContent(true);
    },
  };
}
