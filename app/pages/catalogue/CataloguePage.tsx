/**
 * The open-data catalogue (SPEC §2 "Catalogue: search, filter"): instant search in English or Chinese,
 * filters by category, format, status and update frequency, sort, and one card per dataset linking to its
 * detail page. The whole view lives in the address (./catalogueQuery.ts), so links reproduce it.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_FORMATS,
  CATALOGUE_SORTS,
  MAX_CATALOGUE_QUERY_LENGTH,
  METADATA_STATUSES,
  UPDATE_FREQUENCIES,
  type CatalogueSummary,
} from '../../../core/contracts/catalogue';
import { useLocalisedPath } from '../../components/useLocalisedPath';
import { isFiltered, SEARCH_DEBOUNCE_MS, searchWithView, viewFromSearch, type CatalogueFilter, type CatalogueView } from './catalogueQuery';
import { useCatalogueList } from './useCatalogueList';
import './catalogue.css';

/** Each filter's values (from the contract) and the message-id prefix of their labels. */
const FILTER_OPTIONS: Record<CatalogueFilter, { values: readonly string[]; labelPrefix: string }> = {
  category: { values: CATALOGUE_CATEGORIES, labelPrefix: 'catalogue.category.' },
  format: { values: CATALOGUE_FORMATS, labelPrefix: 'catalogue.format.' },
  status: { values: METADATA_STATUSES, labelPrefix: 'catalogue.status.' },
  updateFrequency: { values: UPDATE_FREQUENCIES, labelPrefix: 'catalogue.frequency.' },
};

export default function CataloguePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const location = useLocation();
  const navigate = useNavigate();
  const { language } = useLocalisedPath();
  const view = useMemo(() => viewFromSearch(location.search), [location.search]);
  const { state, retry } = useCatalogueList(view, language);

  // The debounced search writes the address after the user has moved on; it must start from the address as
  // it is then, not as it was when the keystroke happened.
  const current = useRef({ search: location.search, pathname: location.pathname, view });
  current.current = { search: location.search, pathname: location.pathname, view };
  const applyView = useCallback(
    (next: CatalogueView, replace: boolean) => {
      const { pathname, search } = current.current;
      navigate({ pathname, search: searchWithView(search, next) }, { replace });
    },
    [navigate],
  );

  const [text, setText] = useState(view.q ?? '');
  // The q this page last put in (or read from) the address: an address change to anything else came from
  // outside (Back, a link, "clear") and replaces what is in the box.
  const addressQuery = useRef(view.q ?? '');
  useEffect(() => {
    const q = view.q ?? '';
    if (q !== addressQuery.current) {
      addressQuery.current = q;
      setText(q);
    }
  }, [view.q]);
  const writeQuery = useCallback(
    (value: string) => {
      const q = value.trim();
      if (q === addressQuery.current) return;
      addressQuery.current = q;
      applyView({ ...current.current.view, q: q || undefined }, true);
    },
    [applyView],
  );
  useEffect(() => {
    const timer = window.setTimeout(() => writeQuery(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, writeQuery]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    writeQuery(text);
  };
  const setFilter = (filter: CatalogueFilter | 'sort', value: string) => {
    applyView({ ...view, [filter]: value || undefined }, false);
  };
  const clearAll = () => {
    addressQuery.current = '';
    setText('');
    applyView({ sort: view.sort }, false);
  };

  const searchId = useId();
  const shown = state.status === 'ready' ? state.data : state.previous;
  const filtered = isFiltered(view);

  return (
    <div className="page">
      <div className="catalogue">
        <header className="catalogue__intro">
          <h1>{t('catalogue.title')}</h1>
          <p>{t('catalogue.intro')}</p>
        </header>

        <form className="catalogue__search" role="search" onSubmit={onSubmit}>
          <label htmlFor={searchId}>{t('catalogue.search.label')}</label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={MAX_CATALOGUE_QUERY_LENGTH}
            placeholder={t('catalogue.search.placeholder')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        </form>

        <fieldset className="catalogue__filters">
          <legend>{t('catalogue.filters.legend')}</legend>
          {(Object.keys(FILTER_OPTIONS) as CatalogueFilter[]).map((filter) => (
            <FilterSelect
              key={filter}
              label={t(`catalogue.filters.${filter}`)}
              allLabel={t('catalogue.filters.all')}
              value={view[filter] ?? ''}
              options={FILTER_OPTIONS[filter].values.map((value) => ({ value, label: t(`${FILTER_OPTIONS[filter].labelPrefix}${value}`) }))}
              onChange={(value) => setFilter(filter, value)}
            />
          ))}
        </fieldset>

        <div className="catalogue__toolbar">
          <p className="catalogue__count" role="status" aria-live="polite">
            {shown ? t('catalogue.count', { count: shown.total }) : t('app.loading.retrieving')}
          </p>
          {filtered ? (
            <button type="button" className="link-button" onClick={clearAll}>
              {t('catalogue.clear')}
            </button>
          ) : null}
          <FilterSelect
            label={t('catalogue.sort.label')}
            value={view.sort ?? 'relevance'}
            options={CATALOGUE_SORTS.map((value) => ({ value, label: t(`catalogue.sort.${value}`) }))}
            onChange={(value) => setFilter('sort', value === 'relevance' ? '' : value)}
          />
        </div>

        {state.status === 'error' ? (
          <div className="catalogue__message catalogue__message--error" role="alert">
            <h2>{t('catalogue.error.title')}</h2>
            <p>{t('catalogue.error.text')}</p>
            <button type="button" className="button button--primary" onClick={retry}>
              {t('catalogue.error.retry')}
            </button>
          </div>
        ) : shown && shown.records.length === 0 ? (
          <div className="catalogue__message">
            <h2>{t('catalogue.empty.title')}</h2>
            <p>{t(filtered ? 'catalogue.empty.textFiltered' : 'catalogue.empty.text')}</p>
            {filtered ? (
              <button type="button" className="button button--primary" onClick={clearAll}>
                {t('catalogue.clear')}
              </button>
            ) : null}
          </div>
        ) : shown ? (
          <ul className="catalogue__results" aria-busy={state.status === 'loading'} aria-label={t('catalogue.results.label')}>
            {shown.records.map((record) => (
              <li key={record.id}>
                <CatalogueCard record={record} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="catalogue__message" aria-hidden="true">
            <span className="loading-overlay__spinner" />
          </div>
        )}
      </div>
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  /** Text of the "no filter" option; absent when the select always has a value (sort). */
  allLabel?: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}

function FilterSelect({ label, allLabel, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="catalogue__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One dataset: title (the link to its detail page), an excerpt of the abstract and its facts. */
function CatalogueCard({ record }: { record: CatalogueSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists, language } = useLocalisedPath();
  // Catalogue-only mode has /metadata/:id but no /download/:id; both show the same page.
  const detailPath = exists(`/download/${record.id}`) ? `/download/${record.id}` : `/metadata/${record.id}`;
  const revision = intl.formatDate(Date.parse(record.revisionDate), { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <article className="catalogue-card" data-record-id={record.id}>
      <h2 className="catalogue-card__title">
        <Link to={to(detailPath)}>{record.title[language]}</Link>
      </h2>
      {record.sample ? <span className="badge badge--sample">{t('catalogue.card.sample')}</span> : null}
      <p className="catalogue-card__abstract">{record.abstract[language]}</p>
      <dl className="catalogue-card__facts">
        <div>
          <dt>{t('catalogue.filters.category')}</dt>
          <dd>{t(`catalogue.category.${record.category}`)}</dd>
        </div>
        <div>
          <dt>{t('catalogue.filters.status')}</dt>
          <dd>{t(`catalogue.status.${record.status}`)}</dd>
        </div>
        <div>
          <dt>{t('catalogue.filters.updateFrequency')}</dt>
          <dd>{t(`catalogue.frequency.${record.updateFrequency}`)}</dd>
        </div>
        <div>
          <dt>{t('catalogue.card.revised')}</dt>
          <dd>
            <time dateTime={record.revisionDate}>{revision}</time>
          </dd>
        </div>
      </dl>
      {/* Only what can be downloaded now; formats served once a production file is installed are "on request". */}
      <ul className="catalogue-card__formats" aria-label={t('catalogue.card.formats')}>
        {record.distributionFormats
          .filter((format) => !record.formatsOnRequest.includes(format))
          .map((format) => (
            <li key={format} className="badge">
              {t(`catalogue.format.${format}`)}
            </li>
          ))}
      </ul>
      {record.formatsOnRequest.length > 0 && (
        <p className="catalogue-card__on-request">
          {intl.formatMessage(
            { id: 'catalogue.card.onRequest' },
            { formats: intl.formatList(record.formatsOnRequest.map((format) => t(`catalogue.format.${format}`)), { type: 'unit' }) },
          )}
        </p>
      )}
    </article>
  );
}
