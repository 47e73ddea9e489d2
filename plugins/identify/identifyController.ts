/**
 * Identify (SPEC §3 "Feature info", §4 "identify on at start", §7 "Building query"): while on, it holds the
 * map's default pointer mode; a click highlights the 3D building hit (if any), outlines the building's
 * footprint and asks the data service for the building at the clicked ground point — the server's record is the
 * answer (the tiles carry a subset of it). Turning it off releases the pointer and clears the highlight, the
 * outline and the panel.
 */
import { buildingIdentifyEndpoint, buildingIdentifyResponseSchema, type BuildingInfo } from '../../core/contracts/identify';
import type { Disposer, HttpClient, MapFacade, MapPickResult } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';

/** Id of the identify tool, its pointer mode and its temporary graphics. */
export const IDENTIFY_TOOL = 'identify';

/** The footprint outline drawn around an identified building. */
export const FOOTPRINT_OUTLINE_COLOUR = '#ffd400';

export type IdentifyState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; building: BuildingInfo; others: number }
  | { status: 'not-found' }
  | { status: 'error' };

export interface IdentifyController {
  getState(): IdentifyState;
  subscribe(listener: () => void): Disposer;
  /** Tool on/off (the identify-off handler of SPEC §4 is `setActive(false)`). */
  setActive(on: boolean): void;
  isActive(): boolean;
  /** Identifies what a click picked (the pointer mode calls this). */
  identify(pick: MapPickResult): Promise<void>;
  /** Keyboard use: identifies what is at the middle of the map. */
  identifyAtCentre(): Promise<void>;
  /** Closes the panel and clears the highlight, staying on. */
  close(): void;
  dispose(): void;
}

/** The query address of the building identify call for a place. */
export function identifyUrl(apiBase: string, longitude: number, latitude: number): string {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  const path = buildingIdentifyEndpoint.path.replace(/^\/mapviewer\/api\//, '');
  // 7 decimals of a degree: ~1 cm, finer than any footprint; the contract refuses more than 15.
  return `${base}${path}?lon=${longitude.toFixed(7)}&lat=${latitude.toFixed(7)}`;
}

/**
 * The record to show: the one whose id the picked 3D feature carries (the store id), else the server's first
 * (containing footprints first, smallest first).
 */
export function chooseBuilding(results: readonly BuildingInfo[], pickedId: unknown): BuildingInfo | undefined {
  if (typeof pickedId === 'string' || typeof pickedId === 'number') {
    const match = results.find((building) => building.id === String(pickedId) || building.csuid === String(pickedId));
    if (match) return match;
  }
  return results[0];
}

export function createIdentifyController(options: { map: MapFacade; http: HttpClient; apiBase: string }): IdentifyController {
  const { map, http, apiBase } = options;
  const store = createStateStore<IdentifyState>({ status: 'idle' });
  let active = false;
  let releasePointer: Disposer | null = null;
  let clearHighlight: Disposer | null = null;
  let request: AbortController | null = null;
  const graphics = map.temporaryGraphics(IDENTIFY_TOOL);

  const set = store.replace;
  const clearMarks = () => {
    request?.abort();
    request = null;
    clearHighlight?.();
    clearHighlight = null;
    graphics.clear();
  };

  const identify = async (pick: MapPickResult) => {
    // An overlay marker's own popup answers a click on it.
    if (!active || pick.hitOtherObject || !pick.position) return;
    clearMarks();
    if (pick.feature) clearHighlight = map.highlightFeature(pick.feature);
    const { longitude, latitude } = pick.position;
    const controller = new AbortController();
    request = controller;
    set({ status: 'loading' });
    try {
      const answer = await http.json(identifyUrl(apiBase, longitude, latitude), buildingIdentifyResponseSchema, { signal: controller.signal });
      if (controller.signal.aborted) return;
      request = null;
      const building = chooseBuilding(answer.results, pick.feature?.properties.id);
      if (!building) {
        set({ status: 'not-found' });
        return;
      }
      const [ring] = building.geometry.coordinates;
      if (ring) graphics.addGroundPolylines([{ positions: ring.map(([x, y]) => [x, y] as const), colour: FOOTPRINT_OUTLINE_COLOUR, closed: true }]);
      set({ status: 'found', building, others: answer.results.length - 1 });
    } catch (error) {
      if (controller.signal.aborted) return;
      request = null;
      console.error('identify: the building query failed', error);
      set({ status: 'error' });
    }
  };

  const setActive = (on: boolean) => {
    if (on === active) return;
    active = on;
    if (on) {
      // The default mode: Escape closes the panel, never identify itself.
      releasePointer = map.takePointer({ id: IDENTIFY_TOOL, endOnEscape: false, onPick: (pick) => void identify(pick) });
      set(store.getState());
    } else {
      releasePointer?.();
      releasePointer = null;
      clearMarks();
      set({ status: 'idle' });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive,
    isActive: () => active,
    identify,
    async identifyAtCentre() {
      const pick = await map.pick('centre');
      if (pick?.position) await identify({ ...pick, hitOtherObject: false });
      else if (active) set({ status: 'not-found' });
    },
    close() {
      clearMarks();
      set({ status: 'idle' });
    },
    dispose() {
      setActive(false);
      store.dropListeners();
    },
  };
}
