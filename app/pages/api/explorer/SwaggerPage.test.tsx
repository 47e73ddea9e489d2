// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { API_DOCUMENTS, API_ENDPOINTS, API_KEY_QUERY_PARAMETER, apiDocumentEndpoints, buildOpenApiDocument, resolveApiDocumentId } from '../../../../core/contracts';
import type { Language } from '../../../../core/contracts/common';
import { AppConfigContext, DEFAULT_APP_CONFIG } from '../../../config';
import { MESSAGES } from '../../../i18n/testMessages';
import { DEVELOPMENT_EXAMPLE_KEY } from './tryItOut';
import SwaggerPage from './SwaggerPage';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** The server's answer for an API document, built as the server builds it. */
function documentAnswer(url: URL): Response {
  const api = resolveApiDocumentId(url.searchParams.get('api') ?? '');
  if (!api) return json({ error: 'Bad Request', field: 'api', message: 'unknown' }, 400);
  const info = { title: API_DOCUMENTS[api].title['en-US'], version: '9.9.9', description: '' };
  return json(buildOpenApiDocument(apiDocumentEndpoints(api, API_ENDPOINTS), info, API_DOCUMENTS[api].apiKey ? { apiKeyQueryParameter: API_KEY_QUERY_PARAMETER } : {}));
}

let callAnswer: (url: URL, init?: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  callAnswer = async () => json({ type: 'FeatureCollection', features: [] });
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    return url.pathname.endsWith('/openapi.json') ? documentAnswer(url) : callAnswer(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderExplorer(search: string, language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: '/api/swaggerui', element: <SwaggerPage /> }], { initialEntries: [`/api/swaggerui${search}`] });
  render(
    <AppConfigContext.Provider value={DEFAULT_APP_CONFIG}>
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <RouterProvider router={router} />
      </IntlProvider>
    </AppConfigContext.Provider>,
  );
  return router;
}

/** Opens an operation's disclosure and returns its element. */
async function openOperation(id: string): Promise<HTMLElement> {
  const item = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[data-operation-id="${id}"]`);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  });
  const toggle = within(item).getAllByRole('button')[0];
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return item;
}

function calls(): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => !url.includes('/openapi.json'));
}

describe('API explorer page', () => {
  it('loads the document the api parameter names and tries a call out against the server', async () => {
    renderExplorer('?api=mod_kcke_f2_layer_api');
    expect(screen.getByRole('heading', { level: 1, name: 'Map Layer API' })).toBeTruthy();
    expect(await screen.findByText('Version 9.9.9')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/mapviewer/api/openapi.json?api=mod_kcke_f2_layer_api');
    expect(screen.getByRole('button', { name: /Realtime feeds/ }).getAttribute('aria-expanded')).toBe('true');

    const temperature = await openOperation('getRealtimeTemperature');
    callAnswer = async () => json({ type: 'FeatureCollection', features: [{ id: 'hko-1' }] });
    fireEvent.click(within(temperature).getByRole('button', { name: 'Execute' }));
    expect((await within(temperature).findByTestId('explorer-status')).textContent).toContain('200');
    expect(calls()).toEqual(['/mapviewer/api/realtime/temperature']);
    expect(within(temperature).getByText(/"id": "hko-1"/)).toBeTruthy();
    expect(within(temperature).getByText(/^curl -X GET '.*\/mapviewer\/api\/realtime\/temperature'$/)).toBeTruthy();
    expect(within(temperature).getByText('application/json; charset=utf-8')).toBeTruthy();
  });

  it('checks the form before sending: a message names the field and focus goes to it', async () => {
    renderExplorer('?api=mod_kcke_f2_layer_api');
    const utm = await openOperation('getUtmGridSquare');
    const easting = within(utm).getByLabelText(/^easting/) as HTMLInputElement;
    expect(easting.value).toBe('205494');
    fireEvent.change(easting, { target: { value: '' } });
    fireEvent.change(within(utm).getByLabelText(/^northing/), { target: { value: 'north' } });
    fireEvent.click(within(utm).getByRole('button', { name: 'Execute' }));
    const summary = within(utm).getByRole('alert');
    expect(summary.textContent).toContain('easting is required.');
    expect(summary.textContent).toContain('northing must match the pattern');
    expect(document.activeElement).toBe(easting);
    expect(easting.getAttribute('aria-invalid')).toBe('true');
    expect(calls()).toEqual([]);
  });

  it('shows an error answer and a failed request clearly', async () => {
    renderExplorer('?api=download%20api');
    expect(screen.getByRole('heading', { level: 1, name: 'Download API' })).toBeTruthy();
    const download = await openOperation('downloadApiByQuery');
    expect((within(download).getByLabelText(/^key/) as HTMLInputElement).value).toBe(DEVELOPMENT_EXAMPLE_KEY);
    expect(within(download).getByTestId('explorer-key-note').textContent).toContain('development server');

    callAnswer = async () => json({ error: 'Unauthorized', message: 'Access Denied' }, 401);
    fireEvent.change(within(download).getByLabelText(/^key/), { target: { value: 'wrong' } });
    fireEvent.click(within(download).getByRole('button', { name: 'Execute' }));
    expect(await within(download).findByText('The server answered with error 401: Access Denied')).toBeTruthy();
    expect(calls()[0]).toBe(`/mapviewer/api/3d-zip?format=OBJ&tile_sheet_num=11-SW-4D&key=wrong`);

    callAnswer = async () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(download).getByRole('button', { name: 'Execute' }));
    expect(await within(download).findByText('The request failed before the server answered: Failed to fetch')).toBeTruthy();
  });

  it('shows a zip as its size with a download link', async () => {
    // jsdom has no object URLs: give URL the two functions for this test only.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      delete (URL as Partial<typeof URL>).createObjectURL;
      delete (URL as Partial<typeof URL>).revokeObjectURL;
    });
    renderExplorer('?api=download_api');
    const download = await openOperation('downloadApiByPath');
    callAnswer = async () => new Response(new Uint8Array(2048), { headers: { 'content-type': 'application/zip', 'content-length': '2048' } });
    fireEvent.click(within(download).getByRole('button', { name: 'Execute' }));
    expect((await within(download).findByTestId('explorer-binary-size')).textContent).toContain('2,048 bytes');
    const link = await within(download).findByRole('link', { name: 'Download 11-SW-4D.zip' });
    expect(link.getAttribute('href')).toBe('blob:zip');
    expect(calls()[0]).toBe(`/mapviewer/api/3d-zip/OBJ/11-SW-4D.zip?key=${DEVELOPMENT_EXAMPLE_KEY}`);
  });

  it('picking another document changes api in the address and keeps the language', async () => {
    const router = renderExplorer('?l=zh-HK&api=f2_api', 'zh-HK');
    expect(screen.getByRole('heading', { level: 1, name: '三維可視化地圖 API（有紋理）' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('API 文件'), { target: { value: 'f1_non_texture_api' } });
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('l'), search.get('api')]).toEqual(['zh-HK', 'f1_non_texture_api']);
    expect(await screen.findByRole('heading', { level: 1, name: '三維可視化地圖 API（無紋理）' })).toBeTruthy();
  });

  it('shows the contract texts in the page language: tag names, summaries and descriptions', async () => {
    const zhHK = (await import('../../../i18n/contractTexts/zh-HK')).default;
    renderExplorer('?l=zh-HK&api=mod_kcke_f2_layer_api', 'zh-HK');
    const tagToggle = await screen.findByRole('button', { name: new RegExp(`^${zhHK['Realtime feeds']}`) });
    expect(tagToggle.getAttribute('aria-expanded')).toBe('true');
    const temperature = await openOperation('getRealtimeTemperature');
    expect(temperature.textContent).toContain(zhHK['Air temperature at the HKO automatic weather stations']);
    expect(temperature.textContent).not.toContain('Air temperature at the HKO automatic weather stations');
    expect(temperature.textContent).toContain(zhHK['GeoJSON points, one per station']);
  });

  it('says an unknown api value is unknown and links the valid ones; without api it lists them', async () => {
    renderExplorer('?api=f3_api');
    expect(screen.getByRole('alert').textContent).toContain('f2_api, f1_non_texture_api, mod_kcke_f2_layer_api, download_api');
    expect(screen.getByRole('link', { name: 'Download API' }).getAttribute('href')).toBe('/api/swaggerui?api=download_api');
    cleanup();
    renderExplorer('');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/api/swaggerui?api=f2_api',
      '/api/swaggerui?api=f1_non_texture_api',
      '/api/swaggerui?api=mod_kcke_f2_layer_api',
      '/api/swaggerui?api=download_api',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the document cannot be loaded and loads it again on request', async () => {
    fetchMock.mockImplementationOnce(async () => json({ error: 'Service Unavailable', message: 'down' }, 503));
    renderExplorer('?api=f2_api');
    expect((await screen.findByRole('alert')).textContent).toContain('The API document could not be loaded: 503');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Version 9.9.9')).toBeTruthy();
  });
});
