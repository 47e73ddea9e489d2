/**
 * The type-ahead search of a combobox field that finds places through a keyword search mode's `validate` and
 * `search` (plugins/location-search: the map's search box, and other plugins' place fields through its api.ts
 * `createPlaceSearch`): `SUGGEST_DEBOUNCE_MS` after the text last changed it is checked (a problem becomes the
 * status message at once), then searched; the answer's results are listed (the first highlighted) with a count
 * message, or its message is shown, or `texts.failed` when the search fails. A newer text aborts the older search,
 * so a late answer never replaces newer results. The caller renders the field, the list and the status, and keeps
 * its own choosing.
 */
import { useEffect, useRef, useState } from 'react';
import type { Language, SearchModeContribution, SearchResult } from '../plugin/types';

/** Wait after the last keystroke before searching, ms. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** What the field's status line says: nothing, "searching", or a message id with its values. */
export type SuggestionStatus = { kind: 'idle' } | { kind: 'loading' } | { kind: 'message'; id: string; values?: Record<string, number> };

export interface SuggestionSearchOptions {
  /** Message ids: no result, the number of results (value `count`), the search failed. */
  texts: { none: string; count: string; failed: string };
  /** What the console warning of a failed search begins with (names the field). */
  failureLabel: string;
  /** True for text not to search (what a choice wrote into the field): nothing is listed for it. */
  skip?: (query: string) => boolean;
  /**
   * Each ended search: its results, or null for a message answer or a failure. Return true when the caller has
   * dealt with the results itself (e.g. chosen the first), so they are not listed.
   */
  onAnswer?: (results: SearchResult[] | null) => boolean;
}

export function useSuggestionSearch(
  search: Pick<SearchModeContribution, 'validate' | 'search'> | undefined,
  query: string,
  language: Language,
  options: SuggestionSearchOptions,
) {
  const [results, setResults] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<SuggestionStatus>({ kind: 'idle' });
  /** A search for the current text is waiting or running (a ref: Enter may come before the next render). */
  const searching = useRef(false);
  // The callbacks of the latest render, so the effect re-runs only for a new text, language or search.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    searching.current = false;
    if (latest.current.skip?.(query) || !search || query.trim() === '') {
      setResults([]);
      setStatus({ kind: 'idle' });
      return undefined;
    }
    const problem = search.validate(query);
    if (problem) {
      setResults([]);
      setStatus({ kind: 'message', id: problem });
      return undefined;
    }
    const abort = new AbortController();
    searching.current = true;
    // The last text's results go at once: Enter must not choose one of them for the new text.
    setResults([]);
    setActive(-1);
    setStatus({ kind: 'loading' });
    const timer = setTimeout(() => {
      search
        .search(query, { language, signal: abort.signal })
        .then((answer) => {
          if (abort.signal.aborted) return;
          searching.current = false;
          const found = Array.isArray(answer) ? answer : null;
          if (latest.current.onAnswer?.(found)) return;
          if (!Array.isArray(answer)) {
            setResults([]);
            setStatus({ kind: 'message', id: answer.message });
            return;
          }
          const { texts } = latest.current;
          setResults(answer);
          setActive(answer.length > 0 ? 0 : -1);
          setOpen(true);
          setStatus(answer.length === 0 ? { kind: 'message', id: texts.none } : { kind: 'message', id: texts.count, values: { count: answer.length } });
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          searching.current = false;
          latest.current.onAnswer?.(null);
          console.warn(`${latest.current.failureLabel} failed`, error);
          setResults([]);
          setStatus({ kind: 'message', id: latest.current.texts.failed });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [search, query, language]);

  return { results, setResults, open, setOpen, active, setActive, status, setStatus, isSearching: () => searching.current };
}
