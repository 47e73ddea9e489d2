// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import type { PluginContext, SearchModeContribution, SearchResult } from '../../../core/plugin/types';
import { createRegistry } from '../../../core/plugin/registry';
import { appStore } from '../../../core/store';
import { setLocationSearchContext } from '../context';
import { MALFORMED_COORDINATES_MESSAGE } from '../searchMode';
import SearchBox from './SearchBox';

afterEach(() => {
  cleanup();
  setLocationSearchContext(null);
});

const place: SearchResult = { id: 'peak:1', title: 'Lion Rock', subtitle: 'Hill or peak', longitude: 114.19, latitude: 22.35 };

/** A search mode whose answers the test releases by hand (and any `others`), and the box around it. */
function setup(others: SearchModeContribution[] = []) {
  appStore.getState().setKeywordSearchMode('location-search');
  const pending: Array<{ query: string; resolve: (answer: SearchResult[] | { message: string }) => void }> = [];
  const mode: SearchModeContribution = {
    id: 'location-search',
    label: 'locationSearch.mode.label',
    order: 10,
    validate: (query) => (query.trim().length < 2 ? 'locationSearch.validation.tooShort' : null),
    search: (query) => new Promise((resolve) => pending.push({ query, resolve })),
    onSelect: vi.fn(),
    clearSelection: vi.fn(),
  };
  const searchModes = createRegistry<SearchModeContribution>('searchModes');
  searchModes.register(mode);
  for (const other of others) searchModes.register(other);
  setLocationSearchContext({
    store: appStore,
    searchModes,
    analytics: { emit: () => {} },
  } as unknown as PluginContext);
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <SearchBox />
    </IntlProvider>,
  );
  const box = screen.getByRole('combobox', { name: 'Search for a place' });
  let answered = 0;
  /** Waits for the next debounced search, of `query`, then answers it. */
  const answer = async (query: string, result: SearchResult[] | { message: string }) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(answered));
    answered = pending.length;
    expect(pending.at(-1)!.query).toBe(query);
    await act(async () => pending.at(-1)!.resolve(result));
  };
  return { mode, box, answer };
}

describe('search box', () => {
  it('Enter before the results arrive chooses the first one when they do; editing the text clears the choice', async () => {
    const { mode, box, answer } = setup();
    fireEvent.change(box, { target: { value: '22.35, 114.19' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(mode.onSelect).not.toHaveBeenCalled();
    await answer('22.35, 114.19', [place]);
    expect(mode.onSelect).toHaveBeenCalledWith(place);
    expect((box as HTMLInputElement).value).toBe('Lion Rock');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    const calls = vi.mocked(mode.clearSelection!).mock.calls.length;
    fireEvent.change(box, { target: { value: 'Lion Rock ' } });
    expect(mode.clearSelection).toHaveBeenCalledTimes(calls + 1);
  });

  it("shows a mode's message instead of results, and Escape or the clear button empty the box and clear the choice", async () => {
    const { mode, box, answer } = setup();
    fireEvent.change(box, { target: { value: '22.28, abc' } });
    await answer('22.28, abc', { message: MALFORMED_COORDINATES_MESSAGE });
    expect(screen.getByRole('status').textContent).toBe('Input coordinates are not correct');
    expect(screen.queryByRole('option')).toBeNull();

    fireEvent.change(box, { target: { value: 'Lion' } });
    await answer('Lion', [place]);
    expect(screen.getByRole('option', { name: /Lion Rock/ }).getAttribute('aria-selected')).toBe('true');
    // Escape first closes the list, then empties the box.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('Lion');
    const calls = vi.mocked(mode.clearSelection!).mock.calls.length;
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    expect(mode.clearSelection).toHaveBeenCalledTimes(calls + 1);

    // A new text drops the last results at once, so Enter waits for the new ones.
    fireEvent.change(box, { target: { value: 'Lion' } });
    await answer('Lion', [place]);
    // Leaving the input closes its list; coming back opens it again.
    fireEvent.blur(box);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(box);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Tai Mo Shan' } });
    expect(screen.queryByRole('option')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(mode.onSelect).not.toHaveBeenCalled();
    const taiMoShan = { ...place, id: 'peak:2', title: 'Tai Mo Shan' };
    await answer('Tai Mo Shan', [taiMoShan]);
    expect(mode.onSelect).toHaveBeenCalledWith(taiMoShan);

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('with several modes, a labelled select chooses one; the chosen mode searches the text again and gets the choice', async () => {
    const walk: SearchModeContribution = {
      id: 'first-person-view',
      label: 'firstPerson.search.mode',
      order: 30,
      validate: () => null,
      search: () => Promise.resolve([place]),
      onSelect: vi.fn(),
    };
    const { mode, box, answer } = setup([walk]);
    const select = screen.getByRole('combobox', { name: 'Search mode' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Location search', 'First-person view']);
    fireEvent.change(box, { target: { value: 'Lion' } });
    await answer('Lion', [place]);
    const clears = vi.mocked(mode.clearSelection!).mock.calls.length;
    fireEvent.change(select, { target: { value: 'first-person-view' } });
    expect(appStore.getState().keywordSearchMode).toBe('first-person-view');
    expect(mode.clearSelection).toHaveBeenCalledTimes(clears + 1);
    const option = await screen.findByRole('option', { name: /Lion Rock/ });
    fireEvent.click(option);
    expect(walk.onSelect).toHaveBeenCalledWith(place);
    expect(mode.onSelect).not.toHaveBeenCalled();
  });

  it('shows no mode choice when only one mode is registered', () => {
    setup();
    expect(screen.queryByRole('combobox', { name: 'Search mode' })).toBeNull();
  });
});
