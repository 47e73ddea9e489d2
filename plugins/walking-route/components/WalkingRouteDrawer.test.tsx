// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { HttpClient, Language, SearchResult } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import type { PlaceSearch } from '../../location-search/api';
import { validatePlaceQuery } from '../../location-search/searchMode';
import { BOOKMARKS_STORAGE_KEY, type BookmarkStorage } from '../bookmarks';
import { setWalkDrawerContext } from '../context';
import { foundAnswer } from '../testing';
import { createWalkController } from '../walkController';
import WalkingRouteDrawer from './WalkingRouteDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

const PLACES: SearchResult[] = [
  { id: 'mtr-exit:WTS:A', title: 'Wong Tai Sin Exit A', subtitle: 'MTR exit', longitude: 114.194474, latitude: 22.341885, outsideHongKong: false },
  { id: 'mtr-exit:WTS:E', title: 'Wong Tai Sin Exit E', subtitle: 'MTR exit', longitude: 114.194639, latitude: 22.341885, outsideHongKong: false },
  { id: 'mtr-exit:DIH:A1', title: 'Diamond Hill Exit A1', subtitle: 'MTR exit', longitude: 114.200871, latitude: 22.341009, outsideHongKong: false },
];

afterEach(() => {
  cleanup();
  setWalkDrawerContext(null);
  vi.useRealTimers();
});

async function renderDrawer(language: Language = 'en-US', storage: BookmarkStorage | null = null) {
  vi.useFakeTimers();
  const http: HttpClient = { json: (async (_url: string, schema: { parse(value: unknown): unknown }) => schema.parse(foundAnswer)) as HttpClient['json'] };
  const placeSearch: PlaceSearch = {
    validate: validatePlaceQuery,
    search: async (query) => PLACES.filter((place) => place.title.toLowerCase().includes(query.trim().toLowerCase())),
  };
  const controller = createWalkController({
    store: createAppStore(),
    http,
    map: createNoopMapFacade(),
    i18n: { format: (id) => id, language: () => language },
    analytics: { emit: () => {} },
    apiBase: '/mapviewer/api/',
    storage,
  });
  setWalkDrawerContext({ controller, placeSearch });
  await act(async () => {
    render(
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <WalkingRouteDrawer />
      </IntlProvider>,
    );
  });
  return controller;
}

/** Types into a field and lets the suggestion search run. */
async function type(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
}

describe('WalkingRouteDrawer', () => {
  it('refuses one character with the SPEC §5 message, then chooses a suggestion with the arrow keys and Enter', async () => {
    const controller = await renderDrawer();
    const origin = screen.getByRole('combobox', { name: 'Origin' });
    await type(origin, 'W');
    expect(screen.getByText('Please input at least 2 English characters')).toBeTruthy();
    await type(origin, 'wong tai');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Wong Tai Sin Exit AMTR exit', 'Wong Tai Sin Exit EMTR exit']);
    fireEvent.keyDown(origin, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(origin, { key: 'Enter' });
    expect(controller.state().from).toMatchObject({ label: 'Wong Tai Sin Exit E', source: 'search' });
    expect((origin as HTMLInputElement).value).toBe('Wong Tai Sin Exit E');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('searches and shows distance, time and the streets; a browser refusing storage gets a message on Save', async () => {
    const controller = await renderDrawer();
    await type(screen.getByRole('combobox', { name: 'Origin' }), 'Wong Tai Sin Exit A');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Origin' }), { key: 'Enter' });
    await type(screen.getByRole('combobox', { name: 'Destination' }), 'Diamond');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Destination' }), { key: 'Enter' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search route' }));
    });
    expect(screen.getByTestId('walking-route-figures').textContent).toBe('1 km · 13 min walk');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['LUNG CHEUNG ROAD800 m', 'Unnamed path50 m', 'LUNG POON STREET150 m']);

    fireEvent.click(screen.getByRole('button', { name: 'Save route' }));
    // Storage is null here: the browser refuses, the drawer says so and keeps nothing.
    expect(screen.getByRole('alert').textContent).toContain('This browser does not allow saving here');
    expect(controller.state().bookmarks).toEqual([]);
  });

  it('renames a saved route in place (Escape gives up, Enter keeps the name, focus back on Rename) and deletes it with Undo', async () => {
    const items = new Map([
      [
        BOOKMARKS_STORAGE_KEY,
        JSON.stringify({
          version: 1,
          bookmarks: [{ id: 'b1', name: 'Temple walk', from: { label: 'A', longitude: 114.19, latitude: 22.34 }, to: { label: 'B', longitude: 114.2, latitude: 22.34 }, lengthMetres: 1034, walkingSeconds: 795, savedAt: 1 }],
        }),
      ],
    ]);
    const controller = await renderDrawer('en-US', { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) });
    expect(screen.getByRole('button', { name: 'Open saved route Temple walk' }).textContent).toBe('Temple walk1 km · 13 min walk');
    fireEvent.click(screen.getByRole('button', { name: 'Rename Temple walk' }));
    let name = screen.getByRole('textbox', { name: 'Name of the saved route' });
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'To the temple' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Temple walk' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Temple walk' }));
    name = screen.getByRole('textbox', { name: 'Name of the saved route' });
    fireEvent.change(name, { target: { value: '  To the temple ' } });
    fireEvent.submit(name.closest('form')!);
    expect(controller.state().bookmarks[0].name).toBe('To the temple');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename To the temple' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete To the temple' }));
    expect(screen.queryByRole('button', { name: /^Open saved route/ })).toBeNull();
    const undo = screen.getByRole('button', { name: 'Undo delete of To the temple' });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    expect(screen.getByRole('button', { name: 'Open saved route To the temple' })).toBeTruthy();
    expect(JSON.parse(items.get(BOOKMARKS_STORAGE_KEY)!).bookmarks).toHaveLength(1);
  });
});
