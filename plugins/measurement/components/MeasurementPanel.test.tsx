// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createInteractionModes } from '../../../core/map/interactionModes';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { definePlugin } from '../../../core/plugin/definePlugin';
import { createPluginHost } from '../../../core/plugin/host';
import { type MapPickResult, PLUGIN_API_VERSION } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { MEASURE_EXCLUSIVE_GROUP } from '../api';
import plugin from '../index';
import MeasurementPanel from './MeasurementPanel';

/** jsdom has `ontouchstart`, so it passes for a touch device: each test says which it is. */
const device = vi.hoisted(() => ({ phone: false }));
vi.mock('../smallScreen', () => ({ onPhoneOrSmallScreen: () => device.phone }));

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  device.phone = false;
});

/** The plugin through the plugin host on the app's store (the panel reads it), with a map whose clicks we give. */
async function setUp() {
  const modes = createInteractionModes();
  const notices: string[] = [];
  const host = createPluginHost({
    services: {
      store: appStore,
      map: createNoopMapFacade({ takePointer: (mode) => modes.take(mode), pointerMode: () => modes.active() }),
      notices: {
        show: (notice) => {
          notices.push(typeof notice.message === 'function' ? notice.message() : notice.message);
          return () => {};
        },
      },
    },
  });
  const dispose = await host.activatePlugin(plugin, {});
  return {
    host,
    modes,
    notices,
    dispose: () => {
      act(() => {
        appStore.getState().setMeasureMode(null);
        appStore.getState().setMode('measure', false);
        dispose();
      });
      host.dispose();
    },
  };
}

const renderPanel = () =>
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <MeasurementPanel />
    </IntlProvider>,
  );

describe('measure panel', () => {
  it('opens with the Measure switch, measures with a tool button and lists the result with Copy and downloads', async () => {
    const { modes, dispose } = await setUp();
    renderPanel();
    expect(screen.queryByTestId('measurement-panel')).toBeNull();
    act(() => appStore.getState().setMode('measure', true));
    const panel = screen.getByRole('region', { name: 'Measure' });
    expect(within(panel).getByText('No measurements yet.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);

    const distance = within(panel).getByRole('button', { name: 'Distance' });
    fireEvent.click(distance);
    expect(distance.getAttribute('aria-pressed')).toBe('true');
    expect(appStore.getState().measureMode).toBe('distance');
    expect(modes.active()).toBe('measurement');
    act(() => void modes.dispatch(click(114.1617, 22.2867)));
    expect(within(panel).getByText('Click 1 more point.')).toBeTruthy();
    act(() => void modes.dispatch(click(114.1686, 22.2937)));
    expect(within(panel).getByRole('status').textContent).toBe('Point 2 added.');
    const result = within(panel).getByRole('heading', { name: 'Measurement 1: Distance' }).closest('li')!;
    expect(result.querySelector('[data-quantity="total"] dd')!.getAttribute('data-value')).toBe('1051.87');
    expect(within(result).getByText('On the terrain')).toBeTruthy();

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: 'Copy Measurement 1: Distance' })));
    expect(writeText).toHaveBeenCalledWith('Measurement 1: Distance\nOn the terrain\nSegment 1: 1051.87 m\nTotal: 1051.87 m\nTotal: 1.052 km');
    expect(within(result).getByText('Copied')).toBeTruthy();

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:measurements');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(panel).getByRole('button', { name: 'Download GeoJSON' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const file = createObjectURL.mock.calls[0][0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    const geojson = JSON.parse(text);
    expect(geojson.features[0].geometry.type).toBe('LineString');
    clicked.mockRestore();

    // Escape clears the drawing and ends the tool; the result stays listed.
    act(() => void modes.escape());
    expect(appStore.getState().measureMode).toBeNull();
    expect(distance.getAttribute('aria-pressed')).toBe('false');
    expect(within(panel).getByRole('heading', { name: 'Measurement 1: Distance' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear the list' }));
    expect(within(panel).getByText('No measurements yet.')).toBeTruthy();
    dispose();
  });

  it('ends the tool and gives the pointer back when a view-shed tool joining its exclusive group is switched on', async () => {
    const { host, modes, dispose } = await setUp();
    // What a view-shed plugin does: its toggle joins the measure tools' group (api.ts).
    const viewShed = definePlugin({
      id: 'view-shed-stand-in',
      apiVersion: PLUGIN_API_VERSION,
      activate(ctx) {
        ctx.tools.register({ id: 'viewshed', label: 'viewshed', placement: 'tools', kind: 'toggle', exclusiveGroups: [MEASURE_EXCLUSIVE_GROUP] });
      },
    });
    const disposeViewShed = await host.activatePlugin(viewShed, {});
    modes.take({ id: 'identify', onPick: () => {}, endOnEscape: false });
    act(() => appStore.getState().setMeasureMode('height'));
    expect(modes.active()).toBe('measurement');
    act(() => appStore.getState().setToggle('viewshed', true));
    expect(appStore.getState().measureMode).toBeNull();
    expect(modes.active()).toBe('identify');
    // And the other way round.
    act(() => appStore.getState().setMeasureMode('slope'));
    expect(appStore.getState().toggles.viewshed).toBe(false);
    disposeViewShed();
    dispose();
  });

  it('is refused on a phone with its message, and the switch stays off', async () => {
    device.phone = true;
    const { notices, dispose } = await setUp();
    renderPanel();
    act(() => appStore.getState().setMode('measure', true));
    await vi.waitFor(() => expect(appStore.getState().measure).toBe(false));
    expect(notices).toEqual(['measurement.mobileBlocked']);
    expect(screen.queryByTestId('measurement-panel')).toBeNull();
    dispose();
  });
});
