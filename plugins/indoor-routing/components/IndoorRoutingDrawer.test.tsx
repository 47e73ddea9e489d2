// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndoorRouteResponse } from '../../../core/contracts/indoorRouting';
import { loadMessages } from '../../../core/i18n';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { HttpClient, Language } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { readOpenIndoorMap } from '../../indoor/api';
// Test set-up only: the indoor plugin's slice is seeded as that plugin does when a station's map opens.
import { indoorSlice } from '../../indoor/state';
import { setRoutingController } from '../context';
import { createRoutingController } from '../routingController';
import { places, station, stepFreeRoute } from '../testing';
import IndoorRoutingDrawer from './IndoorRoutingDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

afterEach(() => {
  cleanup();
  setRoutingController(null);
});

async function renderDrawer(options: { language?: Language; route?: IndoorRouteResponse } = {}) {
  const language = options.language ?? 'en-US';
  const store = createAppStore();
  indoorSlice.install(store);
  indoorSlice.update(store, (slice) => {
    slice.status = 'open';
    slice.venueId = station.venueId;
    slice.map = structuredClone(station);
  });
  const urls: string[] = [];
  const http: HttpClient = {
    json: (async (url: string, schema: { parse(value: unknown): unknown }) => {
      urls.push(url);
      return schema.parse(url.includes('indoor/places') ? { venueId: 'MTR-ADM', sample: true, places } : (options.route ?? stepFreeRoute));
    }) as HttpClient['json'],
  };
  const showFloor = vi.fn((floorId: string) => indoorSlice.update(store, (slice) => void (slice.map!.currentFloorId = floorId)));
  const controller = createRoutingController({
    store,
    http,
    map: createNoopMapFacade(),
    i18n: { format: (id) => id, language: () => language },
    analytics: { emit: () => {} },
    apiBase: '/mapviewer/api/',
    openMap: () => readOpenIndoorMap(store.getState()),
    showFloor,
  });
  setRoutingController(controller);
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <IndoorRoutingDrawer />
    </IntlProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { controller, urls, showFloor };
}

describe('station routing drawer', () => {
  it('lists exits, platforms and facilities in groups and narrows them by typing', async () => {
    await renderDrawer();
    const origin = screen.getByRole('combobox', { name: 'Origin' });
    const groups = within(origin).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Exits', 'Platforms', 'Facilities']);
    // Facilities name their floor (a lift is on every floor); exits and platforms are names of their own.
    expect(within(origin).getByRole('option', { name: 'Lift · Concourse' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an origin in the list' }), { target: { value: 'platform' } });
    expect(within(origin).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(['Platforms']);
    expect(origin.getAttribute('aria-description')).toBe('1 place matches');
  });

  it('routes step-free between two listed places and shows length, time, floors passed and the steps; a floor button shows that floor', async () => {
    const { urls, showFloor } = await renderDrawer();
    const search = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Origin' }), { target: { value: 'ADM-exit-A' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Destination' }), { target: { value: 'ADM-P1-platform-1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Step-free route (avoid stairs and escalators)' }));
    await act(async () => {
      fireEvent.click(search);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(urls.at(-1)).toContain('stepFree=true');
    const result = screen.getByRole('region', { name: 'Step-free route' });
    // The result's heading takes the focus, so it is read out and scrolled into view.
    expect(document.activeElement).toBe(within(result).getByRole('heading', { name: 'Step-free route' }));
    expect(within(result).getByText('142 m · about 3 minutes on foot')).toBeTruthy();
    const steps = within(result).getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByText('Lift')).toHaveLength(2);
    fireEvent.click(within(result).getByRole('button', { name: 'Show floor Platform 1' }));
    expect(showFloor).toHaveBeenCalledWith('ADM-P1');
    expect(within(result).getByRole('button', { name: 'Show floor Platform 1' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('swaps the two ends', async () => {
    await renderDrawer();
    fireEvent.change(screen.getByRole('combobox', { name: 'Origin' }), { target: { value: 'ADM-exit-A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Swap origin and destination' }));
    expect((screen.getByRole('combobox', { name: 'Origin' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Destination' }) as HTMLSelectElement).value).toBe('ADM-exit-A');
  });

  it('shows the SPEC §8 message and marks the field that cannot be picked, in Chinese too', async () => {
    await renderDrawer({ language: 'zh-HK', route: { found: false, reason: 'not-pickable', which: 'to' } });
    fireEvent.change(screen.getByRole('combobox', { name: '起點' }), { target: { value: 'ADM-exit-A' } });
    fireEvent.change(screen.getByRole('combobox', { name: '終點' }), { target: { value: 'ADM-exit-B' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '搜尋' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('無法選取此位置，請嘗試其他位置。');
    expect(screen.getByRole('combobox', { name: '終點' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: '起點' }).getAttribute('aria-invalid')).toBeNull();
  });
});
