/**
 * Which base maps cannot be drawn because the server lacks their tiles (e.g. no orthophoto installed): each
 * manifest's `availabilityUrl` answers `{ available }`. The split-layers and multi-view plugins offer such styles
 * disabled; the map style drawer keeps its own per-style check (plugins/map-style/mapStyle.ts).
 */
import { z } from 'zod';
import type { BaseMapManifest } from '../manifests/schemas';
import type { HttpClient } from '../plugin/types';

/** The answer of a base map's `availabilityUrl`; other fields are ignored. */
const availabilitySchema = z.object({ available: z.boolean() });

/**
 * Returns a function that, on its first call only, asks every base map with an `availabilityUrl` whether its tiles
 * are there and calls `onUnavailable` for each one that says no or cannot be asked (a failed check is not a style
 * the user can use). Later calls do nothing, so a tool can call it each time it opens.
 */
export function createBaseMapAvailabilityCheck(
  http: Pick<HttpClient, 'json'>,
  baseMaps: readonly BaseMapManifest[],
  onUnavailable: (baseMap: BaseMapManifest) => void,
): () => void {
  let checked = false;
  return () => {
    if (checked) return;
    checked = true;
    for (const baseMap of baseMaps) {
      if (!baseMap.availabilityUrl) continue;
      void http
        .json(baseMap.availabilityUrl, availabilitySchema)
        .then((answer) => answer.available)
        .catch(() => false)
        .then((available) => {
          if (!available) onUnavailable(baseMap);
        });
    }
  };
}
