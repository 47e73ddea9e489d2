// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueSummarySchema, type CatalogueSummary } from '../../../core/contracts/catalogue';
import type { Language } from '../../../core/contracts/common';
import { AppConfigContext, DEFAULT_APP_CONFIG, type AppConfig } from '../../config';
import { MESSAGES } from '../../i18n/testMessages';
import { SEARCH_DEBOUNCE_MS } from './catalogueQuery';
import CataloguePage from './CataloguePage';

function summary(id: string, title: string, overrides: Partial<CatalogueSummary> = {}): CatalogueSummary {
  return catalogueSummarySchema.parse({
    id,
    category: '3d-visualisation',
    title: { 'en-US': title, 'zh-HK': `${title}（繁）`, 'zh-CN': `${title}（简）` },
    abstract: { 'en-US': `About ${title}`, 'zh-HK': `${title}簡介`, 'zh-CN': `${title}简介` },
    status: 'onGoing',
    updateFrequency: 'quarterly',
    distributionFormats: ['OBJ', 'CESIUM'],
    classification: 'unclassified',
    sample: false,
    revisionDate: '2023-06-30',
    downloadKind: 'tile-grid',
    ...overrides,
  });
}

const TEXTURED = summary('3d-visualisation-map-textured', '3D Visualisation Map (textured)', { distributionFormats: ['OBJ', 'CESIUM', 'FBX'], formatsOnRequest: ['FBX'] });
const INDOOR = summary('indoor-maps', 'Indoor maps', { category: 'indoor', distributionFormats: ['GEOJSON', 'SHP'], sample: true, downloadKind: 'indoor' });

function answer(records: CatalogueSummary[]): Response {
  return new Response(JSON.stringify({ total: records.length, records }), { headers: { 'content-type': 'application/json' } });
}

/** The list call's query parameters of the n-th fetch (0-based). */
function requested(fetchMock: ReturnType<typeof vi.fn>, index: number): URLSearchParams {
  return new URL(String(fetchMock.mock.calls[index][0]), 'http://localhost').searchParams;
}

function renderCatalogue(path = '/catalogue', language: Language = 'en-US', config: Partial<AppConfig> = {}) {
  const router = createMemoryRouter(
    [
      { path: '/catalogue', element: <CataloguePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppConfigContext.Provider value={{ ...DEFAULT_APP_CONFIG, ...config }}>
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <RouterProvider router={router} />
      </IntlProvider>
    </AppConfigContext.Provider>,
  );
  return router;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => answer([TEXTURED, INDOOR]));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('catalogue page', () => {
  it('lists the records as cards with headings linking to their download page, keeping the language', async () => {
    renderCatalogue('/catalogue?l=zh-HK', 'zh-HK');
    expect(await screen.findByText('2 個數據集')).toBeTruthy();
    const list = screen.getByRole('list', { name: '數據集' });
    const cards = within(list).getAllByRole('heading', { level: 2 });
    expect(cards.map((heading) => heading.textContent)).toEqual(['3D Visualisation Map (textured)（繁）', 'Indoor maps（繁）']);
    expect(within(list).getByRole('link', { name: 'Indoor maps（繁）' }).getAttribute('href')).toBe('/download/indoor-maps?l=zh-HK');
    expect(within(list).getByText('樣本數據')).toBeTruthy();
    expect(within(list).getAllByText('持續進行')).toHaveLength(2);
    expect(within(list).getByText('3D Tiles (CESIUM)')).toBeTruthy();
    // A format served only once a production file is installed is named on request, not shown as a download badge.
    const formats = within(list).getAllByRole('list', { name: '下載格式' })[0];
    expect(within(formats).queryByText('FBX')).toBeNull();
    expect(within(list).getByText('可應要求提供：FBX')).toBeTruthy();
    expect(requested(fetchMock, 0).get('lang')).toBe('zh-HK');
  });

  it('links to /metadata/<id> in catalogue-only mode, where /download does not exist', async () => {
    renderCatalogue('/catalogue', 'en-US', { catalogueOnly: true });
    const link = await screen.findByRole('link', { name: 'Indoor maps' });
    expect(link.getAttribute('href')).toBe('/metadata/indoor-maps');
  });

  it('puts each filter in the address and in the list call', async () => {
    const router = renderCatalogue('/catalogue?l=zh-CN', 'zh-CN');
    await screen.findByText('2 个数据集');
    fireEvent.change(screen.getByLabelText('类别'), { target: { value: 'indoor' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'onGoing' } });
    fireEvent.change(screen.getByLabelText('格式'), { target: { value: 'SHP' } });
    fireEvent.change(screen.getByLabelText('更新频率'), { target: { value: 'asNeeded' } });
    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'revision-newest' } });
    await waitFor(() => expect(router.state.location.search).toBe('?l=zh-CN&category=indoor&format=SHP&status=onGoing&updateFrequency=asNeeded&sort=revision-newest'));
    await waitFor(() => expect(requested(fetchMock, fetchMock.mock.calls.length - 1).toString()).toBe('category=indoor&format=SHP&status=onGoing&updateFrequency=asNeeded&sort=revision-newest&lang=zh-CN'));
  });

  it('restores the view from a shared address', async () => {
    renderCatalogue('/catalogue?q=indoor&format=SHP&sort=title');
    await screen.findByText('2 datasets');
    expect((screen.getByLabelText('Search datasets') as HTMLInputElement).value).toBe('indoor');
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('SHP');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('title');
    expect(requested(fetchMock, 0).get('q')).toBe('indoor');
  });

  it('searches as the user types, once the typing pauses', async () => {
    const router = renderCatalogue();
    await screen.findByText('2 datasets');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const box = screen.getByLabelText('Search datasets');
    fireEvent.change(box, { target: { value: '室' } });
    fireEvent.change(box, { target: { value: '室內' } });
    fireEvent.change(box, { target: { value: '室內地圖' } });
    // Nothing is asked while the keystrokes come faster than the debounce.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(requested(fetchMock, 1).get('q')).toBe('室內地圖');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('室內地圖');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never lets a slower old answer replace a newer one', async () => {
    // The first answer (all records) arrives after the second (one record), and the fake fetch ignores the abort.
    let releaseFirst: () => void = () => undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          releaseFirst = () => resolve(answer([TEXTURED, INDOOR]));
        }),
    );
    fetchMock.mockImplementationOnce(async () => answer([INDOOR]));
    renderCatalogue();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'indoor' } });
    expect(await screen.findByText('1 dataset')).toBeTruthy();
    const firstSignal = (fetchMock.mock.calls[0][1] as RequestInit).signal!;
    expect(firstSignal.aborted).toBe(true);
    await act(async () => releaseFirst());
    expect(screen.getByText('1 dataset')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '3D Visualisation Map (textured)' })).toBeNull();
  });

  it('shows an empty state whose button clears the search and filters', async () => {
    fetchMock.mockImplementation(async (url: string) => (new URL(url, 'http://localhost').searchParams.has('q') ? answer([]) : answer([TEXTURED, INDOOR])));
    const router = renderCatalogue('/catalogue?l=zh-HK&q=nothing&status=obsolete&sort=title', 'zh-HK');
    expect(await screen.findByRole('heading', { name: '找不到數據集' })).toBeTruthy();
    const clearButtons = screen.getAllByRole('button', { name: '清除搜尋及篩選' });
    fireEvent.click(clearButtons[clearButtons.length - 1]);
    expect(await screen.findByText('2 個數據集')).toBeTruthy();
    expect(router.state.location.search).toBe('?l=zh-HK&sort=title');
    expect((screen.getByLabelText('搜尋數據集') as HTMLInputElement).value).toBe('');
  });

  it('shows an error with a retry that loads the list again', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('busy', { status: 503 }));
    renderCatalogue();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The catalogue could not be loaded')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 datasets')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats an answer that does not match the contract as an error', async () => {
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ total: 1, records: [{ id: 'x' }] })));
    renderCatalogue();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
