import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalisedPath } from '../components/useLocalisedPath';

/** Any unmatched path (SPEC §8). */
export default function NotFoundPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists } = useLocalisedPath();
  return (
    <div className="page">
      <article className="coming-soon not-found">
        <p className="coming-soon__badge">404</p>
        <h1>{t('app.notFound.title')}</h1>
        <p className="coming-soon__description">{t('app.notFound.description')}</p>
        <div className="coming-soon__actions">
          {exists('/map') ? (
            <Link className="button button--primary" to={to('/map')}>
              {t('app.comingSoon.backToMap')}
            </Link>
          ) : null}
          {exists('/catalogue') ? (
            <Link className="button" to={to('/catalogue')}>
              {t('app.notFound.toCatalogue')}
            </Link>
          ) : null}
        </div>
      </article>
    </div>
  );
}
