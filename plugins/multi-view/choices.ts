/**
 * The multi view tool's choices (pure): how many views, and for each view after the first (the main map as it is)
 * a map style, a terrain and the buildings on or off; their share-link form (parameter `mv`), e.g.
 * `3,dark.adaptive.1,ortho.ellipsoid.0`: the count, then one `baseMapId.terrainId.buildings` per companion view.
 */

export interface CompanionChoice {
  /** A manifests/basemaps id. */
  baseMapId: string;
  /** A manifests/terrains id. */
  terrainId: string;
  buildings: boolean;
}

export interface MultiViewChoices {
  /** 2–4 views in all, the main map's included. */
  count: number;
  /** Views 2, 3 and 4 (always three, so a count raised again finds the earlier choices). */
  companions: [CompanionChoice, CompanionChoice, CompanionChoice];
}

/** The manifest ids the choices may name. */
export interface KnownIds {
  baseMapIds: readonly string[];
  terrainIds: readonly string[];
  defaultTerrainId: string;
}

/** Different styles in each view from the start, so the views show what multi view is for. */
const PREFERRED_STYLES = ['dark', 'ortho', 'grey', 'regular', 'relief'];

export function defaultChoices(known: KnownIds): MultiViewChoices {
  const styles = [...PREFERRED_STYLES.filter((id) => known.baseMapIds.includes(id)), ...known.baseMapIds];
  const pick = (index: number): CompanionChoice => ({
    baseMapId: styles[index % Math.max(1, styles.length)] ?? '',
    terrainId: known.defaultTerrainId,
    buildings: index === 0,
  });
  return { count: 2, companions: [pick(0), pick(1), pick(2)] };
}

/** The share-link text of `choices` (only the views shown). */
export function encodeChoices(choices: MultiViewChoices): string {
  const views = choices.companions.slice(0, choices.count - 1).map((view) => `${view.baseMapId}.${view.terrainId}.${view.buildings ? 1 : 0}`);
  return [String(choices.count), ...views].join(',');
}

/**
 * Choices from a share-link text, the views it does not give from `fallback`; an `Error` naming the part that is
 * wrong (a count outside 2–4, an unknown style or terrain, a buildings flag other than 0 or 1).
 */
export function decodeChoices(text: string, known: KnownIds, fallback: MultiViewChoices): MultiViewChoices {
  const [countText, ...views] = text.split(',');
  const count = Number(countText);
  if (!/^[234]$/.test(countText ?? '')) throw new Error(`the number of views must be 2, 3 or 4, not "${countText}"`);
  if (views.length > count - 1) throw new Error(`${views.length} views given for ${count - 1} beside the map`);
  const companions = [...fallback.companions] as MultiViewChoices['companions'];
  views.forEach((view, index) => {
    const [baseMapId = '', terrainId = '', buildings = ''] = view.split('.');
    if (!known.baseMapIds.includes(baseMapId)) throw new Error(`view ${index + 2}: no map style "${baseMapId}"`);
    if (!known.terrainIds.includes(terrainId)) throw new Error(`view ${index + 2}: no terrain "${terrainId}"`);
    if (buildings !== '0' && buildings !== '1') throw new Error(`view ${index + 2}: buildings must be 0 or 1, not "${buildings}"`);
    companions[index] = { baseMapId, terrainId, buildings: buildings === '1' };
  });
  return { count, companions };
}
