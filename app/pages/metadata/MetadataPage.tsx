/**
 * The dataset page, /metadata/:metadataId = /download/:metadataId (SPEC §2): the record's header, the tabs
 * "Download" and "ISO 19139 metadata" (the active tab is kept in the address as `tab=iso`), and the
 * "Tileset metadata" popup. Unknown ids get the SPEC §8 message with links back; other failures a retry.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CatalogueRecord } from '../../../core/contracts/catalogue';
import { normaliseSheetId } from '../../../core/contracts/mapSheets';
import type { Language } from '../../../core/plugin/types';
import { parseSheetsParam, SHEETS_PARAM } from '../../../plugins/download-selection/sheetSelection';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useLocalisedPath } from '../../components/useLocalisedPath';
import { DownloadTab } from './DownloadTab';
import { formatIsoDate } from './format';
import { IsoMetadataPanel } from './iso/IsoMetadataPanel';
import { RecordNotFound } from './RecordNotFound';
import { TilesetDialog } from './TilesetDialog';
import { useRecord } from './useRecord';
import './metadata.css';

/** The tabs in order; the first is the default and is not written to the address. */
export const METADATA_TABS = ['download', 'iso'] as const;
export type MetadataTab = (typeof METADATA_TABS)[number];
/** Query parameter holding the active tab. */
export const TAB_PARAM = 'tab';

function tabFromParam(value: string | null): MetadataTab {
  return METADATA_TABS.find((tab) => tab === value) ?? 'download';
}

/**
 * The sheets selected on the Download tab, read from `?sheets=` by the tab's own rules (canonical ids, in order,
 * no duplicates, at most six). This page does not load the grid, so every well-formed id counts here; the popup
 * says so for a sheet the server has no tileset for.
 */
function selectedSheets(value: string | null): string[] {
  const wellFormed = new Set((value ?? '').split(',').flatMap((part) => normaliseSheetId(part.trim()) ?? []));
  return parseSheetsParam(value, wellFormed).selection;
}

export default function MetadataPage() {
  const { metadataId = '' } = useParams();
  const { state, retry } = useRecord(metadataId);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <div className="page metadata-page">
      {state.status === 'loading' ? <LoadingOverlay /> : null}
      {state.status === 'not-found' ? <RecordNotFound /> : null}
      {state.status === 'failed' ? (
        <article className="coming-soon" role="alert">
          <h1>{t('metadata.failed.title')}</h1>
          <p className="coming-soon__description">{t('metadata.failed.message')}</p>
          <p className="coming-soon__detail">{state.problem}</p>
          <div className="coming-soon__actions">
            <button type="button" className="button button--primary" onClick={retry}>
              {t('metadata.action.retry')}
            </button>
          </div>
        </article>
      ) : null}
      {state.status === 'found' ? <RecordView record={state.record} /> : null}
    </div>
  );
}

function RecordView({ record }: { record: CatalogueRecord }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const { to } = useLocalisedPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromParam(searchParams.get(TAB_PARAM));
  // Panels mount on first visit and stay mounted, so going back to a tab keeps its state (search, selection).
  const [visited, setVisited] = useState<ReadonlySet<MetadataTab>>(() => new Set([active]));
  useEffect(() => setVisited((previous) => (previous.has(active) ? previous : new Set([...previous, active]))), [active]);
  const [tilesetOpen, setTilesetOpen] = useState(false);
  const tabRefs = useRef<Partial<Record<MetadataTab, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (tab: MetadataTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: MetadataTab) => `${baseId}-panel-${tab}`;

  const select = (tab: MetadataTab) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === METADATA_TABS[0]) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );
  };

  const panelContent = (tab: MetadataTab) =>
    tab === 'download' ? <DownloadTab record={record} /> : <IsoMetadataPanel metadataId={record.id} />;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = METADATA_TABS.indexOf(active);
    const last = METADATA_TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index + 1) % METADATA_TABS.length
      : event.key === 'ArrowLeft' ? (index + last) % METADATA_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (target === undefined) return;
    event.preventDefault();
    const tab = METADATA_TABS[target];
    select(tab);
    tabRefs.current[tab]?.focus();
  };

  return (
    <div className="metadata">
      <nav className="metadata__breadcrumb" aria-label={t('metadata.breadcrumb.label')}>
        <ol>
          <li>
            <Link to={to('/catalogue')}>{t('metadata.breadcrumb.catalogue')}</Link>
          </li>
          <li aria-current="page">{record.title[language]}</li>
        </ol>
      </nav>
      <header className="metadata__header">
        <div className="metadata__heading">
          <p className="metadata__category">{t(`metadata.category.${record.category}`)}</p>
          <h1>{record.title[language]}</h1>
          <ul className="metadata__badges" aria-label={t('metadata.header.facts')}>
            <li className="badge" data-status={record.status}>
              {t('metadata.header.status', { status: t(`metadata.code.status.${record.status}`) })}
            </li>
            <li className="badge">
              {t('metadata.header.revised', { date: formatIsoDate(intl, record.dates.revision) })}
            </li>
            {record.sample ? (
              <li className="badge badge--sample" title={t('metadata.header.sampleNote')}>
                {t('metadata.header.sample')}
              </li>
            ) : null}
          </ul>
        </div>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setTilesetOpen(true)}>
          {t('metadata.tileset.open')}
        </button>
      </header>

      <div className="metadata__tabs" role="tablist" aria-label={t('metadata.tabs.label')}>
        {METADATA_TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[tab] = element;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            className="metadata__tab"
            aria-selected={tab === active}
            aria-controls={panelId(tab)}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
            onKeyDown={onTabKeyDown}
          >
            {t(`metadata.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {METADATA_TABS.map((tab) => (
        <div key={tab} id={panelId(tab)} className="metadata__panel" role="tabpanel" aria-labelledby={tabId(tab)} tabIndex={0} hidden={tab !== active}>
          {visited.has(tab) || tab === active ? panelContent(tab) : null}
        </div>
      ))}
      {tilesetOpen ? (
        <TilesetDialog
          record={record}
          sheets={selectedSheets(searchParams.get(SHEETS_PARAM))}
          onClose={() => setTilesetOpen(false)}
          onShowDownload={() => {
            setTilesetOpen(false);
            select('download');
            // After the popup has given focus back to its opener: the tab the reader asked for takes it.
            requestAnimationFrame(() => tabRefs.current.download?.focus());
          }}
        />
      ) : null}
    </div>
  );
}
