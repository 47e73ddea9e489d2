// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { createPluginHost } from '../../../core/plugin/host';
import type { LayerSplit } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import plugin from '../index';
import SplitDivider from './SplitDivider';
import SplitLayersPanel from './SplitLayersPanel';

afterEach(cleanup);

// jsdom has no PointerEvent: a mouse event with a pointer id carries clientX as the browser's does.
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  Object.assign(window, { PointerEvent: PointerEventPolyfill });
}

/** The plugin through the plugin host on the app's store, with a map that records the splits asked for. */
async function setUp() {
  const area = document.createElement('div');
  const mapElement = document.createElement('div');
  area.append(mapElement);
  document.body.append(area);
  area.getBoundingClientRect = () => ({ left: 100, width: 800, top: 0, height: 600, right: 900, bottom: 600, x: 100, y: 0, toJSON: () => ({}) });
  const splits: Array<LayerSplit | null> = [];
  const host = createPluginHost({
    services: { store: appStore, map: createNoopMapFacade({ container: () => mapElement, setLayerSplit: (split) => void splits.push(split) }) },
  });
  const dispose = await host.activatePlugin(plugin, {});
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <SplitLayersPanel />
      <SplitDivider />
    </IntlProvider>,
  );
  return {
    splits,
    dispose: () => {
      act(() => {
        appStore.getState().setMode('splitLayers', false);
        dispose();
      });
      host.dispose();
      area.remove();
    },
  };
}

describe('split divider and panel', () => {
  it('split the map while on, move the divider by keys and pointer, choose a style per side, and restore the map at the end', async () => {
    const { splits, dispose } = await setUp();
    expect(screen.queryByRole('separator')).toBeNull();
    act(() => appStore.getState().setMode('splitLayers', true));
    const divider = screen.getByRole('separator', { name: 'Split divider' });
    expect(divider.getAttribute('aria-valuenow')).toBe('50');
    expect(splits.at(-1)).toMatchObject({ position: 0.5, sideBaseMaps: [{ side: 'right' }] });
    expect(screen.getByText(/^Right: Dark/)).toBeTruthy();

    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    expect(divider.getAttribute('aria-valuenow')).toBe('54');
    expect(splits.at(-1)?.position).toBe(0.54);
    fireEvent.keyDown(divider, { key: 'Home' });
    expect(splits.at(-1)?.position).toBe(0);
    fireEvent.keyDown(divider, { key: 'End' });
    expect(divider.getAttribute('aria-valuenow')).toBe('100');

    // A drag: the divider follows the pointer across the map's area (left 100, 800 wide).
    fireEvent.pointerDown(divider, { pointerId: 1, clientX: 500 });
    fireEvent.pointerMove(divider, { pointerId: 1, clientX: 300 });
    expect(splits.at(-1)?.position).toBe(0.25);
    fireEvent.pointerUp(divider, { pointerId: 1, clientX: 340 });
    expect(splits.at(-1)?.position).toBe(0.3);
    fireEvent.pointerMove(divider, { pointerId: 1, clientX: 800 });
    expect(splits.at(-1)?.position).toBe(0.3);

    fireEvent.change(screen.getByRole('combobox', { name: 'Left map style' }), { target: { value: 'grey' } });
    expect(splits.at(-1)?.sideBaseMaps?.map((entry) => entry.side)).toEqual(['left', 'right']);
    expect(screen.getByText(/^Left: Grey/)).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'End split' })[0]);
    expect(splits.at(-1)).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    dispose();
  });
});
