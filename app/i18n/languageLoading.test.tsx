// @vitest-environment jsdom
/**
 * The shell with the tables loaded lazily (no preload): a new language shows once its table has arrived, the
 * page keeps the current language meanwhile (never raw ids), and a failed load keeps it for good and logs.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../AppShell';
import { AppConfigContext, DEFAULT_APP_CONFIG } from '../config';
import { messageTables } from './messages';

function renderShell(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <AppShell />, children: [{ index: true, element: <h1><FormattedMessage id="app.productName" /></h1> }] }],
    { initialEntries: [path] },
  );
  render(
    <AppConfigContext.Provider value={DEFAULT_APP_CONFIG}>
      <RouterProvider router={router} />
    </AppConfigContext.Provider>,
  );
  return router;
}

// What main.tsx does before the first render.
beforeAll(() => messageTables.load('en-US'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('language tables loaded on demand', () => {
  it('keeps showing the current language until the new table has arrived', async () => {
    renderShell('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hong Kong 3D Map');
    expect(messageTables.isLoaded('zh-HK')).toBe(false);

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-HK' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hong Kong 3D Map');
    expect(document.documentElement.lang).toBe('en-US');

    expect(await screen.findByRole('heading', { level: 1, name: '香港三維地圖' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-HK');
  });

  it('stays in the current language and logs when the new table fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(messageTables, 'load').mockRejectedValue(new Error('loading the zh-CN messages failed'));
    const router = renderShell('/');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-CN' } });
    });

    expect(router.state.location.search).toBe('?l=zh-CN');
    expect(messageTables.load).toHaveBeenCalledWith('zh-CN');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('zh-CN'), expect.any(Error));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hong Kong 3D Map');
    expect(document.documentElement.lang).toBe('en-US');

    // It says so, in the language shown, with a Retry that loads the table again (SPEC §8: no dead control).
    const notice = await screen.findByText('The texts of the chosen language did not arrive, so the page stays in this language. Check your connection, then try again.');
    vi.mocked(messageTables.load).mockRestore();
    await act(async () => {
      fireEvent.click(within(notice.closest('.notice') as HTMLElement).getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: '香港三维地图' }, { timeout: 15_000 })).toBeTruthy();
  });
});
