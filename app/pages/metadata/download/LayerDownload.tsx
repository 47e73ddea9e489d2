/**
 * The Download tab of a viewer layer (`download.kind: 'layer'`): what the layer is, its GeoJSON from the data
 * service path (saved as a file through the `download` attribute), the way to the viewer (not in
 * catalogue-only mode, which has no /map) and the terms the download is under.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CatalogueRecord } from '../../../../core/contracts/catalogue';
import type { Language } from '../../../../core/plugin/types';
import { useLocalisedPath } from '../../../components/useLocalisedPath';
import { useShellStore } from '../../../state/shellStore';

export function LayerDownload({ record, apiPath }: { record: CatalogueRecord; apiPath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const { to, exists } = useLocalisedPath();
  const openAbout = useShellStore((state) => state.openAbout);
  const titleId = useId();

  return (
    <section className="download-panel layer-download" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('metadata.layer.title')}</h2>
      <p>{t('metadata.layer.description', { title: record.title[language] })}</p>
      <p className="layer-download__abstract">{record.abstract[language]}</p>
      <div className="download-panel__actions">
        <a className="button button--primary" href={apiPath} download={`${record.id}.geojson`} type="application/geo+json">
          {t('metadata.layer.downloadGeoJson')}
        </a>
        {exists('/map') ? (
          <Link className="button" to={to('/map')}>
            {t('metadata.layer.openViewer')}
          </Link>
        ) : null}
      </div>
      <p className="note">
        {t('metadata.terms.note')}{' '}
        <button type="button" className="link-button" onClick={() => openAbout('terms')}>
          {t('metadata.terms.read')}
        </button>
      </p>
    </section>
  );
}
