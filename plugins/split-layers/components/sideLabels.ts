import type { OverlayManifest } from '../../../core/manifests/schemas';
import type { Language } from '../../../core/plugin/types';
import type { SplitLayersContext } from '../context';
import { sideOf, type SplitState } from '../splitState';

/** The map style a side shows, in `language`: the chosen one (when its tiles are there), else the map's own. */
export function sideStyleName(context: SplitLayersContext, state: SplitState, side: 'left' | 'right', language: Language): string | undefined {
  const id = side === 'left' ? state.leftBaseMapId : state.rightBaseMapId;
  if (id && context.baseMapAvailable(id)) return context.baseMaps.find((entry) => entry.id === id)?.name[language] ?? id;
  return context.ownStyleName(language);
}

/** The names of the shown layers on `side` only. */
export function sideLayerNames(overlays: readonly OverlayManifest[], state: SplitState, side: 'left' | 'right', language: Language): string[] {
  return overlays.filter((overlay) => sideOf(state, overlay.id) === side).map((overlay) => overlay.name[language]);
}
