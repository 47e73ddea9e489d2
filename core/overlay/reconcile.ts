/** A feature as the drawer sees it: a stable id plus a signature that changes when its drawing must change. */
export interface KeyedFeature<T = unknown> {
  id: string;
  /** Equal signatures mean "nothing to redraw". */
  signature: string;
  value: T;
}

/** What a realtime redraw must do: add new ids, update changed ones, remove missing ones. */
export interface ReconcilePlan<T> {
  added: KeyedFeature<T>[];
  updated: KeyedFeature<T>[];
  removed: string[];
  unchanged: number;
}

/**
 * Diffs the drawn features (id → signature) against the next batch. Duplicate ids in `next` keep the last one,
 * as a later feature with the same position and kind would overwrite the earlier on screen anyway.
 */
export function planReconcile<T>(current: ReadonlyMap<string, string>, next: ReadonlyArray<KeyedFeature<T>>): ReconcilePlan<T> {
  const nextById = new Map<string, KeyedFeature<T>>();
  for (const feature of next) nextById.set(feature.id, feature);
  const added: KeyedFeature<T>[] = [];
  const updated: KeyedFeature<T>[] = [];
  let unchanged = 0;
  for (const feature of nextById.values()) {
    const previous = current.get(feature.id);
    if (previous === undefined) added.push(feature);
    else if (previous !== feature.signature) updated.push(feature);
    else unchanged += 1;
  }
  const removed: string[] = [];
  for (const id of current.keys()) if (!nextById.has(id)) removed.push(id);
  return { added, updated, removed, unchanged };
}

/** A cheap deterministic signature of plain JSON data (keys sorted so property order does not matter). */
export function signatureOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v as Record<string, unknown>).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}
