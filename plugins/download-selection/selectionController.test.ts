import { describe, expect, it, vi } from 'vitest';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { allSchemeSheets, formatSheetId, sheetBounds, type GridBounds } from '../../core/contracts/mapSheets';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import type { GroundPolyline, HttpClient, MapPickResult } from '../../core/plugin/types';
import plugin from './index';
import { downloadSelection } from './context';
import { createDownloadSelection, OUTLINE_COLOUR } from './selectionController';
import { DOWNLOAD_SELECTION_TOOL } from './toolId';

const SERIES_11 = allSchemeSheets()
  .filter((parts) => parts.series === 11)
  .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) }));

const pickAt = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 10 },
  surface: 'terrain',
});

/**
 * A map with real pointer modes (identify holds the default one, as in the app) whose clicks the test makes and
 * whose ground lines it reads.
 */
function fakeMap() {
  const lines = new Set<ReadonlyArray<GroundPolyline>>();
  const modes = createInteractionModes();
  const identify = vi.fn();
  modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
  const map = createNoopMapFacade({
    takePointer: (mode) => modes.take(mode),
    pointerMode: () => modes.active(),
    drawGroundPolylines(drawn) {
      lines.add(drawn);
      return () => lines.delete(drawn);
    },
  });
  return {
    map,
    modes,
    identify,
    click: (longitude: number, latitude: number) => modes.dispatch(pickAt(longitude, latitude)),
    outlines: () => [...lines].flat(),
  };
}

function fakeHttp(fail = false): HttpClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    json: vi.fn(async (url: string, schema) => {
      calls.push(url);
      if (fail) throw new Error('down');
      return schema.parse({ source: 'inferred-scheme', sheets: SERIES_11 });
    }) as HttpClient['json'],
  };
}

function centreOf(bounds: GridBounds): [number, number] {
  return fromHk1980([(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2]);
}
const centreOfSheet = (id: string) => centreOf(SERIES_11.find((sheet) => sheet.id === id)!.bounds);

async function activeSelection(fail = false) {
  const ground = fakeMap();
  const http = fakeHttp(fail);
  const selection = createDownloadSelection({ map: ground.map, http });
  selection.setActive(true);
  await vi.waitFor(() => expect(selection.getState().grid).toBe(fail ? 'failed' : 'ready'));
  return { ...ground, http, selection };
}

describe('download selection by map click', () => {
  it('does nothing until the tool is on, then loads the grid once', async () => {
    const ground = fakeMap();
    const http = fakeHttp();
    const selection = createDownloadSelection({ map: ground.map, http });
    expect(ground.modes.active()).toBe('identify');
    expect(http.calls).toEqual([]);
    selection.setActive(true);
    expect(ground.modes.active()).toBe(DOWNLOAD_SELECTION_TOOL);
    await vi.waitFor(() => expect(selection.getState().grid).toBe('ready'));
    selection.setActive(false);
    selection.setActive(true);
    expect(http.calls).toEqual(['/mapviewer/api/download/grid']);
  });

  it('selects the sheet under a click (the Tsim Sha Tsui clock tower is 11-SW-4D) and outlines it on the ground', async () => {
    const { selection, click, outlines, identify } = await activeSelection();
    click(114.16945, 22.29361);
    // The tool has the pointer: identify does not open as well.
    expect(identify).not.toHaveBeenCalled();
    expect(selection.getState().selection).toEqual(['11-SW-4D']);
    expect(selection.getState().message).toEqual({ id: 'downloadSelection.added', values: { sheet: '11-SW-4D' } });
    const [outline] = outlines();
    expect(outline).toMatchObject({ colour: OUTLINE_COLOUR, closed: true });
    expect(outline.positions).toHaveLength(4);
    // The outline's corners surround the click.
    const longitudes = outline.positions.map(([longitude]) => longitude);
    const latitudes = outline.positions.map(([, latitude]) => latitude);
    expect(Math.min(...longitudes)).toBeLessThan(114.16945);
    expect(Math.max(...longitudes)).toBeGreaterThan(114.16945);
    expect(Math.min(...latitudes)).toBeLessThan(22.29361);
    expect(Math.max(...latitudes)).toBeGreaterThan(22.29361);
  });

  it('deselects on a second click and erases the outline', async () => {
    const { selection, click, outlines } = await activeSelection();
    click(...centreOfSheet('11-SW-9A'));
    click(...centreOfSheet('11-SW-4D'));
    expect(outlines()).toHaveLength(2);
    click(...centreOfSheet('11-SW-9A'));
    expect(selection.getState().selection).toEqual(['11-SW-4D']);
    expect(selection.getState().message).toEqual({ id: 'downloadSelection.removed', values: { sheet: '11-SW-9A' } });
    expect(outlines()).toHaveLength(1);
  });

  it('refuses a seventh sheet with the download page message', async () => {
    const { selection, click, outlines } = await activeSelection();
    const ids = SERIES_11.slice(0, 7).map((sheet) => sheet.id);
    for (const id of ids) click(...centreOfSheet(id));
    expect(selection.getState().selection).toEqual(ids.slice(0, 6));
    expect(selection.getState().message).toEqual({ id: 'download.error.limit', values: { num: 6 } });
    expect(outlines()).toHaveLength(6);
  });

  it('says when the click is outside the grid', async () => {
    const { selection, click } = await activeSelection();
    // A point of series 7 (north of series 11), which this grid lacks.
    click(...fromHk1980([837000, 830000]));
    expect(selection.getState().selection).toEqual([]);
    expect(selection.getState().message).toEqual({ id: 'download.error.gridMissing' });
  });

  it('says when the grid cannot be loaded and tries again on the next click', async () => {
    const { selection, click, http } = await activeSelection(true);
    expect(selection.getState().message).toEqual({ id: 'download.error.gridMissing' });
    click(114.16945, 22.29361);
    expect(http.calls).toHaveLength(2);
  });

  it('ignores a click on the sky (a pick without a position)', async () => {
    const { selection, modes } = await activeSelection();
    modes.dispatch({ ...pickAt(0, 0), position: null, surface: null });
    expect(selection.getState()).toMatchObject({ selection: [], message: null });
  });

  it('turning the tool off removes the outlines, gives the pointer back and forgets the selection', async () => {
    const { selection, click, modes, identify, outlines } = await activeSelection();
    click(114.16945, 22.29361);
    selection.remove('11-SW-9A');
    expect(selection.getState().selection).toEqual(['11-SW-4D']);
    selection.setActive(false);
    expect(outlines()).toEqual([]);
    expect(modes.active()).toBe('identify');
    expect(selection.getState()).toMatchObject({ active: false, selection: [] });
    click(114.16945, 22.29361);
    expect(selection.getState().selection).toEqual([]);
    expect(identify).toHaveBeenCalledTimes(1);
  });

  it('clears and removes from the panel', async () => {
    const { selection, click, outlines } = await activeSelection();
    click(...centreOfSheet('11-SW-4D'));
    click(...centreOfSheet('11-SW-9A'));
    selection.remove('11-SW-4D');
    expect(selection.getState().selection).toEqual(['11-SW-9A']);
    selection.clear();
    expect(selection.getState()).toMatchObject({ selection: [], message: { id: 'downloadSelection.cleared' } });
    expect(outlines()).toEqual([]);
  });

  it('Escape ends the pointer mode and switches the tool off through onEscape', async () => {
    const ground = fakeMap();
    const onEscape = vi.fn();
    const selection = createDownloadSelection({ map: ground.map, http: fakeHttp(), onEscape });
    selection.setActive(true);
    expect(ground.modes.escape()).toBe(true);
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(ground.modes.active()).toBe('identify');
    // The store then switches the tool off; the pointer, already given back, is not released twice.
    selection.setActive(false);
    expect(ground.modes.active()).toBe('identify');
    expect(selection.getState().active).toBe(false);
  });

  it('as a plugin: the store switch takes the pointer from identify, and Escape turns the switch off', async () => {
    const ground = fakeMap();
    const host = createPluginHost({ services: { map: ground.map, http: fakeHttp() } });
    const dispose = await host.activatePlugin(plugin, {});
    const store = host.services.store;
    store.getState().setToggle(DOWNLOAD_SELECTION_TOOL, true);
    expect(ground.map.pointerMode()).toBe(DOWNLOAD_SELECTION_TOOL);
    const controller = downloadSelection()!.controller;
    await vi.waitFor(() => expect(controller.getState().grid).toBe('ready'));
    ground.click(114.16945, 22.29361);
    expect(controller.getState().selection).toEqual(['11-SW-4D']);
    expect(ground.identify).not.toHaveBeenCalled();
    expect(ground.modes.escape()).toBe(true);
    expect(store.getState().toggles[DOWNLOAD_SELECTION_TOOL]).toBe(false);
    expect(controller.getState()).toMatchObject({ active: false, selection: [] });
    expect(ground.outlines()).toEqual([]);
    expect(ground.map.pointerMode()).toBe('identify');
    dispose();
    host.dispose();
  });
});
