/**
 * The keyword search box on the map (slot `map.top-left`): an input with an accessible name, a results
 * listbox driven by the arrow keys, Enter and Escape, a clear button, and an inline status message (too short, no
 * result, beyond the project boundary, coordinates outside Hong Kong or not correct, unavailable). It uses the
 * store's current keyword search mode. Enter pressed before the results arrive chooses the first one when they do.
 * Editing the text (a new search), the clear button and Escape on a closed list remove what the last choice left on
 * the map (`clearSelection`: the pin and highlight). With more than one mode registered (SPEC §1: location search,
 * care team search, first-person view) a select in the field, before the input, chooses the store's mode (its label
 * is read out, not shown, as the input's is); changing it
 * clears the last choice and searches the text again in the new mode.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { Language, PluginContext, SearchModeContribution, SearchResult } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { useSuggestionSearch } from '../../../core/ui/useSuggestionSearch';
import { locationSearchContext } from '../context';
import { OUTSIDE_BOUNDARY_MESSAGE } from '../searchMode';
import './search-box.css';

/** The registered search modes in their `order`, following registrations. */
function useSearchModes(ctx: PluginContext | null): ReadonlyArray<SearchModeContribution> {
  const sorted = (modes: ReadonlyArray<SearchModeContribution>) => [...modes].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const [modes, setModes] = useState(() => sorted(ctx?.searchModes.list() ?? []));
  useEffect(() => {
    if (!ctx) return undefined;
    setModes(sorted(ctx.searchModes.list()));
    return ctx.searchModes.subscribe((items) => setModes(sorted(items)));
  }, [ctx]);
  return modes;
}

export default function SearchBox() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const ctx = locationSearchContext();
  const store = ctx?.store ?? appStore;
  const modeId = useStore(store, (state) => state.keywordSearchMode);
  const modes = useSearchModes(ctx);
  const mode: SearchModeContribution | undefined = modes.find((entry) => entry.id === modeId) ?? modes.find((entry) => entry.id === 'location-search');
  const [query, setQuery] = useState('');
  /** The text a selection wrote into the input: it is not searched again. */
  const chosenText = useRef<string | null>(null);
  /** Enter was pressed while the search ran: choose the first result once it arrives. */
  const submitted = useRef(false);
  const { results, setResults, open, setOpen, active, setActive, status, setStatus, isSearching } = useSuggestionSearch(mode, query, language, {
    texts: { none: 'locationSearch.results.none', count: 'locationSearch.results.count', failed: 'locationSearch.error' },
    failureLabel: 'location search',
    skip: (text) => {
      if (chosenText.current === text) return true;
      chosenText.current = null;
      return false;
    },
    onAnswer: (found) => {
      const chooseFirst = submitted.current;
      submitted.current = false;
      if (!chooseFirst || !found || found.length === 0) return false;
      choose(found[0]);
      return true;
    },
  });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const inputId = useId();
  const listId = useId();
  const modeSelectId = useId();

  if (!mode) return null;

  /** Empties the box and removes the pin and highlight of the last choice. */
  const clear = () => {
    submitted.current = false;
    chosenText.current = null;
    setQuery('');
    setResults([]);
    setOpen(false);
    setStatus({ kind: 'idle' });
    mode.clearSelection?.();
  };

  function choose(result: SearchResult | undefined) {
    if (!mode) return;
    if (!result) return;
    setOpen(false);
    if (result.outsideHongKong) {
      setStatus({ kind: 'message', id: OUTSIDE_BOUNDARY_MESSAGE });
      ctx?.analytics.emit({ name: 'search::select', id: result.id, source: mode.id });
      return;
    }
    chosenText.current = result.title;
    setQuery(result.title);
    setResults([]);
    setStatus({ kind: 'idle' });
    mode.onSelect(result);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length > 0) setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const problem = mode.validate(query);
      if (problem) {
        setStatus({ kind: 'message', id: problem });
        return;
      }
      ctx?.analytics.emit({ name: 'search::submit', content: query.trim(), source: mode.id });
      if (open && results.length > 0) choose(results[Math.max(0, active)]);
      else if (isSearching()) submitted.current = true;
    } else if (event.key === 'Escape') {
      // Handled here, so it does not also end the map's pointer tool (core/map/mapHost.ts skips handled keys).
      if (open && results.length > 0) {
        event.preventDefault();
        setOpen(false);
      } else if (query !== '' || status.kind !== 'idle') {
        event.preventDefault();
        clear();
      }
    }
  };

  const showList = open && results.length > 0;
  const activeId = showList && active >= 0 ? `${listId}-option-${active}` : undefined;
  const message =
    status.kind === 'message' ? intl.formatMessage({ id: status.id }, status.values) : status.kind === 'loading' ? intl.formatMessage({ id: 'locationSearch.searching' }) : '';

  return (
    <div className="location-search" role="search">
      <label htmlFor={inputId} className="location-search__label">
        {intl.formatMessage({ id: 'locationSearch.input.label' })}
      </label>
      <div className="location-search__field">
        {modes.length > 1 ? (
          <>
            <label htmlFor={modeSelectId} className="location-search__label">
              {intl.formatMessage({ id: 'locationSearch.mode.select' })}
            </label>
            <select
              id={modeSelectId}
              className="location-search__mode"
              value={mode.id}
              onChange={(event) => {
                // The last choice belongs to the old mode (a pin, a walk): it goes, and the text is searched again.
                mode.clearSelection?.();
                chosenText.current = null;
                submitted.current = false;
                store.getState().setKeywordSearchMode(event.target.value);
              }}
            >
              {modes.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {intl.formatMessage({ id: entry.label })}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="location-search__input"
          value={query}
          placeholder={intl.formatMessage({ id: 'locationSearch.input.placeholder' })}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          onChange={(event) => {
            // A new search: the pin and highlight of the last choice go.
            mode.clearSelection?.();
            submitted.current = false;
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          // The list belongs to the input: it closes when focus leaves (choosing by pointer keeps focus here) and
          // comes back with the focus while the text's results are still there.
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        {query !== '' ? (
          <button
            type="button"
            className="location-search__clear"
            aria-label={intl.formatMessage({ id: 'locationSearch.clear' })}
            title={intl.formatMessage({ id: 'locationSearch.clear' })}
            onClick={() => {
              clear();
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <ul id={listId} role="listbox" className="location-search__results" aria-label={intl.formatMessage({ id: 'locationSearch.results.label' })} hidden={!showList}>
        {results.map((result, index) => (
          <li
            key={result.id}
            id={`${listId}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'location-search__result is-active' : 'location-search__result'}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(result)}
          >
            <span className="location-search__title">{result.title}</span>
            {result.subtitle ? <span className="location-search__subtitle">{result.subtitle}</span> : null}
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="location-search__status" hidden={message === ''}>
        {message}
      </p>
    </div>
  );
}
