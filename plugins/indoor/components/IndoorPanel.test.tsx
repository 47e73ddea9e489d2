// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { appStore } from '../../../core/store';
import { readOpenIndoorMap } from '../api';
import { setIndoorController } from '../context';
import { createIndoorController } from '../controller';
import IndoorPanel from './IndoorPanel';

const ring = [[[114.1635, 22.279], [114.165, 22.279], [114.165, 22.2795], [114.1635, 22.2795], [114.1635, 22.279]]];
/** A station of six floors, street level (1) to the fourth platform level (-4). */
const LEVELS = [1, 0, -1, -2, -3, -4];
const FEEDS = {
  stations: { features: [{ geometry: { type: 'Point', coordinates: [114.1643, 22.2794] }, properties: { Venue_ID: 'MTR-ADM', Venue_Eng_name: 'Admiralty Station', Venue_Chi_name: '金鐘站', Venue_SC_name: '金钟站' } }] },
  polygons: {
    features: LEVELS.map((level) => ({
      geometry: { type: 'Polygon', coordinates: ring },
      properties: { key: `L${level}`, Venue_ID: 'MTR-ADM', floorId: `ADM-${level}`, floorLevel: level, floorName_EN: `Level ${level}`, space: 'concourse', _base_height: level * 9 - 0.4, _height: level * 9, sample: true },
    })),
  },
  walls: { features: [] },
};

afterEach(() => {
  cleanup();
  setIndoorController(null);
});

describe('the indoor panel', () => {
  it('asks to select a venue, opens one from the list by keyboard, pages 5 floors at a time and switches floors', async () => {
    const controller = createIndoorController({
      store: appStore,
      map: createNoopMapFacade(),
      analytics: { emit: () => {} },
      loadFeeds: () => Promise.resolve(FEEDS),
      loadVenuePlan: (venueId) => Promise.reject(new Error(`the stations' plans are in the overview feeds, not ${venueId}`)),
      loadScene: () => Promise.resolve(null),
      drawOverview: () => Promise.resolve(() => {}),
      notify: () => {},
      areaLabel: () => 'Concourse',
      fetchDownload: () => Promise.resolve(new Response('{}')),
      saveFile: () => {},
    });
    setIndoorController({ controller, wallViewOffered: true });
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <IndoorPanel />
      </IntlProvider>,
    );
    expect(screen.queryByTestId('indoor-panel')).toBeNull(); // the indoor view is off
    await act(async () => appStore.getState().setMode('indoor', true));
    const panel = screen.getByTestId('indoor-panel');
    expect(within(panel).getByText('Please select highlighted building for exploring 3D indoor map')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Venue' }), { target: { value: 'MTR-ADM' } });
    await act(async () => fireEvent.submit(within(panel).getByRole('button', { name: 'Open 3D indoor map' })));
    expect(within(panel).getByTestId('indoor-floor-page').textContent).toBe('Floors 1–5 of 6');
    const floors = () => within(panel).getAllByRole('button', { name: /^Show floor / });
    expect(floors().map((button) => button.textContent)).toEqual(['Level 1', 'Level 0', 'Level -1', 'Level -2', 'Level -3']);
    expect(within(panel).getByRole('button', { name: 'Show floor Level 0' }).getAttribute('aria-pressed')).toBe('true');
    expect((within(panel).getByRole('button', { name: 'Previous floors' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Next floors' }));
    expect(within(panel).getByTestId('indoor-floor-page').textContent).toBe('Floors 6–6 of 6');
    fireEvent.click(within(panel).getByRole('button', { name: 'Show floor Level -4' }));
    expect(readOpenIndoorMap(appStore.getState())?.currentFloorId).toBe('ADM--4');
    expect(within(panel).getByRole('button', { name: 'Show floor Level -4' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close 3D indoor map' }));
    expect(readOpenIndoorMap(appStore.getState())).toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Venue' })).toBeTruthy();
    controller.dispose();
  });
});
