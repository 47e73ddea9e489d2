import { describe, expect, it, vi } from 'vitest';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { allSchemeSheets, formatSheetId, sheetBounds, type GridBounds } from '../../core/contracts/mapSheets';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GroundPolyline, GroundPosition, HttpClient } from '../../core/plugin/types';
import { createDownloadSelection, OUTLINE_COLOUR } from './selectionController';

const SERIES_11 = allSchemeSheets()
  .filter((parts) => parts.series === 11)
  .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) }));

/** A map whose clicks the test makes and whose ground lines it reads. */
function fakeMap() {
  const lines = new Set<ReadonlyArray<GroundPolyline>>();
  const clicks = new Set<(position: GroundPosition) => void>();
  const map = createNoopMapFacade({
    onGroundClick(listener) {
      clicks.add(listener);
      return () => clicks.delete(listener);
    },
    drawGroundPolylines(drawn) {
      lines.add(drawn);
      return () => lines.delete(drawn);
    },
  });
  return {
    map,
    clicks,
    click: (longitude: number, latitude: number) => clicks.forEach((listener) => listener({ longitude, latitude })),
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
    expect(ground.clicks.size).toBe(0);
    expect(http.calls).toEqual([]);
    selection.setActive(true);
    expect(ground.clicks.size).toBe(1);
    await vi.waitFor(() => expect(selection.getState().grid).toBe('ready'));
    selection.setActive(false);
    selection.setActive(true);
    expect(http.calls).toEqual(['/mapviewer/api/download/grid']);
  });

  it('selects the sheet under a click (the Tsim Sha Tsui clock tower is 11-SW-4D) and outlines it on the ground', async () => {
    const { selection, click, outlines } = await activeSelection();
    click(114.16945, 22.29361);
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

  it('turning the tool off removes the outlines, stops listening and forgets the selection', async () => {
    const { selection, click, clicks, outlines } = await activeSelection();
    click(114.16945, 22.29361);
    selection.remove('11-SW-9A');
    expect(selection.getState().selection).toEqual(['11-SW-4D']);
    selection.setActive(false);
    expect(outlines()).toEqual([]);
    expect(clicks.size).toBe(0);
    expect(selection.getState()).toMatchObject({ active: false, selection: [] });
    click(114.16945, 22.29361);
    expect(selection.getState().selection).toEqual([]);
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
});
