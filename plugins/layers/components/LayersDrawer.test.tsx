// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
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

function renderDrawer(language: Language = 'en-US') {
  const store = createAppStore();
  const context = {
    store,
    overlays: { list: () => overlays.map((item) => ({ ...item, owner: 'test' })), subscribe: () => () => {} },
    analytics: { emit: () => {} },
  } as unknown as PluginContext;
  setLayersContext(context);
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <LayersDrawer />
    </IntlProvider>,
  );
  return store;
}

afterEach(() => {
  cleanup();
  setLayersContext(null);
});

describe('layers drawer', () => {
  it('groups the annotation labels under "Map labels" and the constituency areas under "Census", toggled by group', () => {
    const store = renderDrawer();
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
    const store = renderDrawer();
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
    const store = renderDrawer();
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
  });
});
