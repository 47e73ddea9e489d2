// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../core/contracts/common';
import { MESSAGES } from '../../i18n/testMessages';
import { API_DOC_PAGES } from '../../routes/routeTable';
import ApiDocPage from './ApiDocPage';
import ApiGetStartedPage from './ApiGetStartedPage';
import ApiLandingPage from './ApiLandingPage';
import { pageEndpoints } from './apiDocs';

function renderAt(path: string, language: Language = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: '/api', element: <ApiLandingPage /> },
      { path: '/api/get-started', element: <ApiGetStartedPage /> },
      ...API_DOC_PAGES.map((apiPage) => ({ path: `/api/${apiPage}`, element: <ApiDocPage apiPage={apiPage} /> })),
    ],
    { initialEntries: [path] },
  );
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

afterEach(() => cleanup());

describe('API landing page', () => {
  it('has a card for every page of the area, keeping the language', () => {
    renderAt('/api?l=zh-HK', 'zh-HK');
    expect(screen.getByRole('heading', { level: 1, name: '三維可視化 API' })).toBeTruthy();
    const cards = screen.getAllByRole('heading', { level: 2 }).map((heading) => within(heading).getByRole('link'));
    expect(cards.map((link) => link.getAttribute('href'))).toEqual([
      '/api/get-started?l=zh-HK',
      '/api/apply-key?l=zh-HK',
      '/api/3d-map-tile?l=zh-HK',
      '/api/tile-source-download?l=zh-HK',
      '/api/routing?l=zh-HK',
      '/api/identify?l=zh-HK',
      '/api/annotation?l=zh-HK',
      '/download-api?l=zh-HK',
      '/api/swaggerui?api=f2_api&l=zh-HK',
    ]);
    expect(screen.getByRole('navigation', { name: 'API 頁面' }).querySelector('[aria-current="page"]')!.textContent).toBe('概覽');
  });
});

describe('per-API pages', () => {
  it.each(API_DOC_PAGES)('%s describes each of its calls from the contracts and links to the explorer', (apiPage) => {
    renderAt(`/api/${apiPage}`);
    for (const endpoint of pageEndpoints(apiPage)) {
      const section = document.querySelector(`[data-endpoint-id="${endpoint.id}"]`) as HTMLElement;
      expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(`${endpoint.method} ${endpoint.path}`);
      expect(within(section).getByText(endpoint.summary)).toBeTruthy();
    }
    const tryLinks = screen.getAllByRole('link', { name: /^Try it in the API explorer/ });
    expect(tryLinks[0].getAttribute('href')).toMatch(/^\/api\/swaggerui\?api=(f2_api|mod_kcke_f2_layer_api|f1_non_texture_api|download_api)$/);
  });

  it('3D map tile page sends "try it" to f2_api and shows a runnable example', () => {
    renderAt('/api/3d-map-tile');
    expect(screen.getAllByRole('link', { name: /^Try it in the API explorer/ })[0].getAttribute('href')).toBe('/api/swaggerui?api=f2_api');
    const relief = document.querySelector('[data-endpoint-id="getReliefTile"]') as HTMLElement;
    expect(within(relief).getByText(`curl --fail '${window.location.origin}/mapviewer/api/tiles/relief/12/3346/1786.png?style=dark'`)).toBeTruthy();
    expect(within(relief).getByText('One of: default, regular, dark, grey')).toBeTruthy();
  });

  it('identify, annotation and routing send "try it" to the layer API', () => {
    for (const apiPage of ['identify', 'annotation', 'routing'] as const) {
      renderAt(`/api/${apiPage}`);
      expect(screen.getAllByRole('link', { name: /^Try it in the API explorer/ })[0].getAttribute('href')).toBe('/api/swaggerui?api=mod_kcke_f2_layer_api');
      cleanup();
    }
  });
});

describe('get started page', () => {
  it('gives the base address of this server, the calls taking a key and the SPEC limits', () => {
    renderAt('/api/get-started');
    expect(screen.getByText(`${window.location.origin}/mapviewer/api`)).toBeTruthy();
    expect(screen.getByText('GET /mapviewer/api/3d-zip')).toBeTruthy();
    expect(screen.getByText(`curl --fail -o sheet.zip '${window.location.origin}/mapviewer/api/3d-zip?format=OBJ&tile_sheet_num=11-SW-4D&key=YOUR_API_KEY'`)).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Download API1 GB/s1,000', 'Map APIs (tiles, routing, identify, annotation)5 GB/s100']);
  });
});
