// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { createPluginHost } from '../../../core/plugin/host';
import type { CompanionViewSpec, OverlayContribution } from '../../../core/plugin/types';
import buildings from '../../../manifests/overlays/buildings.json';
import { appStore } from '../../../core/store';
import plugin from '../index';
import MultiViewPanel from './MultiViewPanel';

afterEach(cleanup);

async function setUp() {
  const area = document.createElement('div');
  const mapElement = document.createElement('div');
  area.append(mapElement);
  Object.defineProperty(area, 'clientWidth', { value: 1280 });
  Object.defineProperty(area, 'clientHeight', { value: 720 });
  document.body.append(area);
  const open: Array<{ spec: CompanionViewSpec; closed: boolean }> = [];
  const map = createNoopMapFacade({
    container: () => mapElement,
    companionViews: () => ({
      open: async (element, spec) => {
        const entry = { spec, closed: false };
        open.push(entry);
        return { element, cameraState: () => null, setView: () => {}, tilesLoaded: () => true, close: () => void (entry.closed = true) };
      },
      list: () => [],
    }),
  });
  const host = createPluginHost({ services: { store: appStore, map } });
  host.registries.overlays.registerAs('core', { id: 'buildings', manifest: buildings as unknown as OverlayContribution['manifest'] });
  const dispose = await host.activatePlugin(plugin, {});
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <MultiViewPanel />
    </IntlProvider>,
  );
  return {
    area,
    open,
    dispose: () => {
      act(() => {
        appStore.getState().setMode('multiView', false);
        dispose();
      });
      host.dispose();
      area.remove();
    },
  };
}

describe('multi view panel', () => {
  it('opens two views with the tool, redraws them for the choices made, and goes back to one map', async () => {
    const { area, open, dispose } = await setUp();
    act(() => appStore.getState().setMode('multiView', true));
    await screen.findByRole('region', { name: 'Multi view' });
    await waitFor(() => expect(open).toHaveLength(1));
    // View 2 starts in the dark style with the buildings' tileset.
    expect(open[0].spec).toMatchObject({ baseMapId: 'dark', tilesets: [{ url: expect.stringContaining('3dtiles/buildings/tileset.json') }] });

    fireEvent.click(screen.getByRole('radio', { name: '4 views' }));
    await waitFor(() => expect(open.filter((entry) => !entry.closed)).toHaveLength(3));
    expect(open[0].closed).toBe(true);
    expect(appStore.getState().multiView).toBe(true);
    const view3 = screen.getByRole('group', { name: 'View 3' });
    fireEvent.change(view3.querySelector('select')!, { target: { value: 'grey' } });
    await waitFor(() => expect(open.filter((entry) => !entry.closed).map((entry) => entry.spec.baseMapId)).toEqual(['dark', 'grey', 'grey']));
    // A title on each of the four views (the host's i18n here has no messages: the ids stand in).
    expect(area.querySelectorAll('.multi-view__name')).toHaveLength(4);

    fireEvent.click(screen.getAllByRole('button', { name: 'Back to one map' })[0]);
    expect(appStore.getState().multiView).toBe(false);
    expect(open.every((entry) => entry.closed)).toBe(true);
    expect(area.querySelector('.multi-view')).toBeNull();
    dispose();
  });
});
