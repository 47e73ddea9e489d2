/**
 * The Download tab of a tile-grid dataset (SPEC §2 catalogue download, §5 "at most 6 grids", §8 messages): the
 * sheet grid on a 2D map and a sheet-number field to pick up to six sheets (kept in the address as
 * `?sheets=`), the record's formats with their real sizes over the selection, and Download, which asks for the
 * terms first and then starts one file per sheet (with the pop-ups note when there are several).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { CatalogueFormat, CatalogueRecord, DownloadFormat } from '../../../../core/contracts/catalogue';
import { MAX_GRIDS_PER_DOWNLOAD, type SheetFilesResponse, type TileDataset } from '../../../../core/contracts/download';
import { addSheet, formatSheetsParam, parseSheetsParam, REFUSAL_MESSAGES, SHEETS_PARAM, toggleSheet } from '../../../../plugins/download-selection/sheetSelection';
import { usePluginHost } from '../../../plugins/PluginHostContext';
import { fetchSheetFiles, fetchSheetGrid, sheetFileUrl, type LoadedGrid } from './gridApi';
import { formatChoices, formatFileSize, FORMAT_LABELS } from './gridFormats';
import { GridMap } from './GridMap';
import { TermsDialog } from './TermsDialog';
import './gridDownload.css';

/** Pause between two file downloads: browsers drop some of several downloads started in the same instant. */
export const DOWNLOAD_SPACING_MS = 400;

type GridState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; grid: LoadedGrid };
type SheetState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; files: SheetFilesResponse };

/** Starts the browser's download of `url` (same origin; the server answers with Content-Disposition: attachment). */
export function downloadFile(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function TileGridDownload({ record }: { record: CatalogueRecord & { formatsOnRequest?: readonly CatalogueFormat[] } }) {
  const download = record.download;
  if (download.kind !== 'tile-grid') return null;
  // Formats no file can be downloaded in yet (production-only, none installed) are named "on request", not offered.
  const onRequest = download.formats.filter((format) => record.formatsOnRequest?.includes(format));
  const formats = download.formats.filter((format) => !onRequest.includes(format));
  return <TileGridDownloadPanel metadataId={record.id} dataset={download.dataset} formats={formats.length > 0 ? formats : download.formats} onRequest={formats.length > 0 ? onRequest : []} />;
}

function TileGridDownloadPanel({
  metadataId,
  dataset,
  formats,
  onRequest,
}: {
  metadataId: string;
  dataset: TileDataset;
  formats: readonly DownloadFormat[];
  onRequest: readonly DownloadFormat[];
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const baseId = useId();
  const analytics = usePluginHost()?.services.analytics;
  const [searchParams, setSearchParams] = useSearchParams();
  const [gridState, setGridState] = useState<GridState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [addressRejected, setAddressRejected] = useState<string[]>([]);
  const [sheetText, setSheetText] = useState('');
  const [inputError, setInputError] = useState('');
  const [sheetStates, setSheetStates] = useState<ReadonlyMap<string, SheetState>>(new Map());
  const [format, setFormat] = useState<DownloadFormat | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [downloadStatus, setDownloadStatus] = useState('');
  /** Raised when sheets are chosen away from the map (the address, the sheet-number field): the map centres on them. */
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setGridState({ status: 'loading' });
    fetchSheetGrid(controller.signal).then(
      (grid) => setGridState({ status: 'ready', grid }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('loading the sheet grid failed', error);
        setGridState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const gridIds = useMemo(() => (gridState.status === 'ready' ? new Set(gridState.grid.sheets.keys()) : null), [gridState]);
  // The selection lives here and is mirrored into the address (`?sheets=`). It is not read back from the address
  // on every change: the router applies navigations in a transition, so the address can lag behind quick clicks,
  // and a click computed from a stale selection would drop the sheet picked just before. The ref is the latest
  // selection for handlers that run before the next render.
  const [selection, setSelection] = useState<readonly string[]>([]);
  const latestSelection = useRef<readonly string[]>([]);
  const sheetsParam = useRef(searchParams.get(SHEETS_PARAM));
  sheetsParam.current = searchParams.get(SHEETS_PARAM);

  // The router's setter changes with every address; the ref keeps writeSelection stable, so the effect below runs
  // only when the grid arrives and never resets the selection from an address that has not caught up yet.
  const setSearchParamsRef = useRef(setSearchParams);
  setSearchParamsRef.current = setSearchParams;
  const writeSelection = useCallback((next: readonly string[]) => {
    latestSelection.current = next;
    setSelection(next);
    setSearchParamsRef.current(
      (current) => {
        const params = new URLSearchParams(current);
        const value = formatSheetsParam(next);
        if (value) params.set(SHEETS_PARAM, value);
        else params.delete(SHEETS_PARAM);
        return params;
      },
      { replace: true },
    );
  }, []);

  // When the grid arrives, the address's sheets become the selection; those the grid lacks are reported once and
  // dropped from the address, the rest are kept.
  useEffect(() => {
    if (!gridIds) return;
    const parsed = parseSheetsParam(sheetsParam.current, gridIds);
    setAddressRejected(parsed.rejected);
    if (parsed.selection.length > 0) setFocusRequest((count) => count + 1);
    if (parsed.rejected.length > 0) writeSelection(parsed.selection);
    else {
      latestSelection.current = parsed.selection;
      setSelection(parsed.selection);
    }
  }, [gridIds, writeSelection]);

  // Each selected sheet's formats and sizes, fetched once per sheet (the server may generate them on first request).
  useEffect(() => {
    const missing = selection.filter((sheet) => !sheetStates.has(sheet));
    if (missing.length === 0) return;
    setSheetStates((current) => {
      const next = new Map(current);
      for (const sheet of missing) next.set(sheet, { status: 'loading' });
      return next;
    });
    for (const sheet of missing) {
      fetchSheetFiles(sheet, dataset).then(
        (files) => setSheetStates((current) => new Map(current).set(sheet, files ? { status: 'ready', files } : { status: 'missing' })),
        (error: unknown) => {
          console.error(`loading the files of sheet ${sheet} failed`, error);
          setSheetStates((current) => new Map(current).set(sheet, { status: 'failed' }));
        },
      );
    }
  }, [selection, sheetStates, dataset]);

  if (gridState.status !== 'ready' || !gridIds) {
    return (
      <section className="grid-download" aria-labelledby={`${baseId}-title`}>
        <h2 id={`${baseId}-title`}>{t('download.grid.title')}</h2>
        {gridState.status === 'loading' ? (
          <p role="status">{t('download.grid.loading')}</p>
        ) : (
          <div role="alert" className="grid-download__error">
            <p>{t('download.error.gridMissing')}</p>
            <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
              {t('download.grid.retry')}
            </button>
          </div>
        )}
      </section>
    );
  }

  // A user's change of the selection ends what the download status said about the previous one ("Downloading 6
  // files…" must not stay under an emptied list).
  const changeSelection = (next: readonly string[]) => {
    setDownloadStatus('');
    writeSelection(next);
  };

  const refuse = (refusal: keyof typeof REFUSAL_MESSAGES, text: string) =>
    t(REFUSAL_MESSAGES[refusal], { num: MAX_GRIDS_PER_DOWNLOAD, text });

  const onSheetClick = (id: string) => {
    const result = toggleSheet(latestSelection.current, id, gridIds);
    if ('refused' in result) {
      setAnnouncement(refuse(result.refused, id));
      return;
    }
    setAnnouncement('removed' in result ? t('download.announce.removed', { sheet: id }) : t('download.announce.added', { sheet: id }));
    changeSelection(result.selection);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const result = addSheet(latestSelection.current, sheetText, gridIds);
    if ('refused' in result) {
      const message = refuse(result.refused, sheetText.trim());
      // Said once, beside the field (role=alert), not again in the page's live region.
      setInputError(message);
      setAnnouncement('');
      return;
    }
    setInputError('');
    setSheetText('');
    setAnnouncement(t('download.announce.added', { sheet: result.added }));
    changeSelection(result.selection);
    setFocusRequest((count) => count + 1);
  };

  const remove = (id: string) => {
    setAnnouncement(t('download.announce.removed', { sheet: id }));
    changeSelection(latestSelection.current.filter((selected) => selected !== id));
  };

  const states = selection.map((sheet) => [sheet, sheetStates.get(sheet) ?? { status: 'loading' as const }] as const);
  const loaded = states.flatMap(([, state]) => (state.status === 'ready' ? [state.files] : []));
  const pending = states.filter(([, state]) => state.status === 'loading').length;
  const missingSheets = states.filter(([, state]) => state.status === 'missing').map(([sheet]) => sheet);
  const failedSheets = states.filter(([, state]) => state.status === 'failed').map(([sheet]) => sheet);
  const complete = selection.length > 0 && loaded.length === selection.length;
  const choices = formatChoices(formats, loaded);
  const chosen = choices.find((choice) => choice.format === format && choice.available && complete);
  const locale = intl.locale;

  const startDownloads = () => {
    setTermsOpen(false);
    if (!chosen) return;
    const sheets = [...selection];
    setDownloadStatus(t('download.started', { count: sheets.length }));
    sheets.forEach((sheet, index) => {
      analytics?.emit({ name: 'download::tile', id: metadataId, tile_id: sheet, format: chosen.format });
      const start = () => downloadFile(sheetFileUrl(dataset, chosen.format, sheet));
      if (index === 0) start();
      else setTimeout(start, index * DOWNLOAD_SPACING_MS);
    });
  };

  const retrySheets = () =>
    setSheetStates((current) => {
      const next = new Map(current);
      for (const sheet of failedSheets) next.delete(sheet);
      return next;
    });

  return (
    <>
      <section className="grid-download" aria-labelledby={`${baseId}-title`}>
        <h2 id={`${baseId}-title`}>{t('download.grid.title')}</h2>
        <p className="grid-download__intro">{t('download.grid.intro', { num: MAX_GRIDS_PER_DOWNLOAD })}</p>
        {gridState.grid.source === 'inferred-scheme' && <p className="grid-download__note">{t('download.grid.inferred')}</p>}
        {addressRejected.length > 0 && (
          <p className="grid-download__error" role="alert">
            {t('download.error.gridMissing')} {t('download.error.addressRejected', { sheets: addressRejected.join(', ') })}
          </p>
        )}
        <div className="grid-download__layout">
          <GridMap grid={gridState.grid.sheets} selection={selection} focusRequest={focusRequest} onSheetClick={onSheetClick} />
          <div className="grid-download__side">
            <p className="grid-download__announcement" role="status" aria-live="polite" data-testid="grid-announcement">
              {announcement}
            </p>
            <form className="grid-download__input" onSubmit={onAdd} noValidate>
              <label htmlFor={`${baseId}-sheet`}>{t('download.input.label')}</label>
              <div className="grid-download__input-row">
                <input
                  id={`${baseId}-sheet`}
                  type="text"
                  value={sheetText}
                  placeholder={t('download.input.placeholder')}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={inputError ? true : undefined}
                  aria-describedby={inputError ? `${baseId}-sheet-error` : undefined}
                  onChange={(event) => setSheetText(event.target.value)}
                />
                <button type="submit" className="button">
                  {t('download.input.add')}
                </button>
              </div>
              {inputError && (
                <p id={`${baseId}-sheet-error`} className="grid-download__field-error" role="alert">
                  {inputError}
                </p>
              )}
            </form>
            <div className="grid-download__selected">
              <h3 id={`${baseId}-selected`}>{t('download.selected.title', { count: selection.length, max: MAX_GRIDS_PER_DOWNLOAD })}</h3>
              {selection.length === 0 ? (
                <p className="grid-download__muted">{t('download.selected.none')}</p>
              ) : (
                <>
                  <ul aria-labelledby={`${baseId}-selected`} className="grid-download__sheet-list">
                    {selection.map((sheet) => (
                      <li key={sheet}>
                        <span className="grid-download__sheet-id">{sheet}</span>
                        <button type="button" className="link-button" aria-label={t('download.selected.remove', { sheet })} onClick={() => remove(sheet)}>
                          {t('download.selected.removeShort')}
                        </button>
                      </li>
                    ))}
                  </ul>
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setAnnouncement(t('download.announce.cleared'));
                      changeSelection([]);
                    }}
                  >
                    {t('download.selected.clear')}
                  </button>
                </>
              )}
            </div>
          </div>
        </div>

        <fieldset className="grid-download__formats">
          <legend>{t('download.formats.title')}</legend>
          {selection.length === 0 && <p className="grid-download__muted">{t('download.formats.selectFirst')}</p>}
          {pending > 0 && (
            <div role="status" className="grid-download__progress">
              <progress max={selection.length} value={selection.length - pending} aria-label={t('download.formats.progressLabel')} />
              <span>{t('download.formats.loading', { count: pending })}</span>
            </div>
          )}
          {missingSheets.length > 0 && (
            <p className="grid-download__error" role="alert">
              {t('download.error.gridMissing')} ({missingSheets.join(', ')})
            </p>
          )}
          {failedSheets.length > 0 && (
            <p className="grid-download__error" role="alert">
              {t('download.formats.failed', { sheets: failedSheets.join(', ') })}{' '}
              <button type="button" className="link-button" onClick={retrySheets}>
                {t('download.grid.retry')}
              </button>
            </p>
          )}
          {selection.length > 0 && (
            <ul className="grid-download__format-list">
              {choices.map((choice) => {
                const enabled = complete && choice.available;
                const reasonId = `${baseId}-format-${choice.format}-reason`;
                return (
                  <li key={choice.format} className={enabled ? undefined : 'grid-download__format--disabled'}>
                    <label>
                      <input
                        type="radio"
                        name={`${baseId}-format`}
                        value={choice.format}
                        checked={format === choice.format}
                        disabled={!enabled}
                        aria-describedby={reasonId}
                        onChange={() => setFormat(choice.format)}
                      />
                      <span className="grid-download__format-name">{FORMAT_LABELS[choice.format]}</span>
                    </label>
                    <span id={reasonId} className="grid-download__format-size">
                      {!complete
                        ? ''
                        : choice.available
                          ? formatFileSize(choice.totalBytes, locale)
                          : selection.length === 1
                            ? t('download.formats.unavailable')
                            : choice.missingSheets.length === selection.length
                              ? t('download.formats.unavailableAll')
                              : t('download.formats.unavailableSome', { sheets: choice.missingSheets.join(', ') })}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {onRequest.length > 0 && (
            <p className="grid-download__muted">
              {t('download.formats.onRequest', { formats: intl.formatList(onRequest.map((format) => FORMAT_LABELS[format]), { type: 'unit' }) })}
            </p>
          )}
        </fieldset>

        {selection.length > 1 && <p className="grid-download__popups">{t('download.popups')}</p>}
        <div className="grid-download__actions">
          <button type="button" className="button button--primary" disabled={!chosen} onClick={() => setTermsOpen(true)}>
            {t('download.button', { count: selection.length })}
          </button>
          <span role="status" className="grid-download__muted">
            {downloadStatus}
          </span>
        </div>
      </section>
      {/* Outside the section, so the page's styles do not reach into the dialog. */}
      <TermsDialog
        open={termsOpen}
        onAccept={startDownloads}
        onDecline={() => {
          setTermsOpen(false);
          setDownloadStatus(t('download.cancelled'));
        }}
      />
    </>
  );
}
