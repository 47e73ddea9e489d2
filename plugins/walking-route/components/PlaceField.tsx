/**
 * One end of the walk (origin or destination): a text field searching places with the location search's place
 * search (its ≥ 2 characters rule and messages), its suggestions a listbox driven by the arrow keys, Enter and
 * Escape; and two buttons choosing the place on the map instead: a click on the map, or the map's centre (the
 * keyboard's way). Typing after a choice drops the chosen place, so the search never uses a place the field no
 * longer shows.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Language, SearchResult } from '../../../core/plugin/types';
import { useSuggestionSearch } from '../../../core/ui/useSuggestionSearch';
import type { PlaceSearch } from '../../location-search/api';
import type { WalkController, WalkPlace } from '../walkController';
import type { RouteEnd } from '../walkQuery';

export function PlaceField({ end, place, picking, controller, placeSearch }: { end: RouteEnd; place: WalkPlace | null; picking: boolean; controller: WalkController; placeSearch: PlaceSearch }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const [query, setQuery] = useState(place?.label ?? '');
  /** The text the field shows for the chosen place: not searched. */
  const shownPlace = useRef<string | null>(place?.label ?? null);
  const { results, setResults, open, setOpen, active, setActive, status, setStatus } = useSuggestionSearch(placeSearch, query, language, {
    texts: { none: 'walkingRoute.field.noResults', count: 'walkingRoute.field.resultCount', failed: 'walkingRoute.field.searchFailed' },
    failureLabel: 'walking route: place search',
    skip: (text) => text === shownPlace.current,
  });
  const inputId = useId();
  const listId = useId();
  const statusId = useId();

  // A place set elsewhere (the map, a swap, a bookmark) shows its name in the field; a place taken away (a swap with
  // an empty field) empties it, unless the user has typed since (typing forgets the shown place first).
  useEffect(() => {
    if (place) {
      setQuery(place.label);
      setResults([]);
      setOpen(false);
      setStatus({ kind: 'idle' });
    } else if (shownPlace.current !== null) {
      setQuery('');
    }
    shownPlace.current = place?.label ?? null;
  }, [place]);

  const choose = (result: SearchResult | undefined) => {
    if (!result) return;
    setOpen(false);
    setResults([]);
    setStatus({ kind: 'idle' });
    controller.choosePlace(end, result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length > 0) setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && results.length > 0) {
      // Enter chooses the highlighted suggestion; with no list open it submits the form (the route search).
      event.preventDefault();
      choose(results[Math.max(0, active)]);
    } else if (event.key === 'Escape' && open && results.length > 0) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && results.length > 0;
  const label = intl.formatMessage({ id: `walkingRoute.field.${end}` });
  const message = status.kind === 'message' ? intl.formatMessage({ id: status.id }, status.values) : status.kind === 'loading' ? intl.formatMessage({ id: 'walkingRoute.field.searching' }) : '';

  return (
    <div className="walk-field" data-end={end}>
      <label htmlFor={inputId} className="walk-field__label">
        <span className={`walk-field__dot walk-field__dot--${end}`} aria-hidden="true" />
        {label}
      </label>
      <div className="walk-field__row">
        <input
          id={inputId}
          type="search"
          className="walk-field__input"
          value={query}
          placeholder={intl.formatMessage({ id: 'walkingRoute.field.placeholder' })}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={statusId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            if (place) controller.clearPlace(end);
            shownPlace.current = null;
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
      </div>
      <ul id={listId} role="listbox" className="walk-field__results" aria-label={intl.formatMessage({ id: 'walkingRoute.field.suggestions' }, { field: label })} hidden={!showList}>
        {results.map((result, index) => (
          <li
            key={result.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'walk-field__result is-active' : 'walk-field__result'}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(result)}
          >
            <span className="walk-field__title">{result.title}</span>
            {result.subtitle ? <span className="walk-field__subtitle">{result.subtitle}</span> : null}
          </li>
        ))}
      </ul>
      <p id={statusId} role="status" aria-live="polite" className="walk-field__status" hidden={message === ''}>
        {message}
      </p>
      <div className="walk-field__map-buttons">
        <button
          type="button"
          className="ui-button"
          aria-pressed={picking}
          aria-label={intl.formatMessage({ id: 'walkingRoute.field.pickOnMapFor' }, { field: label })}
          onClick={() => (picking ? controller.cancelPick() : controller.pickOnMap(end))}
        >
          {intl.formatMessage({ id: 'walkingRoute.field.pickOnMap' })}
        </button>
        <button
          type="button"
          className="ui-button"
          aria-label={intl.formatMessage({ id: 'walkingRoute.field.mapCentreFor' }, { field: label })}
          onClick={() => void controller.useMapCentre(end)}
        >
          {intl.formatMessage({ id: 'walkingRoute.field.mapCentre' })}
        </button>
      </div>
    </div>
  );
}
