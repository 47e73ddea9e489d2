// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import { overlayManifestSchema } from '../../../core/manifests/schemas';
import type { Language, OverlayContribution, PluginContext } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { setLayersContext } from '../context';
import LayersDrawer from './LayersDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));
const overlayFiles = import.meta.glob('../../../manifests/overlays/{annotation-*,census-dcca-2019}.json', { eager: true, import: 'default' });
const overlays: OverlayContribution[] = Object.values(overlayFiles).map((json) => {
  const manifest = overlayManifestSchema.parse(json);
  return { id: manifest.id, manifest };
});
/** A layer added by a manifest with no catalogue record (no `metadataId`): it lands under "Other layers". */
const layerWithoutRecord = overlayManifestSchema.parse({
  id: 'survey-points',
  mode: 'GEOJSON',
  name: { 'en-US': 'Survey points', 'zh-HK': '測量點', 'zh-CN': '测量点' },
  url: '/mapviewer/api/static/survey-points',
});

type ShownNotice = Parameters<PluginContext['notices']['show']>[0];

function renderDrawer(language: Language = 'en-US', address = '/map') {
  const store = createAppStore();
  const notices: ShownNotice[] = [];
  const context = {
    store,
    overlays: {
      list: () => [...overlays, { id: layerWithoutRecord.id, manifest: layerWithoutRecord }].map((item) => ({ ...item, owner: 'test' })),
      subscribe: () => () => {},
    },
    analytics: { emit: () => {} },
    notices: { show: (notice: ShownNotice) => (notices.push(notice), () => {}) },
  } as unknown as PluginContext;
  setLayersContext(context);
  render(
    <MemoryRouter initialEntries={[address]}>
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <LayersDrawer />
      </IntlProvider>
    </MemoryRouter>,
  );
  return { store, notices };
}

afterEach(() => {
  cleanup();
  setLayersContext(null);
});

describe('layers drawer', () => {
  it('says in the row of a shown layer whose data are the recorded snapshot when they were observed, read with its checkbox', () => {
    const { store } = renderDrawer('zh-HK');
    const observed = Date.parse('2024-04-21T10:40:00+08:00');
    act(() => {
      store.getState().setOverlayShown('survey-points', true);
      store.getState().setOverlayRefresh('survey-points', { lastDataAt: observed, snapshot: true });
    });
    const note = screen.getByText('2024年4月21日 10:40 的數據快照 — 即時數據已關閉');
    expect(screen.getByRole('checkbox', { name: /^測量點/ }).getAttribute('aria-describedby')).toContain(note.id);
    act(() => store.getState().setOverlayRefresh('survey-points', { lastDataAt: observed, snapshot: undefined }));
    expect(screen.queryByText(/數據快照/)).toBeNull();
  });

  it('groups the annotation labels under "Map labels" and the constituency areas under "Census", toggled by group', () => {
    const { store } = renderDrawer();
    const labels = screen.getByRole('checkbox', { name: 'Show all layers in Map labels' });
    expect(screen.getByRole('checkbox', { name: 'Show all layers in Census' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'District Council constituency areas (2019)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'MTR station names' }));
    expect(labels.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(labels);
    const shown = (id: string) => store.getState().overlays[id]?.shown ?? false;
    expect(['annotation-districts', 'annotation-stations', 'annotation-landmarks'].map(shown)).toEqual([true, true, true]);
    expect(shown('census-dcca-2019')).toBe(false);
    fireEvent.click(labels);
    expect(['annotation-districts', 'annotation-stations', 'annotation-landmarks'].map(shown)).toEqual([false, false, false]);
  });

  it('chooses the terrain from a radio group named "Terrain"', () => {
    const { store } = renderDrawer();
    const terrains = screen.getByRole('radiogroup', { name: 'Terrain' });
    const radios = within(terrains).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Adaptive terrain', 'Above ground level', 'Ellipsoid (no terrain)']);
    expect(within(terrains).getByRole('radio', { name: 'Adaptive terrain' })).toHaveProperty('checked', true);
    fireEvent.click(within(terrains).getByRole('radio', { name: 'Ellipsoid (no terrain)' }));
    expect(store.getState().terrain).toEqual({ id: 'ellipsoid', kind: 'ellipsoid' });
    fireEvent.click(within(terrains).getByRole('radio', { name: 'Above ground level' }));
    expect(store.getState().terrain.kind).toBe('above-ground-level');
  });

  it('switches textured mode off and on with a named switch', () => {
    const { store } = renderDrawer();
    const textured = screen.getByRole('switch', { name: 'Textured' });
    expect(textured).toHaveProperty('checked', true);
    fireEvent.click(textured);
    expect(store.getState().textured).toBe(false);
  });

  it('names everything in the current language', () => {
    renderDrawer('zh-HK');
    expect(screen.getByRole('checkbox', { name: '顯示地圖標註內所有圖層' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: '地形' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '橢球面（無地形）' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: '有紋理' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '區議會選區（2019年）的元數據（在新分頁開啟）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '測量點的元數據' })).toBeTruthy();
  });

  it('links a layer with a catalogue record to its metadata page in a new tab, keeping only the language', () => {
    const { store, notices } = renderDrawer('zh-CN', '/map?l=zh-CN&layers=annotation-districts');
    const link = screen.getByRole('link', { name: '地区名称的元数据（在新标签页打开）' });
    expect(link.getAttribute('href')).toBe('/metadata/annotation-district-names?l=zh-CN');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Beside the layer's checkbox label, not inside it: following the link never toggles the layer.
    expect(link.closest('label')).toBeNull();
    expect(link.closest('li')?.querySelector('input[type="checkbox"]')).toBeTruthy();
    fireEvent.click(link);
    expect(store.getState().overlays['annotation-districts']?.shown ?? false).toBe(false);
    expect(notices).toEqual([]);
  });

  it('has a metadata link for every layer with a record, and without "l" in the address none in the link', () => {
    renderDrawer('en-US', '/map');
    const links = screen.getAllByRole('link', { name: /^Metadata of .* \(opens in a new tab\)$/ });
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(
      overlays.map((item) => `/metadata/${item.manifest.metadataId}`).sort(),
    );
    expect(screen.getByRole('link', { name: 'Metadata of MTR station names (opens in a new tab)' }).getAttribute('href')).toBe('/metadata/annotation-station-names');
  });

  it('says the metadata is not available for a layer without a record, without toggling it', () => {
    const { store, notices } = renderDrawer();
    const button = screen.getByRole('button', { name: 'Metadata of Survey points' });
    expect(button.closest('label')).toBeNull();
    expect(button.getAttribute('type')).toBe('button');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(notices).toEqual([{ id: 'layers-metadata-unavailable', message: 'The metadata for the selected layer is not available.', severity: 'info' }]);
    expect(store.getState().overlays['survey-points']?.shown ?? false).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Survey points' })).toHaveProperty('checked', false);
  });
});
