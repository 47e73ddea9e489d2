// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import type { PluginContext, SearchModeContribution, SearchResult } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { setLocationSearchContext } from '../context';
import { MALFORMED_COORDINATES_MESSAGE } from '../searchMode';
import SearchBox from './SearchBox';

afterEach(() => {
  cleanup();
  setLocationSearchContext(null);
});

const place: SearchResult = { id: 'peak:1', title: 'Lion Rock', subtitle: 'Hill or peak', longitude: 114.19, latitude: 22.35 };

/** A search mode whose answers the test releases by hand, and the box around it. */
function setup() {
  const pending: Array<{ query: string; resolve: (answer: SearchResult[] | { message: string }) => void }> = [];
  const mode: SearchModeContribution & { owner: string } = {
    id: 'location-search',
    owner: 'location-search',
    label: 'locationSearch.mode.label',
    validate: (query) => (query.trim().length < 2 ? 'locationSearch.validation.tooShort' : null),
    search: (query) => new Promise((resolve) => pending.push({ query, resolve })),
    onSelect: vi.fn(),
    clearSelection: vi.fn(),
  };
  setLocationSearchContext({
    store: appStore,
    searchModes: { get: () => mode },
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
});
