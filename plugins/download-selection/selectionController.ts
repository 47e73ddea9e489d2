/**
 * The viewer's "automatic download selection by map click" (SPEC §1 second variant): while the tool is on, a
 * click on the 3D map finds the 1:1000 sheet under it, toggles it in a selection of at most six (the same rules
 * as the download page, sheetSelection.ts) and outlines the selected sheets on the ground. Turning the tool off
 * removes the outlines and forgets the selection. While on, the tool takes the map's pointer (`takePointer`), so
 * identify (the default pointer mode) gets no clicks meanwhile; Escape ends it. Only the map facade is used (no
 * Cesium here).
 */
import { sheetGridEndpoint, sheetGridResponseSchema, MAX_GRIDS_PER_DOWNLOAD } from '../../core/contracts/download';
import { fromHk1980, toHk1980 } from '../../core/contracts/hk1980';
import { formatSheetId, sheetAt, type GridBounds } from '../../core/contracts/mapSheets';
import type { Disposer, GroundPolyline, GroundPosition, HttpClient, MapFacade, MapPickResult } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { REFUSAL_MESSAGES, toggleSheet } from './sheetSelection';
import { DOWNLOAD_SELECTION_TOOL } from './toolId';

/** Outline of a selected sheet: the portal's accent colour, wide enough to see from a few kilometres up. */
export const OUTLINE_COLOUR = '#f2b134';
export const OUTLINE_WIDTH_PIXELS = 3;

/** A message for the panel, formatted there in the current language. */
export interface SelectionMessage {
  id: string;
  values?: Record<string, string | number>;
}

export interface DownloadSelectionState {
  active: boolean;
  grid: 'idle' | 'loading' | 'ready' | 'failed';
  /** Canonical sheet ids in the order they were picked. */
  selection: string[];
  /** What the last click did or why it was refused; null before any click. */
  message: SelectionMessage | null;
}

export interface DownloadSelectionController {
  getState(): DownloadSelectionState;
  subscribe(listener: () => void): Disposer;
  setActive(on: boolean): void;
  remove(id: string): void;
  clear(): void;
  dispose(): void;
}

const INITIAL: DownloadSelectionState = { active: false, grid: 'idle', selection: [], message: null };

/** The ground outline of HK1980 bounds. */
export function sheetOutline([minE, minN, maxE, maxN]: GridBounds): GroundPolyline {
  return {
    positions: [fromHk1980([minE, minN]), fromHk1980([maxE, minN]), fromHk1980([maxE, maxN]), fromHk1980([minE, maxN])],
    colour: OUTLINE_COLOUR,
    widthPixels: OUTLINE_WIDTH_PIXELS,
    closed: true,
  };
}

/**
 * `onEscape` runs when Escape ends the tool's pointer mode; the plugin switches the tool off through the store
 * there, so the button and analytics follow (default: the controller switches itself off).
 */
export function createDownloadSelection({
  map,
  http,
  onEscape,
}: {
  map: MapFacade;
  http: HttpClient;
  onEscape?: () => void;
}): DownloadSelectionController {
  const store = createStateStore(INITIAL);
  let grid: ReadonlyMap<string, GridBounds> | null = null;
  let releasePointer: Disposer | null = null;
  let eraseOutlines: Disposer | null = null;
  let loading: AbortController | null = null;

  const set = store.set;

  const drawOutlines = () => {
    eraseOutlines?.();
    eraseOutlines = null;
    if (!grid || store.getState().selection.length === 0) return;
    const known = grid;
    eraseOutlines = map.drawGroundPolylines(store.getState().selection.flatMap((id) => (known.has(id) ? [sheetOutline(known.get(id)!)] : [])));
  };

  const select = (selection: string[], message: SelectionMessage) => {
    set({ selection, message });
    drawOutlines();
  };

  const loadGrid = () => {
    if (grid || loading) return;
    const controller = new AbortController();
    loading = controller;
    set({ grid: 'loading' });
    http.json(sheetGridEndpoint.path, sheetGridResponseSchema, { signal: controller.signal }).then(
      (response) => {
        if (loading !== controller) return;
        loading = null;
        grid = new Map(response.sheets.map((sheet) => [sheet.id, sheet.bounds]));
        set({ grid: 'ready' });
      },
      (error: unknown) => {
        if (loading !== controller) return;
        loading = null;
        console.error('download-selection: loading the sheet grid failed', error);
        set({ grid: 'failed', message: { id: REFUSAL_MESSAGES['not-in-grid'] } });
      },
    );
  };

  const sheetOf = (position: GroundPosition): string | null => {
    const parts = sheetAt(...toHk1980([position.longitude, position.latitude]));
    return parts ? formatSheetId(parts) : null;
  };

  const onPick = (pick: MapPickResult) => {
    if (!pick.position) return;
    const position: GroundPosition = { longitude: pick.position.longitude, latitude: pick.position.latitude };
    if (!grid) {
      if (store.getState().grid === 'failed') loadGrid();
      return;
    }
    const id = sheetOf(position);
    if (!id || !grid.has(id)) {
      set({ message: { id: REFUSAL_MESSAGES['not-in-grid'] } });
      return;
    }
    const result = toggleSheet(store.getState().selection, id, new Set(grid.keys()));
    if ('refused' in result) set({ message: { id: REFUSAL_MESSAGES[result.refused], values: { num: MAX_GRIDS_PER_DOWNLOAD } } });
    else if ('removed' in result) select(result.selection, { id: 'downloadSelection.removed', values: { sheet: id } });
    else select(result.selection, { id: 'downloadSelection.added', values: { sheet: id } });
  };

  const deactivate = () => {
    releasePointer?.();
    releasePointer = null;
    eraseOutlines?.();
    eraseOutlines = null;
  };

  const controller: DownloadSelectionController = {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive(on) {
      if (on === store.getState().active) return;
      if (on) {
        releasePointer = map.takePointer({
          id: DOWNLOAD_SELECTION_TOOL,
          onPick,
          onEnd: () => {
            // Escape already gave the pointer back.
            releasePointer = null;
            if (onEscape) onEscape();
            else controller.setActive(false);
          },
        });
        set({ active: true, selection: [], message: null });
        loadGrid();
      } else {
        deactivate();
        set({ active: false, selection: [], message: null });
      }
    },
    remove(id) {
      if (!store.getState().selection.includes(id)) return;
      select(
        store.getState().selection.filter((selected) => selected !== id),
        { id: 'downloadSelection.removed', values: { sheet: id } },
      );
    },
    clear() {
      select([], { id: 'downloadSelection.cleared' });
    },
    dispose() {
      deactivate();
      loading?.abort();
      loading = null;
      store.dropListeners();
      store.replace(INITIAL);
    },
  };
  return controller;
}
