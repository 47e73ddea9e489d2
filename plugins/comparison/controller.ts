/**
 * The comparison's state and actions: which pair is open in the multi view (plugins/multi-view/api.ts), opening
 * and closing it, and flying to a suggested place (the main map's camera; the multi view keeps the two views in
 * step with it). State lives in the store slice `plugins.comparison`.
 *
 * The multi view may be closed by someone else (its own tool, split layers, a themed function): its `onClose`
 * clears the open pair here, so the drawer never says a pair is open when it is not.
 */
import type { MapFacade } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';
import type { MultiViewHandle, ViewSpec } from '../multi-view/api';
import { comparisonPair, type ComparisonPairId, type Translate } from './pairs';

/** The owner name the multi view records for views the comparison opened. */
export const COMPARISON_OWNER = 'comparison';
export const COMPARISON_DRAWER = 'comparison';
/** Share-link parameter: the open pair's id. */
export const COMPARISON_PARAM = 'comparison';
/** How long a flight to a suggested place takes, seconds. */
const PLACE_FLIGHT_SECONDS = 2;
/** The camera looks at a suggested place from the south, this far below the horizon, degrees. */
const PLACE_PITCH_DEGREES = -40;

export type ComparisonStatus = 'closed' | 'opening' | 'open' | 'failed' | 'blocked';

export interface ComparisonState {
  /** The pair on screen (or being opened), null when none. */
  pair: ComparisonPairId | null;
  status: ComparisonStatus;
  /** Why the last opening failed (an Error's message, in English: the drawer shows its own text beside it). */
  failure: string | null;
}

export const comparisonSlice = definePluginSlice<ComparisonState>('comparison', { pair: null, status: 'closed', failure: null });

export interface ComparisonServices {
  store: AppStore;
  map: Pick<MapFacade, 'lookAt'>;
  apiBase: string;
  translate: Translate;
  /** plugins/multi-view/api.ts `openMultiView` (a parameter so tests need no Cesium). */
  openMultiView(views: readonly ViewSpec[], owner: string): Promise<MultiViewHandle>;
  /** SPEC §5: true on phones and small screens, where the comparison is refused. */
  blocked(): boolean;
}

export interface ComparisonController {
  readonly store: AppStore;
  state(): ComparisonState;
  /** Opens `pairId` in the multi view (closing the one open). Resolves when it is on screen or has failed. */
  open(pairId: ComparisonPairId): Promise<void>;
  close(): void;
  /** Flies to a place of the open pair (both views follow). False when no pair is open or the place is not its. */
  flyTo(placeId: string): boolean;
  dispose(): void;
}

export function createComparisonController(services: ComparisonServices): ComparisonController {
  const { store } = services;
  comparisonSlice.install(store);
  const state = () => comparisonSlice.select(store.getState());
  const set = (next: Partial<ComparisonState>) =>
    comparisonSlice.update(store, (draft) => {
      Object.assign(draft, next);
    });
  let handle: MultiViewHandle | null = null;
  let opening = 0;

  const controller: ComparisonController = {
    store,
    state,
    async open(pairId) {
      const pair = comparisonPair(pairId);
      if (!pair) throw new Error(`comparison: no pair "${pairId}"`);
      if (services.blocked()) {
        set({ pair: null, status: 'blocked', failure: null });
        return;
      }
      const attempt = ++opening;
      const previous = handle;
      handle = null;
      previous?.close();
      set({ pair: pairId, status: 'opening', failure: null });
      const views = pair.sides.map((side) => side.view(services.apiBase, services.translate));
      try {
        const opened = await services.openMultiView(views, COMPARISON_OWNER);
        if (attempt !== opening) {
          opened.close();
          return;
        }
        handle = opened;
        opened.onClose(() => {
          if (handle !== opened) return;
          handle = null;
          set({ pair: null, status: 'closed' });
        });
        set({ status: 'open' });
      } catch (error) {
        if (attempt !== opening) return;
        set({ pair: null, status: 'failed', failure: error instanceof Error ? error.message : String(error) });
      }
    },
    close() {
      opening++;
      const open = handle;
      handle = null;
      open?.close();
      if (state().status !== 'closed' || state().pair !== null) set({ pair: null, status: 'closed', failure: null });
    },
    flyTo(placeId) {
      const { pair: pairId, status } = state();
      const place = pairId && status === 'open' ? comparisonPair(pairId)?.places.find((candidate) => candidate.id === placeId) : undefined;
      if (!place) return false;
      services.map.lookAt(
        { longitude: place.longitude, latitude: place.latitude, heightMeters: 0 },
        { rangeMeters: place.rangeMeters, headingDegrees: 0, pitchDegrees: PLACE_PITCH_DEGREES },
        { durationSeconds: PLACE_FLIGHT_SECONDS },
      );
      return true;
    },
    dispose() {
      controller.close();
    },
  };
  return controller;
}
