/**
 * What other plugins may use of multi view (first used by the then-and-now comparison): open two to four
 * synchronised views of the same place, the first of which may be the main map as it is, the others companion
 * views built from a declarative spec (base map, terrain or terrain URL, buildings, GeoJSON / imagery layers).
 * It is the same multi view as the tool's — the core mode `multiView`, exclusive with split layers, suspended by
 * themed functions — so the handle's `onClose` says when the user (or a rule) ended it.
 */
import { multiViewController } from './context';
import type { MultiViewHandle, ViewSpec } from './controller';

export type { CompanionViewChoice, MainViewSpec, MultiViewHandle, ViewSpec } from './controller';

/**
 * Opens `views` (2–4; on a phone the first two) in place of the map, closing any multi view open; waits for the map
 * when called before it exists (a shared link at start-up). Rejects with an
 * `Error` saying why: the multi-view plugin is not in this variant, a view spec names an unknown base map or terrain,
 * a layer failed to load, or the map is not on the page. `owner` names the caller (the tool's panel shows its own
 * choices only while the multi view is the tool's).
 */
export async function openMultiView(views: readonly ViewSpec[], owner: string): Promise<MultiViewHandle> {
  const controller = multiViewController();
  if (!controller) throw new Error('multi view: the multi-view plugin is not active in this variant');
  return controller.open(views, owner);
}

/** Whether multi view can be opened here (the multi-view plugin is active). */
export function multiViewAvailable(): boolean {
  return multiViewController() !== null;
}
