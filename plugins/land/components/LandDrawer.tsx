/**
 * The land parcel search drawer (SPEC §1, §2 function group land): a lot-number search with its results, the
 * chosen lot's fields (SPEC §3 "Land sale lot") with its location plan on the map, and every land sale lot (sample)
 * in a list. Core keeps the drawer shut while the 3D spatial data is off (`requiresThreeD`, SPEC §5).
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { LandLotFeature } from '../../../core/contracts/lots';
import type { Language } from '../../../core/plugin/types';
import { landContext } from '../context';
import { describeLot } from '../lotDescription';
import { lotQueryTooShort, type LotSearchOutcome } from '../lotSearch';
import './land-drawer.css';

type SearchState = { kind: 'idle' } | { kind: 'searching' } | LotSearchOutcome;

function LotButton({ lot, language, selected, onSelect }: { lot: LandLotFeature; language: Language; selected: boolean; onSelect: () => void }) {
  const { lotNumber, use, location } = lot.properties;
  return (
    <button type="button" className={selected ? 'land-drawer__lot is-selected' : 'land-drawer__lot'} aria-pressed={selected} data-lot={lotNumber} onClick={onSelect}>
      <span className="land-drawer__lot-number">{lotNumber}</span>
      <span className="land-drawer__lot-detail">
        {use[language]} · {location[language]}
      </span>
    </button>
  );
}

export default function LandDrawer() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const land = landContext();
  const i18n = useMemo(() => ({ format: (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values) }), [intl]);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [selected, setSelected] = useState<LandLotFeature | null>(null);
  const [allLots, setAllLots] = useState<LandLotFeature[] | null | 'loading'>('loading');
  const searchAbort = useRef<AbortController | null>(null);
  const chosenRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const statusId = useId();
  const searchHeadingId = useId();
  const lotsHeadingId = useId();

  useEffect(() => {
    if (!land) return undefined;
    const abort = new AbortController();
    land.lotSearch.allLots(abort.signal).then(setAllLots, () => undefined);
    return () => abort.abort();
  }, [land]);

  // The chosen lot's fields sit under the search; a lot chosen from the list further down brings them into view.
  useEffect(() => {
    if (selected) chosenRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  // Closing the drawer takes the outline of the chosen lot off the map with it.
  useEffect(() => () => {
    searchAbort.current?.abort();
    land?.lotSearch.clear();
  }, [land]);

  if (!land) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchAbort.current?.abort();
    if (lotQueryTooShort(query)) {
      setState({ kind: 'too-short' });
      return;
    }
    const abort = new AbortController();
    searchAbort.current = abort;
    // A new search replaces the chosen lot, on the map too.
    setSelected(null);
    land.lotSearch.clear();
    setState({ kind: 'searching' });
    land.lotSearch.search(query, abort.signal).then(
      (outcome) => {
        if (!abort.signal.aborted) setState(outcome);
      },
      () => undefined,
    );
  };

  const select = (lot: LandLotFeature) => {
    setSelected(lot);
    land.lotSearch.select(lot);
  };

  const status = (() => {
    switch (state.kind) {
      case 'searching':
        return intl.formatMessage({ id: 'land.search.searching' });
      case 'too-short':
        return intl.formatMessage({ id: 'land.search.tooShort' });
      case 'none':
        return intl.formatMessage({ id: 'land.search.noRecord' });
      case 'failed':
        return intl.formatMessage({ id: 'land.search.unavailable' });
      case 'found':
        return state.matched > state.lots.length
          ? intl.formatMessage({ id: 'land.search.foundMore' }, { count: state.matched, shown: state.lots.length })
          : intl.formatMessage({ id: 'land.search.found' }, { count: state.matched });
      default:
        return '';
    }
  })();

  return (
    <div className="land-drawer">
      <section className="land-drawer__section" aria-labelledby={searchHeadingId}>
        <h3 id={searchHeadingId} className="land-drawer__heading">
          {intl.formatMessage({ id: 'land.search.heading' })}
        </h3>
        <form className="land-drawer__form" role="search" onSubmit={submit}>
          <label htmlFor={inputId}>{intl.formatMessage({ id: 'land.search.label' })}</label>
          <div className="land-drawer__field">
            <input
              id={inputId}
              type="search"
              value={query}
              autoComplete="off"
              placeholder={intl.formatMessage({ id: 'land.search.placeholder' })}
              aria-describedby={statusId}
              aria-invalid={state.kind === 'too-short' || undefined}
              onChange={(event) => setQuery(event.target.value)}
            />
            <button type="submit">{intl.formatMessage({ id: 'land.search.submit' })}</button>
          </div>
        </form>
        <p id={statusId} className={state.kind === 'too-short' || state.kind === 'failed' ? 'land-drawer__status is-error' : 'land-drawer__status'} role="status">
          {status}
        </p>
        {selected ? (
          <div ref={chosenRef} className="land-drawer__chosen" role="group" aria-label={intl.formatMessage({ id: 'land.lot.chosen' }, { lot: selected.properties.lotNumber })}>
            <dl className="land-drawer__fields">
              {describeLot(selected.properties, i18n, language).map((row) => (
                <div key={row.label} className="land-drawer__field-row">
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
              <div className="land-drawer__field-row">
                <dt>{intl.formatMessage({ id: 'land.lot.locationPlan' })}</dt>
                <dd>
                  <button type="button" className="land-drawer__link" onClick={() => land.lotSearch.select(selected)}>
                    {intl.formatMessage({ id: 'land.lot.showOnMap' })}
                  </button>
                </dd>
              </div>
            </dl>
          </div>
        ) : null}
        {state.kind === 'found' ? (
          <ul className="land-drawer__results" aria-label={intl.formatMessage({ id: 'land.search.results' })}>
            {state.lots.map((lot) => (
              <li key={lot.id}>
                <LotButton lot={lot} language={language} selected={selected?.id === lot.id} onSelect={() => select(lot)} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="land-drawer__section" aria-labelledby={lotsHeadingId}>
        <h3 id={lotsHeadingId} className="land-drawer__heading">
          {intl.formatMessage({ id: 'land.lots.heading' })}
        </h3>
        <p className="land-drawer__note">{intl.formatMessage({ id: 'land.lots.sampleNote' })}</p>
        {allLots === 'loading' ? (
          <p className="land-drawer__status">{intl.formatMessage({ id: 'land.search.searching' })}</p>
        ) : allLots === null ? (
          <p className="land-drawer__status is-error">{intl.formatMessage({ id: 'land.lots.unavailable' })}</p>
        ) : (
          <details className="land-drawer__all">
            <summary>{intl.formatMessage({ id: 'land.lots.all' }, { count: allLots.length })}</summary>
            <ul className="land-drawer__results">
              {allLots.map((lot) => (
                <li key={lot.id}>
                  <LotButton lot={lot} language={language} selected={selected?.id === lot.id} onSelect={() => select(lot)} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
    </div>
  );
}
