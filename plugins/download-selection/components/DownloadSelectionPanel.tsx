/**
 * The panel of the download-selection tool: shown while the tool is on; says how to pick sheets, lists the
 * selection with remove buttons, speaks each change (aria-live) and links to the download page with the
 * sheets preselected (`?sheets=`, the address language `l` kept).
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { MAX_GRIDS_PER_DOWNLOAD } from '../../../core/contracts/download';
import { appStore } from '../../../core/store';
import { downloadSelection } from '../context';
import type { DownloadSelectionController } from '../selectionController';
import { formatSheetsParam, SHEETS_PARAM } from '../sheetSelection';
import { DOWNLOAD_SELECTION_TOOL } from '../toolId';
import './download-selection.css';

export default function DownloadSelectionPanel() {
  const current = downloadSelection();
  if (!current) return null;
  return <Panel controller={current.controller} metadataId={current.metadataId} />;
}

/** The download page address with the selection; keeps the address language. */
export function downloadHref(metadataId: string, selection: readonly string[], language: string | null): { pathname: string; search: string } {
  const params = new URLSearchParams();
  if (language) params.set('l', language);
  const sheets = formatSheetsParam(selection);
  if (sheets) params.set(SHEETS_PARAM, sheets);
  const search = params.toString();
  return { pathname: `/download/${metadataId}`, search: search ? `?${search}` : '' };
}

function Panel({ controller, metadataId }: { controller: DownloadSelectionController; metadataId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [searchParams] = useSearchParams();
  const titleId = useId();
  if (!state.active) return null;
  return (
    <section className="download-selection" aria-labelledby={titleId}>
      <div className="download-selection__header">
        <h2 id={titleId}>{t('downloadSelection.title')}</h2>
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('downloadSelection.close')}
          onClick={() => appStore.getState().setToggle(DOWNLOAD_SELECTION_TOOL, false)}
        >
          ×
        </button>
      </div>
      <p className="download-selection__help">{t('downloadSelection.help', { num: MAX_GRIDS_PER_DOWNLOAD })}</p>
      {state.grid === 'loading' && <p role="status">{t('downloadSelection.loading')}</p>}
      <p className="download-selection__message" role="status" aria-live="polite">
        {state.message ? t(state.message.id, state.message.values) : ''}
      </p>
      {state.selection.length > 0 && (
        <>
          <ul className="download-selection__list" aria-label={t('downloadSelection.selected', { count: state.selection.length, max: MAX_GRIDS_PER_DOWNLOAD })}>
            {state.selection.map((sheet) => (
              <li key={sheet} className="download-selection__chip">
                <span>{sheet}</span>
                <button type="button" aria-label={t('downloadSelection.remove', { sheet })} onClick={() => controller.remove(sheet)}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="download-selection__actions">
            <Link className="button button--primary" to={downloadHref(metadataId, state.selection, searchParams.get('l'))}>
              {t('downloadSelection.download')}
            </Link>
            <button type="button" className="button" onClick={() => controller.clear()}>
              {t('downloadSelection.clear')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
