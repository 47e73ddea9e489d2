/**
 * The "Tileset metadata" popup (SPEC §2, §3 "Catalogue item"): tileset URL, XYZ origin, file size, formats and
 * revision date, or 'The metadata for the selected layer is not available.'. A record with its own tileset
 * shows it; a tile-grid dataset shows one tileset per sheet selected on the Download tab (the sheet's
 * tileset.json, its origin from `root.transform`, and the size of its 3D Tiles package), or asks for a
 * selection. Modal: focus trapped, Escape and the backdrop close it, focus returns to the opener.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CatalogueRecord } from '../../../core/contracts/catalogue';
import type { TileDataset } from '../../../core/contracts/download';
import { ModalDialog } from '../../components/ModalDialog';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import { fetchSheetFiles } from './download/gridApi';
import type { Geodetic } from '../../../core/contracts/ecef';
import { formatFileSize, formatIsoDate } from './format';
import { fetchSheetTileset, sheetTilesetPath } from './tilesetApi';

export interface TilesetDialogProps {
  record: CatalogueRecord;
  /** Canonical ids of the sheets selected on the Download tab (at most six); read for a tile-grid record only. */
  sheets: readonly string[];
  onClose(): void;
  /** Closes the popup and shows the Download tab, where sheets are selected. */
  onShowDownload(): void;
}

export function TilesetDialog({ record, sheets, onClose, onShowDownload }: TilesetDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const tileset = record.tileset;
  const download = record.download;

  return (
    <ModalDialog title={t('metadata.tileset.title')} className="tileset-dialog" onDismiss={onClose} closeLabel={t('metadata.action.close')}>
      <div className="tileset-dialog__body">
        {tileset ? (
          <dl className="metadata-facts">
            <dt>{t('metadata.tileset.url')}</dt>
            <dd>
              <a className="metadata-code" href={tileset.url}>
                {tileset.url}
              </a>
            </dd>
            <dt>{t('metadata.tileset.origin')}</dt>
            <dd>
              <OriginValue origin={{ longitudeDegrees: tileset.origin[0], latitudeDegrees: tileset.origin[1], heightMetres: tileset.origin[2] }} />
            </dd>
            <dt>{t('metadata.tileset.fileSize')}</dt>
            <dd>{t('metadata.tileset.fileSizeRange', { min: formatFileSize(intl, tileset.fileSize.min), max: formatFileSize(intl, tileset.fileSize.max) })}</dd>
            <RecordFacts record={record} />
          </dl>
        ) : download.kind === 'tile-grid' && sheets.length === 0 ? (
          <div className="metadata-message">
            <p role="status">{t('metadata.tileset.selectSheets')}</p>
            <button type="button" className="button" onClick={onShowDownload}>
              {t('metadata.tileset.showDownload')}
            </button>
          </div>
        ) : download.kind === 'tile-grid' ? (
          <>
            <dl className="metadata-facts">
              <RecordFacts record={record} />
            </dl>
            {sheets.map((sheet) => (
              <SheetTileset key={sheet} dataset={download.dataset} sheet={sheet} />
            ))}
          </>
        ) : (
          <p className="metadata-message" role="status">
            {t('metadata.tileset.unavailable')}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

/** Formats and revision date: the record's, the same for every sheet. */
function RecordFacts({ record }: { record: CatalogueRecord & { formatsOnRequest?: readonly string[] } }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // Formats served only once a production file is installed are named "on request", not listed as downloadable.
  const onRequest = record.formatsOnRequest ?? [];
  return (
    <>
      <dt>{t('metadata.tileset.formats')}</dt>
      <dd>
        <ul className="iso__chips">
          {record.download.formats
            .filter((format) => !onRequest.includes(format))
            .map((format) => (
              <li key={format}>{t(`metadata.format.${format}`)}</li>
            ))}
        </ul>
        {onRequest.length > 0 && (
          <p className="note">
            {intl.formatMessage(
              { id: 'metadata.tileset.onRequest' },
              { formats: intl.formatList(onRequest.map((format) => t(`metadata.format.${format}`)), { type: 'unit' }) },
            )}
          </p>
        )}
      </dd>
      <dt>{t('metadata.tileset.revisionDate')}</dt>
      <dd>{formatIsoDate(intl, record.dates.revision)}</dd>
    </>
  );
}

function OriginValue({ origin }: { origin: Geodetic }) {
  const intl = useIntl();
  // 'negative': a value that rounds to zero reads 0, not -0 (a height a hair below the ellipsoid).
  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 6, signDisplay: 'negative' });
  return (
    <>
      {intl.formatMessage(
        { id: 'metadata.tileset.originValue' },
        {
          longitude: degrees(origin.longitudeDegrees),
          latitude: degrees(origin.latitudeDegrees),
          height: intl.formatNumber(origin.heightMetres, { maximumFractionDigits: 2, signDisplay: 'negative' }),
        },
      )}
    </>
  );
}

type SheetTilesetState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  /** `packageBytes`: size of the sheet's 3D Tiles (CESIUM) zip; null when the server lists none or could not say. */
  | { status: 'ready'; origin: Geodetic; packageBytes: number | null };

/** One selected sheet: its tileset.json address, origin and package size, or the SPEC message when it has none. */
function SheetTileset({ dataset, sheet }: { dataset: TileDataset; sheet: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const headingId = useId();
  const [state, setState] = useState<SheetTilesetState>({ status: 'loading' });
  const clipboard = useCopyToClipboard();
  // Absolute, so what people copy works outside this page (a viewer, a script).
  const url = new URL(sheetTilesetPath(dataset, sheet), window.location.href).href;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The size is a detail: without it the tileset is still shown.
    const packageSize = fetchSheetFiles(sheet, dataset, controller.signal).then(
      (files) => files?.files.find((file) => file.format === 'CESIUM' && file.available)?.size ?? null,
      (error: unknown) => {
        if (!controller.signal.aborted) console.error(`loading the files of sheet ${sheet} failed`, error);
        return null;
      },
    );
    Promise.all([fetchSheetTileset(dataset, sheet, controller.signal), packageSize]).then(
      ([tileset, packageBytes]) => {
        if (controller.signal.aborted) return;
        setState(tileset ? { status: 'ready', origin: tileset.origin, packageBytes } : { status: 'unavailable' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`loading the tileset of sheet ${sheet} failed`, error);
        setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [dataset, sheet]);

  return (
    <section className="tileset-dialog__sheet" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('metadata.tileset.sheet', { sheet })}</h3>
      {state.status === 'loading' ? (
        <p role="status" className="tileset-dialog__loading">
          {t('metadata.tileset.loading', { sheet })}
        </p>
      ) : state.status === 'unavailable' ? (
        <p className="metadata-message">{t('metadata.tileset.unavailable')}</p>
      ) : (
        <dl className="metadata-facts">
          <dt>{t('metadata.tileset.url')}</dt>
          <dd>
            <a className="metadata-code" href={url}>
              {url}
            </a>
            <span className="tileset-dialog__copy">
              <button type="button" className="button" aria-label={t('metadata.tileset.copyLabel', { sheet })} onClick={() => clipboard.copy(url)}>
                {t('metadata.tileset.copy')}
              </button>
              <span role="status">{clipboard.state === 'copied' ? t('metadata.tileset.copied') : clipboard.state === 'failed' ? t('metadata.tileset.copyFailed') : ''}</span>
            </span>
          </dd>
          <dt>{t('metadata.tileset.origin')}</dt>
          <dd>
            <OriginValue origin={state.origin} />
          </dd>
          <dt>{t('metadata.tileset.fileSize')}</dt>
          <dd>
            {state.packageBytes === null
              ? t('metadata.tileset.packageSizeUnknown')
              : t('metadata.tileset.packageSize', { size: formatFileSize(intl, state.packageBytes) })}
          </dd>
        </dl>
      )}
    </section>
  );
}
