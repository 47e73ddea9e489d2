/**
 * What other plugins may use of the indoor plugin: the 3D indoor map that is open (venue, floors top to bottom,
 * current floor, the ground height its relative heights start from) and switching its floor. The open map lives
 * in the store slice `plugins.indoor`, so a component that reads it with `useAppStore(readOpenIndoorMap)`
 * re-renders when the map opens, closes or changes floor.
 *
 * Heights in the indoor feeds (and in the station routing answers) are metres relative to the ground at the venue:
 * draw at `groundHeightMeters + relativeHeight` (ellipsoid metres).
 */
import type { AppState } from '../../core/store/appStore';
import type { PluginContext } from '../../core/plugin/types';
import { indoorSlice, type IndoorFloor, type IndoorVenueType, type OpenIndoorMap } from './state';

export type { IndoorFloor, IndoorVenueType, OpenIndoorMap };

/** The open 3D indoor map, or null while none is open or the one chosen is still loading (or failed). */
export function readOpenIndoorMap(state: AppState): OpenIndoorMap | null {
  const slice = indoorSlice.select(state);
  return slice.status === 'open' ? slice.map : null;
}

/**
 * Makes `floorId` the current floor of the open map (the indoor plugin then draws it opaque and the others faint or
 * hidden). Does nothing when no map is open or the open map has no such floor.
 */
export function showIndoorFloor(ctx: Pick<PluginContext, 'store'>, floorId: string): void {
  const map = readOpenIndoorMap(ctx.store.getState());
  if (!map || map.currentFloorId === floorId || !map.floors.some((floor) => floor.floorId === floorId)) return;
  indoorSlice.update(ctx.store, (slice) => {
    if (slice.map) slice.map.currentFloorId = floorId;
  });
}
