// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../plugin/types';
import { useSuggestionSearch, type SuggestionSearchOptions } from './useSuggestionSearch';

const place = (id: string): SearchResult => ({ id, title: id, longitude: 114.17, latitude: 22.3 }) as SearchResult;
const texts = { none: 'none', count: 'count', failed: 'failed' };

function searchOf(answer: (query: string) => Promise<SearchResult[] | { message: string }>) {
  return { validate: (query: string) => (query.trim().length < 2 ? 'tooShort' : null), search: vi.fn((query: string) => answer(query)) };
}

function run(search: ReturnType<typeof searchOf>, query: string, options: Partial<SuggestionSearchOptions> = {}) {
  return renderHook(({ text }) => useSuggestionSearch(search, text, 'en-US', { texts, failureLabel: 'test search', ...options }), { initialProps: { text: query } });
}

describe('the type-ahead place search', () => {
  it('lists the results with the first highlighted and a count; a too-short text gets its message at once, unsearched', async () => {
    const search = searchOf(async () => [place('a'), place('b')]);
    const { result, rerender } = run(search, 'x');
    expect(result.current.status).toEqual({ kind: 'message', id: 'tooShort' });
    rerender({ text: 'wong' });
    expect(result.current.status).toEqual({ kind: 'loading' });
    expect(result.current.isSearching()).toBe(true);
    await waitFor(() => expect(result.current.results).toHaveLength(2));
    expect(result.current).toMatchObject({ active: 0, open: true, status: { kind: 'message', id: 'count', values: { count: 2 } } });
    expect(result.current.isSearching()).toBe(false);
    expect(search.search).toHaveBeenCalledTimes(1);
  });

  it('searches only the last of quickly typed texts, and not a text to skip', async () => {
    const search = searchOf(async (query) => [place(query)]);
    const { result, rerender } = run(search, 'wo', { skip: (text) => text === 'Chosen Place' });
    rerender({ text: 'won' });
    rerender({ text: 'wong' });
    await waitFor(() => expect(result.current.results.map((r) => r.id)).toEqual(['wong']));
    expect(search.search).toHaveBeenCalledTimes(1);
    rerender({ text: 'Chosen Place' });
    expect(result.current).toMatchObject({ results: [], status: { kind: 'idle' } });
  });

  it('shows an answer’s message, a failure’s text, no result; and lists nothing the caller took care of', async () => {
    const message = run(searchOf(async () => ({ message: 'outside' })), 'far away');
    await waitFor(() => expect(message.result.current.status).toEqual({ kind: 'message', id: 'outside' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = run(searchOf(async () => Promise.reject(new Error('HTTP 503'))), 'wong');
    await waitFor(() => expect(failed.result.current.status).toEqual({ kind: 'message', id: 'failed' }));
    expect(warn).toHaveBeenCalledWith('test search failed', expect.any(Error));
    warn.mockRestore();
    const none = run(searchOf(async () => []), 'nowhere');
    await waitFor(() => expect(none.result.current.status).toEqual({ kind: 'message', id: 'none' }));
    expect(none.result.current.active).toBe(-1);
    const onAnswer = vi.fn(() => true);
    const handled = run(searchOf(async () => [place('a')]), 'wong', { onAnswer });
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith([place('a')]));
    expect(handled.result.current.results).toEqual([]);
  });
});
