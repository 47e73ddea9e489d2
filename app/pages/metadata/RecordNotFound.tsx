import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalisedPath } from '../../components/useLocalisedPath';

/**
 * SPEC §8: 'We could not find any record(s) from your provided metadata id.' with links back to download data
 * (the catalogue) and to the viewer (left out in catalogue-only mode, where /map does not exist).
 */
export function RecordNotFound() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists } = useLocalisedPath();
  return (
    <article className="coming-soon metadata-not-found">
      <h1>{t('metadata.notFound.title')}</h1>
      <p className="coming-soon__description">{t('metadata.notFound.message')}</p>
      <div className="coming-soon__actions">
        <Link className="button button--primary" to={to('/catalogue')}>
          {t('metadata.notFound.toCatalogue')}
        </Link>
        {exists('/map') ? (
          <Link className="button" to={to('/map')}>
            {t('metadata.notFound.toViewer')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
