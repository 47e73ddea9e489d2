// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SheetFilesResponse } from '../../../core/contracts/download';
import { allSchemeSheets, formatSheetId, sheetBounds } from '../../../core/contracts/mapSheets';
import { useShellStore } from '../../state/shellStore';
import { renderAt, sampleRecord, stubFetch, type FakeAnswer } from './metadataTesting';

const RECORD_ID = '3d-visualisation-map-non-textured';
const RECORD_PATH = `/mapviewer/api/catalogue/${RECORD_ID}`;
const GRID_PATH = '/mapviewer/api/download/grid';
const UNAVAILABLE = 'The metadata for the selected layer is not available.';

const record = sampleRecord({
  id: RECORD_ID,
  category: '3d-visualisation',
  download: { kind: 'tile-grid', dataset: 'non-textured', formats: ['CESIUM', 'OBJ'] },
  tileset: null,
  viewerLayerId: null,
});

/** The sheets of series 11, so the Download tab beside the popup accepts the selections below. */
const GRID = {
  source: 'inferred-scheme',
  sheets: allSchemeSheets()
    .filter((parts) => parts.series === 11)
    .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) })),
};

/** A 3D Tiles 1.1 tileset whose local frame sits at the ECEF point `origin` (column-major transform). */
function tilesetAt(origin: [number, number, number]) {
  return {
    asset: { version: '1.1' },
    geometricError: 100,
    root: {
      transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, ...origin, 1],
      boundingVolume: { box: [0, 0, 0, 300, 0, 0, 0, 200, 0, 0, 0, 50] },
      geometricError: 0,
      content: { uri: 'sheet.glb' },
    },
  };
}

// CesiumJS's Cartesian3.fromDegrees of (114.2°, 22.3°, 25 m), (114.15°, 22.35°, −3.5 m) and (114.2°, 22.3°, −1 mm).
const ORIGIN_4D: [number, number, number] = [-2_420_178.8600565535, 5_385_142.187071185, 2_405_190.4231438343];
const ORIGIN_4C: [number, number, number] = [-2_414_607.2597767366, 5_385_308.974209529, 2_410_301.3287578993];
const ORIGIN_JUST_BELOW: [number, number, number] = [-2_420_169.3780579213, 5_385_121.088667387, 2_405_180.93636039];

function filesOf(sheet: string, cesiumBytes: number): SheetFilesResponse {
  return {
    sheet,
    dataset: 'non-textured',
    bounds: [0, 0, 1, 1],
    files: [
      { format: 'CESIUM', available: true, size: cesiumBytes, origin: 'generated' },
      { format: 'OBJ', available: true, size: 9_000_000, origin: 'generated' },
    ],
  };
}

const tilesetPath = (sheet: string) => `/mapviewer/api/download/tilesets/non-textured/${sheet}/tileset.json`;
const filesPath = (sheet: string) => `/mapviewer/api/download/sheets/${sheet}`;

function stubService(extra: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    [RECORD_PATH]: { body: record },
    [GRID_PATH]: { body: GRID },
    [tilesetPath('11-SW-4D')]: { body: tilesetAt(ORIGIN_4D) },
    [filesPath('11-SW-4D')]: { body: filesOf('11-SW-4D', 1_200_000) },
    [tilesetPath('11-SW-4C')]: { body: tilesetAt(ORIGIN_4C) },
    [filesPath('11-SW-4C')]: { body: filesOf('11-SW-4C', 2_400_000_000) },
    ...extra,
  });
}

async function openPopup(name = 'Tileset metadata') {
  const opener = await screen.findByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name }) };
}

beforeEach(() => {
  useShellStore.setState({ aboutSection: null, landingOpen: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('tileset popup of a tile-grid dataset', () => {
  it('asks for sheets when none is selected, and takes the reader to the Download tab', async () => {
    stubService();
    renderAt(`/metadata/${RECORD_ID}?tab=iso`);
    const { dialog } = await openPopup();
    expect(within(dialog).getByText('Select map sheets on the Download tab to see their tilesets.')).toBeTruthy();
    expect(within(dialog).queryByText(UNAVAILABLE)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to the Download tab' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const downloadTab = screen.getByRole('tab', { name: 'Download' });
    expect(downloadTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(downloadTab));
  });

  it('shows each selected sheet: absolute tileset URL, origin from root.transform, package size, formats and date', async () => {
    const fetchMock = stubService();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(async () => undefined) } });
    // Any spelling in the address, as the Download tab reads it.
    renderAt(`/metadata/${RECORD_ID}?sheets=11-sw-4d,T11-SW-4C`);
    const { dialog } = await openPopup();
    expect(within(dialog).getAllByRole('status').map((status) => status.textContent)).toContain('Loading the tileset of sheet 11-SW-4D…');

    const sheet4D = await within(dialog).findByRole('region', { name: 'Map sheet 11-SW-4D' });
    const url4D = new URL(tilesetPath('11-SW-4D'), window.location.href).href;
    expect(url4D).toMatch(/^http/);
    expect((await within(sheet4D).findByRole('link', { name: url4D })).getAttribute('href')).toBe(url4D);
    expect(within(sheet4D).getByText('Longitude 114.2°, latitude 22.3°, height 25 m')).toBeTruthy();
    expect(within(sheet4D).getByText('1.2 MB (3D Tiles package)')).toBeTruthy();

    const sheet4C = within(dialog).getByRole('region', { name: 'Map sheet 11-SW-4C' });
    expect(await within(sheet4C).findByText('Longitude 114.15°, latitude 22.35°, height -3.5 m')).toBeTruthy();
    expect(within(sheet4C).getByText('2.4 GB (3D Tiles package)')).toBeTruthy();

    // The record's facts once, for every sheet.
    expect(within(dialog).getByText('3D Tiles (CESIUM)')).toBeTruthy();
    expect(within(dialog).getByText('OBJ')).toBeTruthy();
    expect(within(dialog).getByText('April 30, 2024')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(tilesetPath('11-SW-4C'));

    fireEvent.click(within(sheet4D).getByRole('button', { name: 'Copy the tileset URL of sheet 11-SW-4D' }));
    expect(await within(sheet4D).findByText('Copied.')).toBeTruthy();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(url4D);
  });

  it('says the spec message for a sheet without a tileset (404) or whose tileset fails, beside one that works', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubService({
      [tilesetPath('11-SW-4D')]: { body: tilesetAt(ORIGIN_JUST_BELOW) },
      [tilesetPath('11-SW-4C')]: { status: 404, body: { message: 'File Not Found' } },
      [tilesetPath('11-SW-4B')]: { status: 500, body: { message: 'broken' } },
      [filesPath('11-SW-4B')]: { body: filesOf('11-SW-4B', 1_000) },
    });
    renderAt(`/metadata/${RECORD_ID}?sheets=11-SW-4D,11-SW-4C,11-SW-4B`);
    const { dialog } = await openPopup();
    const sheet4C = within(dialog).getByRole('region', { name: 'Map sheet 11-SW-4C' });
    const sheet4B = within(dialog).getByRole('region', { name: 'Map sheet 11-SW-4B' });
    expect(await within(sheet4C).findByText(UNAVAILABLE)).toBeTruthy();
    expect(await within(sheet4B).findByText(UNAVAILABLE)).toBeTruthy();
    expect(within(sheet4C).queryByRole('link')).toBeNull();
    const sheet4D = within(dialog).getByRole('region', { name: 'Map sheet 11-SW-4D' });
    // A millimetre below the ellipsoid reads 0 m, not -0 m.
    expect(await within(sheet4D).findByText('Longitude 114.2°, latitude 22.3°, height 0 m')).toBeTruthy();
    // The failure is logged for developers; a 404 is an answer, not a failure.
    expect(logged.mock.calls.map(([message]) => String(message))).toEqual(['loading the tileset of sheet 11-SW-4B failed']);
  });

  it('reads in zh-HK', async () => {
    stubService();
    renderAt(`/metadata/${RECORD_ID}?l=zh-HK&sheets=11-SW-4D`);
    const { dialog } = await openPopup('圖塊集元數據');
    const sheet = within(dialog).getByRole('region', { name: '地圖圖幅 11-SW-4D' });
    expect(within(sheet).getByRole('status').textContent).toBe('正在載入圖幅 11-SW-4D 的圖塊集…');
    expect(await within(sheet).findByText('經度 114.2°，緯度 22.3°，高度 25 米')).toBeTruthy();
    expect(within(sheet).getByText('圖塊集網址')).toBeTruthy();
    expect(within(sheet).getByText('1.2 MB（3D Tiles 檔案包）')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '複製圖幅 11-SW-4D 的圖塊集網址' })).toBeTruthy();
    expect(within(dialog).getByText('修訂日期')).toBeTruthy();

    cleanup();
    renderAt(`/metadata/${RECORD_ID}?l=zh-HK`);
    const { dialog: empty } = await openPopup('圖塊集元數據');
    expect(within(empty).getByText('請在「下載」分頁選擇地圖圖幅，以查看其圖塊集。')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: '前往「下載」分頁' })).toBeTruthy();
  });
});
