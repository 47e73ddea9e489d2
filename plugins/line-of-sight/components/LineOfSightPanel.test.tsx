// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import type { LineOfSightResponse } from '../../../core/contracts/analysis';
import { createInteractionModes } from '../../../core/map/interactionModes';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { createPluginHost } from '../../../core/plugin/host';
import type { HttpClient, MapPickResult } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import plugin from '../index';
import LineOfSightPanel from './LineOfSightPanel';

/** jsdom has `ontouchstart`, so it passes for a touch device: each test says which it is. */
const device = vi.hoisted(() => ({ phone: false }));
vi.mock('../../measurement/smallScreen', () => ({ onPhoneOrSmallScreen: () => device.phone }));

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 0 },
  surface: 'terrain',
});

const ANSWER: LineOfSightResponse = {
  visible: false,
  lengthMetres: 3986.5,
  from: { longitude: 114.179, latitude: 22.337, heightMetres: 122.9 },
  to: { longitude: 114.179, latitude: 22.373, heightMetres: 117.2 },
  obstruction: { distanceMetres: 908.9, longitude: 114.179, latitude: 22.34521, heightMetres: 121.6, kind: 'terrain' },
  stepMetres: 1,
  attribution: 'test',
};

afterEach(() => {
  cleanup();
  device.phone = false;
});

async function setUp() {
  const modes = createInteractionModes();
  const notices: string[] = [];
  const requests: string[] = [];
  const http: HttpClient = {
    json: async <T,>(url: string) => {
      requests.push(url);
      return ANSWER as T;
    },
  };
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
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <LineOfSightPanel />
    </IntlProvider>,
  );
  return {
    modes,
    notices,
    requests,
    dispose: () => {
      act(() => {
        appStore.getState().setToggle('line-of-sight', false);
        dispose();
      });
      host.dispose();
    },
  };
}

describe('line-of-sight panel', () => {
  it('guides the two clicks, refuses a bad height in its field, names the obstruction and ends with Escape', async () => {
    const { modes, requests, dispose } = await setUp();
    expect(screen.queryByTestId('line-of-sight-panel')).toBeNull();
    act(() => appStore.getState().setToggle('line-of-sight', true));
    const panel = screen.getByRole('region', { name: 'Line of sight' });
    expect(modes.active()).toBe('line-of-sight');
    expect(within(panel).getByText("Click the eye's place on the terrain or a roof.")).toBeTruthy();

    const eye = within(panel).getByLabelText('Eye height above the ground or roof (m)');
    fireEvent.change(eye, { target: { value: 'high' } });
    expect(within(panel).getByRole('alert').textContent).toBe('The height must be a number of metres, from 0 to 500.');
    expect(eye.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(eye, { target: { value: '100' } });
    expect(within(panel).queryByRole('alert')).toBeNull();

    act(() => void modes.dispatch(click(114.179, 22.337)));
    expect(within(panel).getByText('Now click the target on the terrain or a roof.')).toBeTruthy();
    await act(async () => void modes.dispatch(click(114.179, 22.373)));
    expect(requests).toEqual(['/mapviewer/api/analysis/line-of-sight?from=114.179%2C22.337&fromHeight=100&to=114.179%2C22.373&toHeight=1.6']);
    const status = within(panel).getByRole('status');
    expect(within(status).getByText('Blocked: the view is blocked before the target.')).toBeTruthy();
    expect(status.querySelector('[data-figure="obstruction"]')!.textContent).toBe('terrain at 114.17900, 22.34521');
    expect(status.querySelector('[data-figure="length"]')!.textContent).toBe('3.99 km');
    expect(within(status).getByText('908.9 m')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(within(panel).getByText("Click the eye's place on the terrain or a roof.")).toBeTruthy();
    fireEvent.keyDown(eye, { key: 'Escape' });
    expect(appStore.getState().toggles['line-of-sight']).toBe(false);
    expect(screen.queryByTestId('line-of-sight-panel')).toBeNull();
    expect(modes.active()).toBeNull();
    dispose();
  });

  it('is refused on phones and small screens with a message, and stays off', async () => {
    device.phone = true;
    const { modes, notices, dispose } = await setUp();
    act(() => appStore.getState().setToggle('line-of-sight', true));
    await act(async () => {});
    // The host's i18n here has no message tables, so the notice carries the message id.
    expect(notices).toEqual(['lineOfSight.mobileBlocked']);
    expect(appStore.getState().toggles['line-of-sight']).toBe(false);
    expect(modes.active()).toBeNull();
    dispose();
  });
});
