/**
 * The Download tab of a viewer layer (`download.kind: 'layer'`): what the layer is, its GeoJSON from the data
 * service path (saved as a file once the terms are accepted, SPEC §5 "a download requires accepting terms"),
 * the way to the viewer (not in catalogue-only mode, which has no /map), the WMTS address for GIS software when
 * the layer is also served as map tiles (`download.wmtsLayer`), and the terms the download is under.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CatalogueRecord } from '../../../../core/contracts/catalogue';
import { uavZoneWfsEndpoint } from '../../../../core/contracts/geopin';
import { WMTS_CAPABILITIES_KVP_URL } from '../../../../core/contracts/wmts';
import type { Language } from '../../../../core/plugin/types';
import { useLocalisedPath } from '../../../components/useLocalisedPath';
import { mapAddressFor } from '../../../map/mapAddress';
import { useShellStore } from '../../../state/shellStore';
import { saveDownload, type SaveResult } from '../saveDownload';
import { TermsDialog } from './TermsDialog';

type LayerDownloadState = 'idle' | 'confirming' | 'downloading' | 'declined' | SaveResult;

const RESULT_MESSAGE: Record<SaveResult, string> = {
  saved: 'metadata.layer.result.saved',
  failed: 'metadata.layer.result.failed',
  'not-found': 'metadata.layer.result.notAvailable',
};

/** The map with the record's layer switched on, looking at the record's extent (its data's bounding box). */
export function viewerAddress(record: CatalogueRecord): string {
  const { west, south, east, north } = record.extent;
  return mapAddressFor(record.viewerLayerId ? [record.viewerLayerId] : [], { west, south, east, north });
}

export function LayerDownload({ record, apiPath }: { record: CatalogueRecord; apiPath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const { to, exists } = useLocalisedPath();
  const openAbout = useShellStore((state) => state.openAbout);
  const titleId = useId();
  const [state, setState] = useState<LayerDownloadState>('idle');

  async function acceptTerms() {
    setState('downloading');
    setState(await saveDownload(apiPath, `${record.id}.geojson`));
  }

  return (
    <section className="download-panel layer-download" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('metadata.layer.title')}</h2>
      <p>{t('metadata.layer.description', { title: record.title[language] })}</p>
      <p className="layer-download__abstract">{record.abstract[language]}</p>
      <div className="download-panel__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={state === 'downloading'}
          onClick={() => state !== 'downloading' && setState('confirming')}
        >
          {t('metadata.layer.downloadGeoJson')}
        </button>
        {exists('/map') ? (
          <Link className="button" to={to(viewerAddress(record))}>
            {t('metadata.layer.openViewer')}
          </Link>
        ) : null}
      </div>
      {record.download.kind === 'layer' && record.download.wmtsLayer ? (
        <ServiceAddress
          title={t('metadata.layer.wmts.title')}
          description={t('metadata.layer.wmts.description', { layer: record.download.wmtsLayer })}
          label={t('metadata.layer.wmts.address')}
          path={WMTS_CAPABILITIES_KVP_URL}
        />
      ) : null}
      {record.download.kind === 'layer' && record.download.wfsFeatureType ? (
        <ServiceAddress
          title={t('metadata.layer.wfs.title')}
          description={t('metadata.layer.wfs.description', { featureType: record.download.wfsFeatureType })}
          label={t('metadata.layer.wfs.address')}
          path={WFS_CAPABILITIES_URL}
        />
      ) : null}
      <div role="status" aria-live="polite">
        {state === 'downloading' ? <p>{t('metadata.layer.downloading')}</p> : null}
        {state === 'declined' ? <p className="metadata-message">{t('metadata.indoor.declined')}</p> : null}
        {state in RESULT_MESSAGE ? (
          <p className={state === 'saved' ? 'metadata-message metadata-message--success' : 'metadata-message metadata-message--error'}>
            {t(RESULT_MESSAGE[state as SaveResult])}
          </p>
        ) : null}
      </div>
      <TermsDialog open={state === 'confirming'} onAccept={() => void acceptTerms()} onDecline={() => setState('declined')} />
      <p className="note">
        {t('metadata.terms.note')}{' '}
        <button type="button" className="link-button" onClick={() => openAbout('terms')}>
          {t('metadata.terms.read')}
        </button>
      </p>
    </section>
  );
}

/** The drone-zone WFS's capabilities: what QGIS and GDAL are pointed at to discover the feature type. */
const WFS_CAPABILITIES_URL = `${uavZoneWfsEndpoint.path}?SERVICE=WFS&REQUEST=GetCapabilities`;

/** An OGC service's capabilities address, copied into GIS software whole (selected on focus). */
function ServiceAddress({ title, description, label, path }: { title: string; description: string; label: string; path: string }) {
  return (
    <div className="layer-download__service">
      <h3>{title}</h3>
      <p>{description}</p>
      <input
        className="layer-download__address"
        type="text"
        readOnly
        aria-label={label}
        value={`${window.location.origin}${path}`}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}
