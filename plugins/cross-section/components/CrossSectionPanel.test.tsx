// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createInteractionModes } from '../../../core/map/interactionModes';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { createPluginHost } from '../../../core/plugin/host';
import type { MapPickResult } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { CROSS_SECTION_TOOL } from '../ids';
import plugin from '../index';
import { syntheticProfile } from '../testProfile';
import CrossSectionPanel from './CrossSectionPanel';

/** jsdom has `ontouchstart`, so it passes for a touch device: each test says which it is. */
const device = vi.hoisted(() => ({ phone: false }));
vi.mock('../../measurement/smallScreen', () => ({ onPhoneOrSmallScreen: () => device.phone }));

const click = (longitude: number, latitude: number, x: number): MapPickResult => ({
  screen: { x, y: 10 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  device.phone = false;
});

async function setUp() {
  const modes = createInteractionModes();
  const notices: string[] = [];
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(syntheticProfile()), { status: 200 });
  });
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
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <CrossSectionPanel />
    </IntlProvider>,
  );
  return {
    host,
    modes,
    notices,
    urls,
    dispose: () => {
      act(() => {
        appStore.getState().setToggle(CROSS_SECTION_TOOL, false);
        appStore.getState().setMeasureMode(null);
        dispose();
      });
      host.dispose();
    },
  };
}

describe('cross section panel', () => {
  it('draws a line, shows the profile with its summary, moves the cursor by keyboard and downloads the CSV', async () => {
    const { host, modes, urls, dispose } = await setUp();
    expect(screen.queryByTestId('cross-section-panel')).toBeNull();
    act(() => appStore.getState().setToggle(CROSS_SECTION_TOOL, true));
    const panel = screen.getByRole('region', { name: 'Cross section' });
    expect(modes.active()).toBe('cross-section');
    expect(within(panel).getByRole('button', { name: 'Show profile' })).toHaveProperty('disabled', true);
    act(() => void modes.dispatch(click(114.112, 22.4045, 10)));
    act(() => void modes.dispatch(click(114.13, 22.4165, 300)));
    expect(within(panel).getByText('2 points.')).toBeTruthy();
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Show profile' })));
    expect(urls).toHaveLength(1);

    const summary = within(panel).getByTestId('cross-section-summary');
    expect(summary.querySelector('[data-summary="highest-ground"] dd')!.getAttribute('data-value')).toBe('40');
    expect(summary.querySelector('[data-summary="highest-roof"] dd')!.textContent).toBe('80.0 m');
    expect(within(panel).getByText('Tower, "A"')).toBeTruthy();

    const chart = within(panel).getByRole('slider', { name: /Profile chart/ });
    act(() => void fireEvent.keyDown(chart, { key: 'End' }));
    expect(chart.getAttribute('aria-valuenow')).toBe('100');
    act(() => void fireEvent.keyDown(chart, { key: 'ArrowLeft' }));
    act(() => void fireEvent.keyDown(chart, { key: 'ArrowLeft' }));
    expect(within(panel).getByTestId('cross-section-reading').textContent).toBe('At 80.0 m: ground 25.0 m, roof 80.0 m (Tower, "A").');

    // The share link holds the line.
    const address = host.registries.urlState.get('cross-section-line')!;
    expect(address.read()).toBe('114.112000,22.404500;114.130000,22.416500');

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:profile');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    let fileName = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    expect(fileName).toBe('cross-section-114.1000_22.3000-100m.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(createObjectURL.mock.calls[0][0]);
    });
    expect(text.split('\r\n')).toHaveLength(13);
    dispose();
  });

  it('is exclusive with the measure tools', async () => {
    const { modes, dispose } = await setUp();
    act(() => appStore.getState().setToggle(CROSS_SECTION_TOOL, true));
    act(() => appStore.getState().setMeasureMode('distance'));
    expect(appStore.getState().toggles[CROSS_SECTION_TOOL]).toBe(false);
    expect(modes.active()).not.toBe('cross-section');
    act(() => appStore.getState().setToggle(CROSS_SECTION_TOOL, true));
    expect(appStore.getState().measureMode).toBeNull();
    dispose();
  });

  it('refuses on a phone with the SPEC §5 message and stays off', async () => {
    device.phone = true;
    const { modes, notices, dispose } = await setUp();
    act(() => appStore.getState().setToggle(CROSS_SECTION_TOOL, true));
    await act(async () => {});
    // The host here has no messages loaded: the notice shows the message id (its text is in locales/*/cross-section.json).
    expect(notices).toEqual(['cross-section.mobileBlocked']);
    expect(appStore.getState().toggles[CROSS_SECTION_TOOL]).toBe(false);
    expect(modes.active()).toBeNull();
    dispose();
  });
});
