// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_DOCUMENTS } from '../core/contracts/apiDocuments';
import { createPluginHost, type PluginHost } from '../core/plugin/host';
import { appStore } from '../core/store';
import { AppConfigContext, DEFAULT_APP_CONFIG, type AppConfig } from './config';
import { PluginHostContext } from './plugins/PluginHostContext';
import { useNoticeStore } from './plugins/notices';
import { preloadMessages } from './i18n/testMessages';
import { appRoutesAt } from './routes/routesTesting';
import { resetMenus } from './state/menus';
import { useShellStore } from './state/shellStore';

function renderApp(path: string, config: Partial<AppConfig> = {}, host: PluginHost | null = null) {
  const fullConfig = { ...DEFAULT_APP_CONFIG, ...config };
  const { element, rendered } = appRoutesAt(path, fullConfig, (routes) => (
    <AppConfigContext.Provider value={fullConfig}>
      <PluginHostContext.Provider value={host}>{routes}</PluginHostContext.Provider>
    </AppConfigContext.Provider>
  ));
  render(element);
  return rendered;
}

// The shell renders from the lazily loaded tables; with all three loaded, switching `l` is immediate.
beforeAll(() => preloadMessages());
beforeEach(() => {
  // The pages fetch from the data service; these tests are about the shell, so every call answers an empty catalogue.
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ total: 0, records: [] })));
  resetMenus();
  useShellStore.setState({ aboutSection: null, landingOpen: false });
  useNoticeStore.setState({ notices: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('language', () => {
  it('switches visible text, <html lang> and the title through `l` without a reload', async () => {
    const router = renderApp('/catalogue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Data catalogue' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe('Hong Kong 3D Map');

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-HK' } });

    expect(await screen.findByRole('heading', { level: 1, name: '開放數據目錄' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /探索/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-HK');
    expect(document.title).toBe('香港三維地圖');
    expect(router.location.pathname).toBe('/catalogue');
    expect(router.location.search).toBe('?l=zh-HK');
    expect(appStore.getState().language).toBe('zh-HK');

    fireEvent.change(screen.getByLabelText('語言'), { target: { value: 'zh-CN' } });
    expect(await screen.findByRole('heading', { level: 1, name: '开放数据目录' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('keeps the language on in-app links', async () => {
    renderApp('/catalogue?l=zh-CN');
    await screen.findByRole('heading', { level: 1, name: '开放数据目录' });
    expect(screen.getByRole('link', { name: /应用程序接口/ }).getAttribute('href')).toBe('/api?l=zh-CN');
  });
});

describe('routes', () => {
  it('redirects /api/f2 to the swagger page keeping the query', async () => {
    const router = renderApp('/api/f2?l=zh-HK');
    expect(await screen.findByRole('heading', { level: 1, name: API_DOCUMENTS.f2_api.title['zh-HK'] })).toBeTruthy();
    expect(router.location.pathname).toBe('/api/swaggerui');
    expect(new URLSearchParams(router.location.search).get('l')).toBe('zh-HK');
  });

  it('shows the not-found page for unknown paths and for /map in catalogue-only mode', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    cleanup();
    renderApp('/map', { catalogueOnly: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('redirects / to /catalogue in catalogue-only mode', async () => {
    const router = renderApp('/?l=zh-HK', { catalogueOnly: true });
    expect(await screen.findByRole('heading', { level: 1, name: '開放數據目錄' })).toBeTruthy();
    expect(router.location.pathname).toBe('/catalogue');
  });
});

describe('header menus', () => {
  it('keeps the mega menu and the quick action menu mutually exclusive', async () => {
    renderApp('/catalogue');
    await screen.findByRole('heading', { level: 1 });
    const mega = screen.getByRole('button', { name: 'All sections and information' });
    const quick = screen.getByRole('button', { name: 'Quick actions' });

    fireEvent.click(mega);
    expect(mega.getAttribute('aria-expanded')).toBe('true');
    const megaPanel = document.getElementById(mega.getAttribute('aria-controls')!)!;
    expect(megaPanel.hidden).toBe(false);
    expect(within(megaPanel).getByRole('link', { name: /GeoInfo Map/ }).getAttribute('rel')).toContain('noopener');

    fireEvent.click(quick);
    expect(quick.getAttribute('aria-expanded')).toBe('true');
    expect(mega.getAttribute('aria-expanded')).toBe('false');
    expect(appStore.getState().menus).toEqual({ mega: false, quickAction: true });
  });

  it('moves with arrow keys and closes on Escape, returning focus to the button', async () => {
    renderApp('/catalogue');
    await screen.findByRole('heading', { level: 1 });
    const quick = screen.getByRole('button', { name: 'Quick actions' });
    fireEvent.click(quick);
    const panel = document.getElementById(quick.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Go to the map' })));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Download data' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(quick.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(quick);
  });

  it('closes on a press outside the menu, not on one inside it, and places the panel once its positioning has loaded', async () => {
    renderApp('/catalogue');
    await screen.findByRole('heading', { level: 1 });
    const mega = screen.getByRole('button', { name: 'All sections and information' });
    fireEvent.click(mega);
    const panel = document.getElementById(mega.getAttribute('aria-controls')!)!;
    // Floating UI (a chunk of its own) writes the measured place on the panel.
    await waitFor(() => expect(panel.style.position).toBe('absolute'));

    fireEvent.pointerDown(within(panel).getByRole('link', { name: /GeoInfo Map/ }));
    expect(mega.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(mega.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(panel.getAttribute('style')).toBeNull();
  });
});

describe('about dialog', () => {
  it('opens at the section chosen in the mega menu and closes with Escape', async () => {
    renderApp('/catalogue');
    await screen.findByRole('heading', { level: 1 });
    const mega = screen.getByRole('button', { name: 'All sections and information' });
    fireEvent.click(mega);
    fireEvent.click(screen.getByRole('button', { name: 'FAQ' }));

    const dialog = await screen.findByRole('dialog', { name: 'About Hong Kong 3D Map' });
    expect(within(dialog).getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByText('How do I get an API key?')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(within(dialog).getByRole('tab', { name: 'FAQ' }), { key: 'ArrowDown' });
    expect(within(dialog).getByRole('tab', { name: 'Contact Us' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('link', { name: '3dmap@landsd.gov.hk' })).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(mega);
  });

  it('renders the data-source table with the sample-data mark', async () => {
    renderApp('/catalogue');
    await screen.findByRole('heading', { level: 1 });
    act(() => useShellStore.getState().openAbout('sources'));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).queryByRole('table');
    if (table) expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    else expect(within(dialog).getByText('The list of data sources is not available at the moment.')).toBeTruthy();
  });
});

describe('plugin contributions', () => {
  it('reports a crashed slot contribution as a notice and keeps the page', async () => {
    const host = createPluginHost({ services: { store: appStore } });
    const original = console.error;
    console.error = () => {};
    try {
      await host.activatePlugin({
        id: 'broken-widget',
        apiVersion: 1,
        activate(context) {
          context.slots.register({
            id: 'broken-button',
            slot: 'header.end',
            component: async () => ({
              default: () => {
                throw new Error('boom');
              },
            }),
          });
        },
      });
      renderApp('/catalogue', {}, host);
      expect(await screen.findByText(/"broken-button" function stopped working/)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Open Data catalogue' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
      expect(screen.queryByText(/"broken-button" function stopped working/)).toBeNull();
    } finally {
      console.error = original;
      host.dispose();
    }
  });
});
