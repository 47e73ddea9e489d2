/**
 * The indoor download page (SPEC §2 "Indoor download page: search by venue, district and type", §9 GeoJSON and
 * SHP): the venue search (instant, debounced), the list of venues, and per venue the two downloads. Every
 * download waits for the terms dialog (accept starts it, "Not accept" cancels) and ends with the SPEC §8
 * message: downloaded, failed, or not available (404).
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { INDOOR_VENUE_TYPES, type IndoorVenueSummary } from '../../../../core/contracts/download';
import type { Language } from '../../../../core/plugin/types';
import { fetchIndoorVenues, type IndoorVenueQuery } from '../metadataApi';
import { saveDownload, type SaveResult } from '../saveDownload';
import { TermsDialog } from './TermsDialog';

/** The 18 district letters (SPEC §3 district table: A to T without I and O); names are messages. */
export const DISTRICT_CODES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T'] as const;
/** Typing pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Venues listed at first and added by each "Show more" (about 700 venues in all). */
export const VENUES_PER_PAGE = 40;
/** The contract's longest accepted `q`. */
const MAX_QUERY_LENGTH = 100;

type IndoorFormat = keyof IndoorVenueSummary['links'];
const FORMATS: IndoorFormat[] = ['GEOJSON', 'SHP'];
const FALLBACK_EXTENSION: Record<IndoorFormat, string> = { GEOJSON: 'geojson', SHP: 'zip' };

type ListState =
  | { status: 'loading' }
  | { status: 'loaded'; total: number; venues: IndoorVenueSummary[] }
  | { status: 'failed' };

type DownloadState =
  | { status: 'idle' }
  | { status: 'confirming'; venue: IndoorVenueSummary; format: IndoorFormat }
  | { status: 'downloading'; venue: IndoorVenueSummary; format: IndoorFormat }
  | { status: 'done'; venue: IndoorVenueSummary; result: SaveResult }
  | { status: 'declined' };

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const RESULT_MESSAGE: Record<SaveResult, string> = {
  saved: 'metadata.indoor.result.saved',
  failed: 'metadata.indoor.result.failed',
  'not-found': 'metadata.indoor.result.notAvailable',
};

export function IndoorDownload() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const baseId = useId();
  const [text, setText] = useState('');
  const [district, setDistrict] = useState('');
  const [type, setType] = useState('');
  const q = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState(VENUES_PER_PAGE);
  const [download, setDownload] = useState<DownloadState>({ status: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    const query: IndoorVenueQuery = { q, district, type };
    setList({ status: 'loading' });
    setShown(VENUES_PER_PAGE);
    fetchIndoorVenues(query, controller.signal).then(
      (answer) => !controller.signal.aborted && setList({ status: 'loaded', ...answer }),
      () => !controller.signal.aborted && setList({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [q, district, type, attempt]);

  const accept = async () => {
    if (download.status !== 'confirming') return;
    const { venue, format } = download;
    setDownload({ status: 'downloading', venue, format });
    const result = await saveDownload(venue.links[format], `${venue.id}.${FALLBACK_EXTENSION[format]}`);
    setDownload({ status: 'done', venue, result });
  };

  const typeLabel = (venueType: string) => t(`metadata.indoor.venueType.${venueType}`);

  return (
    <section className="download-panel indoor-download" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{t('metadata.indoor.title')}</h2>
      <p>{t('metadata.indoor.intro')}</p>
      <form className="indoor-download__filters" role="search" aria-label={t('metadata.indoor.searchLabel')} onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field__label">{t('metadata.indoor.venueLabel')}</span>
          <input
            type="search"
            value={text}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t('metadata.indoor.venuePlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('metadata.indoor.districtLabel')}</span>
          <select value={district} onChange={(event) => setDistrict(event.target.value)}>
            <option value="">{t('metadata.indoor.allDistricts')}</option>
            {DISTRICT_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`metadata.district.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('metadata.indoor.typeLabel')}</span>
          <select value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">{t('metadata.indoor.allTypes')}</option>
            {INDOOR_VENUE_TYPES.map((venueType) => (
              <option key={venueType} value={venueType}>
                {typeLabel(venueType)}
              </option>
            ))}
          </select>
        </label>
      </form>

      <div className="indoor-download__status" role="status" aria-live="polite">
        {download.status === 'downloading' ? <p>{t('metadata.indoor.downloading', { name: download.venue.name[language] })}</p> : null}
        {download.status === 'done' ? (
          <p className={download.result === 'saved' ? 'metadata-message metadata-message--success' : 'metadata-message metadata-message--error'}>
            {t(RESULT_MESSAGE[download.result])}
          </p>
        ) : null}
        {download.status === 'declined' ? <p className="metadata-message">{t('metadata.indoor.declined')}</p> : null}
        {list.status === 'loaded' ? <p className="indoor-download__count">{t('metadata.indoor.count', { count: list.total })}</p> : null}
      </div>

      {list.status === 'loading' ? <p className="metadata-message">{t('metadata.indoor.loading')}</p> : null}
      {list.status === 'failed' ? (
        <div className="metadata-message metadata-message--error" role="alert">
          <p>{t('metadata.indoor.failed')}</p>
          <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
            {t('metadata.action.retry')}
          </button>
        </div>
      ) : null}
      {list.status === 'loaded' && list.venues.length === 0 ? <p className="metadata-message">{t('metadata.indoor.none')}</p> : null}
      {list.status === 'loaded' && list.venues.length > 0 ? (
        <>
          <ul className="venue-list">
            {list.venues.slice(0, shown).map((venue) => (
              <li key={venue.id} className="venue" data-venue={venue.id}>
                <div className="venue__text">
                  <h3 className="venue__name">{venue.name[language]}</h3>
                  <p className="venue__facts">
                    <span>{venue.district ? venue.district[language] : t('metadata.indoor.noDistrict')}</span>
                    <span>{typeLabel(venue.type)}</span>
                    <span title={venue.floors.join(', ')}>{t('metadata.indoor.floors', { count: venue.floors.length })}</span>
                    {venue.sample ? <span className="badge badge--sample">{t('metadata.header.sample')}</span> : null}
                  </p>
                </div>
                <div className="venue__actions">
                  {FORMATS.map((format) => (
                    <button
                      key={format}
                      type="button"
                      className="button"
                      aria-label={t('metadata.indoor.downloadFormatOf', { format: t(`metadata.format.${format}`), name: venue.name[language] })}
                      // aria-disabled keeps the button focusable, so focus can return to it when the terms dialog closes.
                      aria-disabled={download.status === 'downloading'}
                      onClick={() => download.status !== 'downloading' && setDownload({ status: 'confirming', venue, format })}
                    >
                      {t(`metadata.format.${format}`)}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          {list.venues.length > shown ? (
            <button type="button" className="button indoor-download__more" onClick={() => setShown((count) => count + VENUES_PER_PAGE)}>
              {t('metadata.indoor.showMore', { count: list.venues.length - shown })}
            </button>
          ) : null}
        </>
      ) : null}

      <TermsDialog open={download.status === 'confirming'} onAccept={() => void accept()} onDecline={() => setDownload({ status: 'declined' })} />
    </section>
  );
}
