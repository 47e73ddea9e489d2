// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../core/contracts/common';
import { MESSAGES } from '../../i18n/testMessages';
import { useShellStore } from '../../state/shellStore';
import DownloadApiPage, { DOWNLOAD_API_AGREEMENT_KEY } from './DownloadApiPage';

const AGREE = 'I have read and agreed to the Terms and Conditions of Use';

function renderPage(language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: '/download-api', element: <DownloadApiPage /> }], { initialEntries: ['/download-api'] });
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  useShellStore.setState({ aboutSection: null });
});
afterEach(() => cleanup());

describe('download API page', () => {
  it('hides the documentation until the terms are agreed', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Download API' })).toBeTruthy();
    expect(screen.queryByTestId('download-api-docs')).toBeNull();
    expect(screen.queryByText(/tile_sheet_num/)).toBeNull();

    fireEvent.click(screen.getByLabelText(AGREE));

    const docs = screen.getByTestId('download-api-docs');
    expect(docs.textContent).toContain('GET /mapviewer/api/3d-zip?format={format}&tile_sheet_num={sheet}&key={key}');
    expect(docs.textContent).toContain('GET /mapviewer/api/3d-zip/{format}/{sheet}.zip?key={key}');
    expect(docs.textContent).toContain('CESIUM, DAE, FBX, GLTF, MAX, OBJ, OSGB');
    for (const status of ['200 OK', '206 Partial Content', '304 Not Modified', '400 Bad Request', '401 Access Denied', '404 File Not Found', '416 Range Not Satisfiable']) {
      expect(screen.getByText(status)).toBeTruthy();
    }
    expect(docs.textContent).toContain(`curl --fail -o 11-SW-4D.zip -C - '${window.location.origin}/mapviewer/api/3d-zip?format=OBJ&tile_sheet_num=11-SW-4D&key=hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000'`);
    expect(screen.getByText(/It is a development-only example/).textContent).toContain('hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000. It is a development-only example');
    expect(screen.getByRole('link', { name: 'Try it in the API explorer: Download API' }).getAttribute('href')).toBe('/api/swaggerui?api=download_api');
  });

  it('remembers the agreement for the session and lets it be withdrawn', () => {
    renderPage();
    fireEvent.click(screen.getByLabelText(AGREE));
    expect(window.sessionStorage.getItem(DOWNLOAD_API_AGREEMENT_KEY)).toBe('1');
    cleanup();

    renderPage();
    expect((screen.getByLabelText(AGREE) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('download-api-docs')).toBeTruthy();

    fireEvent.click(screen.getByLabelText(AGREE));
    expect(screen.queryByTestId('download-api-docs')).toBeNull();
    expect(window.sessionStorage.getItem(DOWNLOAD_API_AGREEMENT_KEY)).toBeNull();
  });

  it('opens the full terms in the About dialog', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Read the full Terms and Conditions of Use' }));
    expect(useShellStore.getState().aboutSection).toBe('terms');
  });

  it('speaks zh-HK', () => {
    renderPage('zh-HK');
    expect(screen.getByRole('heading', { level: 1, name: '下載 API' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('本人已閱讀並同意使用條款及細則'));
    expect(screen.getByRole('heading', { name: '續傳中斷的下載' })).toBeTruthy();
  });
});
