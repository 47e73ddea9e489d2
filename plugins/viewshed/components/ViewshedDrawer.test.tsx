// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createInteractionModes } from '../../../core/map/interactionModes';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { createPluginHost } from '../../../core/plugin/host';
import type { HttpClient, MapPickResult } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import plugin, { VIEWSHED_DRAWER } from '../index';
import ViewshedDrawer from './ViewshedDrawer';

/** jsdom has `ontouchstart`, so it passes for a touch device: each test says which it is. */
const device = vi.hoisted(() => ({ phone: false }));
vi.mock('../../measurement/smallScreen', () => ({ onPhoneOrSmallScreen: () => device.phone }));

const ANSWER = {
  observer: { longitude: 114.1869, latitude: 22.3524, heightMetres: 496.6 },
  cellSizeMetres: 5,
  columns: 2,
  rows: 2,
  west: 114.18,
  south: 22.35,
  east: 114.19,
  north: 22.355,
  cells: '1122',
  visibleShare: 0.5,
  buildings: [{ id: 'b1', visible: true }],
  attribution: 'LandsD',
};

afterEach(() => {
  cleanup();
  device.phone = false;
});

async function setUp() {
  const modes = createInteractionModes();
  const notices: string[] = [];
  const http: HttpClient = { json: async <T,>(_url: string, schema: z.ZodType<T>) => schema.parse(ANSWER) };
  const host = createPluginHost({
    services: {
      store: appStore,
      http,
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
        appStore.getState().closeDrawer(VIEWSHED_DRAWER);
        appStore.getState().setMeasureMode(null);
        dispose();
      });
      host.dispose();
    },
  };
}

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 495 },
  surface: 'terrain',
});

describe('view shed drawer', () => {
  it('places the observer, shows the visible share, refuses a value out of range by name, and writes the share link', async () => {
    const { host, modes, dispose } = await setUp();
    act(() => appStore.getState().openDrawer(VIEWSHED_DRAWER));
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <ViewshedDrawer />
      </IntlProvider>,
    );
    const drawer = screen.getByTestId('viewshed-drawer');
    expect(modes.active()).toBe('viewshed');
    expect(within(drawer).getByRole('button', { name: 'Compute' })).toHaveProperty('disabled', true);

    await act(async () => void modes.dispatch(click(114.1869, 22.3524)));
    await act(async () => {});
    expect(within(drawer).getByTestId('viewshed-share').textContent).toBe('Visible: 50% of the area in range · 1 of 1 buildings in range can be seen (cells of 5 m).');

    fireEvent.change(within(drawer).getByLabelText('Distance (m)', { selector: 'input[type="number"]' }), { target: { value: '9000' } });
    expect(within(drawer).getByRole('alert').textContent).toBe('Distance (m) must be a number from 50 to 5000.');
    expect(within(drawer).getByRole('button', { name: 'Compute' })).toHaveProperty('disabled', true);
    fireEvent.change(within(drawer).getByLabelText('Distance (m)', { selector: 'input[type="number"]' }), { target: { value: '2000' } });
    expect(within(drawer).queryByRole('alert')).toBeNull();

    expect(host.registries.urlState.get('viewshed-state')!.read()).toBe('114.1869,22.3524,1.6,0,90,90,2000');
    dispose();
  });

  it('is exclusive with the measure tools (SPEC §4)', async () => {
    const { dispose } = await setUp();
    act(() => appStore.getState().setMeasureMode('distance'));
    act(() => appStore.getState().openDrawer(VIEWSHED_DRAWER));
    expect(appStore.getState().measureMode).toBeNull();
    act(() => appStore.getState().setMeasureMode('area'));
    expect(appStore.getState().drawers[VIEWSHED_DRAWER]?.shown).toBe(false);
    dispose();
  });

  it('is refused on phones with the measurement message and stays closed', async () => {
    device.phone = true;
    const { modes, notices, dispose } = await setUp();
    act(() => appStore.getState().openDrawer(VIEWSHED_DRAWER));
    await act(async () => {});
    expect(appStore.getState().drawers[VIEWSHED_DRAWER]?.shown).toBe(false);
    expect(modes.active()).toBeNull();
    expect(notices).toEqual(['viewshed.mobileBlocked']);
    dispose();
  });
});
