/**
 * The designed "coming in this release" state of the SDK page (developer hosts only; not built yet): what the
 * page will hold, and ways back.
 */
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalisedPath } from '../components/useLocalisedPath';
import { useShellStore } from '../state/shellStore';

export default function ComingSoonPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to } = useLocalisedPath();
  const setLandingOpen = useShellStore((state) => state.setLandingOpen);

  return (
    <div className="page">
      <article className="coming-soon" data-page="sdk">
        <p className="coming-soon__badge">{t('app.comingSoon.badge')}</p>
        <h1>{t('app.page.sdk.title')}</h1>
        <p className="coming-soon__description">{t('app.page.sdk.description')}</p>
        <div className="coming-soon__actions">
          <Link className="button button--primary" to={to('/map')}>
            {t('app.comingSoon.backToMap')}
          </Link>
          <Link className="button" to={to('/map')} onClick={() => setLandingOpen(true)}>
            {t('app.comingSoon.toLanding')}
          </Link>
        </div>
      </article>
    </div>
  );
}
