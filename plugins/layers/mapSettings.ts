import type { Disposer, MapFacade } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';

/**
 * Keeps the map on the store's terrain and textured mode: applies both once (a value set before the map existed
 * counts) and then every change, so the drawer only writes the store.
 */
export function followMapSettings(store: AppStore, map: Pick<MapFacade, 'setTerrain' | 'setTextured'>): Disposer {
  let { terrain, textured } = store.getState();
  void map.setTerrain(terrain.kind, terrain.url);
  map.setTextured(textured);
  return store.subscribe((state) => {
    if (state.terrain !== terrain) {
      terrain = state.terrain;
      void map.setTerrain(terrain.kind, terrain.url);
    }
    if (state.textured !== textured) {
      textured = state.textured;
      map.setTextured(textured);
    }
  });
}
