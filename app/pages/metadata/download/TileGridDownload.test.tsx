// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueRecord } from '../../../../core/contracts/catalogue';
import type { SheetFilesResponse } from '../../../../core/contracts/download';
import { allSchemeSheets, formatSheetId, sheetBounds } from '../../../../core/contracts/mapSheets';
import type { Language } from '../../../../core/plugin/types';
import type { PluginHost } from '../../../../core/plugin/host';
import { MESSAGES } from '../../../i18n/testMessages';
import { PluginHostContext } from '../../../plugins/PluginHostContext';
import { TileGridDownload } from './TileGridDownload';

const GRID_SHEETS = allSchemeSheets()
  .filter((parts) => parts.series === 11)
  .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) }));

/** Only the download part of the record matters here. */
const record = {
  id: '3d-visualisation-map-non-textured',
  download: { kind: 'tile-grid', dataset: 'non-textured', formats: ['OBJ', 'GLTF', 'FBX'] },
} as unknown as CatalogueRecord;

function filesOf(sheet: string): SheetFilesResponse {
  return {
    sheet,
    dataset: 'non-textured',
    bounds: [0, 0, 1, 1],
    files: [
      { format: 'OBJ', available: true, size: 1_200_000, origin: 'generated' },
      { format: 'GLTF', available: true, size: 800_000, origin: 'generated' },
      { format: 'FBX', available: false, size: null, origin: null },
    ],
  };
}

let gridFails = 0;
const requests: string[] = [];

function fakeFetch(input: string | URL | Request): Promise<Response> {
  const url = String(input);
  requests.push(url);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (url.startsWith('/mapviewer/api/download/grid')) {
    if (gridFails > 0) {
      gridFails--;
      return json({ message: 'down' }, 503);
    }
    return json({ source: 'inferred-scheme', sheets: GRID_SHEETS });
  }
  const sheet = /\/download\/sheets\/([^?]+)\?dataset=non-textured$/.exec(url)?.[1];
  if (sheet === '11-SW-5C') return json({ message: 'Data grid does not exists.' }, 404);
  if (sheet) return json(filesOf(decodeURIComponent(sheet)));
  return json({ message: 'unexpected' }, 500);
}

const emitted: unknown[] = [];
/** Only the analytics emitter of the plugin host is used by the download. */
const host = { services: { analytics: { emit: (event: unknown) => emitted.push(event) } } } as unknown as PluginHost;

function renderDownload(path = '/download/3d-visualisation-map-non-textured?l=en-US', language: Language = 'en-US', shown: Parameters<typeof TileGridDownload>[0]['record'] = record) {
  const router = createMemoryRouter([{ path: '/download/:metadataId', element: <TileGridDownload record={shown} /> }], { initialEntries: [path] });
  render(
    <PluginHostContext.Provider value={host}>
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <RouterProvider router={router} />
      </IntlProvider>
    </PluginHostContext.Provider>,
  );
  return router;
}

const clicks: string[] = [];

beforeEach(() => {
  gridFails = 0;
  requests.length = 0;
  clicks.length = 0;
  emitted.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function addSheet(text: string) {
  fireEvent.change(await screen.findByLabelText('Sheet number'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('TileGridDownload', () => {
  it('refuses a seventh sheet with the spec message and keeps six, in the address too', async () => {
    const router = renderDownload();
    const ids = ['11-SW-4D', '11-SW-9A', '11-NW-19D', '11-SW-4C', '11-SW-4B', '11-SW-4A'];
    for (const id of ids) await addSheet(id);
    await addSheet('11-SW-3D');
    expect(screen.getByRole('alert').textContent).toBe('Up to 6 grid(s) can be selected');
    expect(screen.getByRole('heading', { name: 'Selected sheets (6/6)' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Selected sheets (6/6)' });
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(ids);
    expect(new URLSearchParams(router.state.location.search).get('sheets')).toBe(ids.join(','));
    expect(new URLSearchParams(router.state.location.search).get('l')).toBe('en-US');
  });

  it('keeps every sheet of quick successive picks and mirrors them into the address', async () => {
    const router = renderDownload();
    const field = await screen.findByLabelText('Sheet number');
    const add = screen.getByRole('button', { name: 'Add' });
    act(() => {
      for (const id of ['11-SW-4D', '11-SW-9A', '11-NW-19D']) {
        fireEvent.change(field, { target: { value: id } });
        fireEvent.click(add);
      }
    });
    expect(await screen.findByRole('heading', { name: 'Selected sheets (3/6)' })).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sheets')).toBe('11-SW-4D,11-SW-9A,11-NW-19D'));
  });

  it('tells a malformed number from one outside the grid', async () => {
    renderDownload();
    await addSheet('12-XX-1');
    expect(screen.getByText(/“12-XX-1” is not a map sheet number/)).toBeTruthy();
    expect(screen.getByLabelText('Sheet number').getAttribute('aria-invalid')).toBe('true');
    await addSheet('1-NE-1A');
    expect(screen.getAllByText('Data grid does not exists.').length).toBeGreaterThan(0);
    await addSheet('t11-sw-4d');
    expect(screen.getByText('11-SW-4D')).toBeTruthy();
    expect(screen.getByLabelText('Sheet number').getAttribute('aria-invalid')).toBeNull();
  });

  it('drops sheets the grid lacks from the address, keeping the others and the language', async () => {
    const router = renderDownload('/download/x?l=zh-HK&sheets=T11-SW-4D,bogus,1-NE-1A,11-SW-9A', 'zh-HK');
    expect(await screen.findByText(/數據網格不存在。 已從選擇中移除：bogus, 1-NE-1A/)).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sheets')).toBe('11-SW-4D,11-SW-9A'));
    expect(new URLSearchParams(router.state.location.search).get('l')).toBe('zh-HK');
  });

  it('shows the formats with their summed sizes and disables what a sheet lacks', async () => {
    renderDownload('/download/x?sheets=11-SW-4D,11-SW-9A');
    const obj = await screen.findByRole('radio', { name: 'OBJ' });
    await waitFor(() => expect(obj.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('2.4 MB')).toBeTruthy();
    expect(screen.getByText('1.6 MB')).toBeTruthy();
    const fbx = screen.getByRole('radio', { name: 'FBX' });
    expect(fbx.hasAttribute('disabled')).toBe(true);
    expect(fbx.getAttribute('aria-describedby') && document.getElementById(fbx.getAttribute('aria-describedby')!)?.textContent).toBe('Not available for these sheets');
    expect(requests.filter((url) => url.includes('/download/sheets/'))).toHaveLength(2);
  });

  it('offers no format the record marks on request, and names those instead', async () => {
    renderDownload('/download/x?sheets=11-SW-4D', 'en-US', { ...record, formatsOnRequest: ['FBX'] });
    await screen.findByRole('radio', { name: 'OBJ' });
    expect(screen.queryByRole('radio', { name: 'FBX' })).toBeNull();
    expect(screen.getByText('Available on request: FBX')).toBeTruthy();
  });

  it('reports a sheet the server does not know', async () => {
    renderDownload('/download/x?sheets=11-SW-5C');
    expect(await screen.findByText('Data grid does not exists. (11-SW-5C)')).toBeTruthy();
  });

  it('asks for the terms before any download: not accept cancels, accept starts one file per sheet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderDownload('/download/x?sheets=11-SW-4D,11-SW-9A');
    const obj = await screen.findByRole('radio', { name: 'OBJ' });
    await waitFor(() => expect(obj.hasAttribute('disabled')).toBe(false));
    const download = screen.getByRole('button', { name: 'Download 2 files' });
    expect(download.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/allow pop-ups/)).toBeTruthy();
    fireEvent.click(obj);

    fireEvent.click(download);
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions of Use' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(clicks).toEqual([]);
    expect(emitted).toEqual([]);
    expect(screen.getByText(/Download cancelled/)).toBeTruthy();

    fireEvent.click(download);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(clicks).toEqual(['/mapviewer/api/download/files/non-textured/OBJ/11-SW-4D.zip', '/mapviewer/api/download/files/non-textured/OBJ/11-SW-9A.zip']);
    expect(emitted).toEqual([
      { name: 'download::tile', id: '3d-visualisation-map-non-textured', tile_id: '11-SW-4D', format: 'OBJ' },
      { name: 'download::tile', id: '3d-visualisation-map-non-textured', tile_id: '11-SW-9A', format: 'OBJ' },
    ]);

    // Clear empties the list and ends the download status with it.
    expect(screen.getByText('Downloading 2 files…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Clear$/ }));
    expect(screen.queryByText('Downloading 2 files…')).toBeNull();
  });

  it('says when the grid cannot be loaded and retries', async () => {
    gridFails = 1;
    renderDownload();
    expect(await screen.findByText('Data grid does not exists.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Sheet number')).toBeTruthy();
    expect(screen.getByText(/inferred from the published 1:1000 sheet numbering/)).toBeTruthy();
  });
});
