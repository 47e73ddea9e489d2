/**
 * The land parcel search (SPEC §1; §5 "enabled only when 3D spatial data is on"; §8 'No record found'): lot numbers
 * through GET /mapviewer/api/lots/search, and the chosen lot flown to and outlined on the map.
 */
import {
  LOT_SEARCH_MIN_LENGTH,
  landLotCollectionSchema,
  landLotSearchResponseSchema,
  type LandLotFeature,
} from '../../core/contracts/lots';
import type { AnalyticsEmitter, Disposer, GeoBounds, HttpClient, MapFacade } from '../../core/plugin/types';

/** The plugin id, the drawer's id and the analytics source of its searches. */
export const LAND_PLUGIN_ID = 'land';
/** Most results listed; the answer says how many matched in all. */
export const LOT_SEARCH_RESULT_LIMIT = 20;
/** The outline of the chosen lot: the highlight yellow of identify, over a light fill. */
export const LOT_HIGHLIGHT = { fillColour: 'rgba(255, 212, 0, 0.35)', outlineColour: '#ffd400' } as const;

export type LotSearchOutcome =
  | { kind: 'too-short' }
  | { kind: 'found'; lots: LandLotFeature[]; matched: number }
  | { kind: 'none' }
  | { kind: 'failed' };

/** SPEC §5's rule of the keyword search: at least 2 characters, spaces not counted. */
export function lotQueryTooShort(query: string): boolean {
  return query.trim().length < LOT_SEARCH_MIN_LENGTH;
}

/** The WGS84 box of a lot's outer ring. */
export function lotBounds(lot: LandLotFeature): GeoBounds {
  const ring = lot.geometry.coordinates[0];
  const longitudes = ring.map((position) => position[0]);
  const latitudes = ring.map((position) => position[1]);
  return { west: Math.min(...longitudes), south: Math.min(...latitudes), east: Math.max(...longitudes), north: Math.max(...latitudes) };
}

export interface LotSearch {
  /** Runs a search; `too-short` without asking the server. A failed request is `failed`, never a throw. */
  search(query: string, signal?: AbortSignal): Promise<LotSearchOutcome>;
  /** Every lot (the drawer's list), or null when the lots cannot be fetched. */
  allLots(signal?: AbortSignal): Promise<LandLotFeature[] | null>;
  /** Flies to the lot's extent (its location plan) and outlines it until {@link clear} or the next `select`. */
  select(lot: LandLotFeature): void;
  /** Removes the outline. */
  clear(): void;
  dispose(): void;
}

export function createLotSearch(deps: {
  http: HttpClient;
  map: Pick<MapFacade, 'flyToBounds' | 'temporaryGraphics'>;
  analytics: AnalyticsEmitter;
  apiBase: string;
}): LotSearch {
  const { http, map, analytics, apiBase } = deps;
  // Lot outlines are 3D-only graphics: switching the 3D spatial data off clears them with the drawer (SPEC §2).
  const graphics = () => map.temporaryGraphics(LAND_PLUGIN_ID, { requiresThreeD: true });
  let removeHighlight: Disposer | null = null;

  const clear = () => {
    removeHighlight?.();
    removeHighlight = null;
  };

  return {
    async search(query, signal) {
      if (lotQueryTooShort(query)) return { kind: 'too-short' };
      const text = query.trim();
      analytics.emit({ name: 'search::submit', content: text, source: LAND_PLUGIN_ID });
      const url = `${apiBase}lots/search?${new URLSearchParams({ q: text, limit: String(LOT_SEARCH_RESULT_LIMIT) })}`;
      try {
        const answer = await http.json(url, landLotSearchResponseSchema, { signal });
        return answer.features.length === 0 ? { kind: 'none' } : { kind: 'found', lots: answer.features, matched: answer.matched };
      } catch (error) {
        if (signal?.aborted) throw error;
        console.warn('land: lot search failed', error);
        return { kind: 'failed' };
      }
    },
    async allLots(signal) {
      try {
        return (await http.json(`${apiBase}lots`, landLotCollectionSchema, { signal })).features;
      } catch (error) {
        if (signal?.aborted) throw error;
        console.warn('land: lots could not be fetched', error);
        return null;
      }
    },
    select(lot) {
      clear();
      const ring = lot.geometry.coordinates[0];
      // The ring repeats its first position at the end; ground polygons take it once.
      const positions = ring.slice(0, -1).map(([longitude, latitude]) => [longitude, latitude] as const);
      removeHighlight = graphics().addGroundPolygons([{ positions, ...LOT_HIGHLIGHT }]);
      map.flyToBounds(lotBounds(lot), { durationSeconds: 1.5, paddingRatio: 0.6 });
      analytics.emit({ name: 'search::select', id: lot.id, source: LAND_PLUGIN_ID });
    },
    clear,
    dispose: clear,
  };
}
