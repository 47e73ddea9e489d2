/**
 * The designed "coming in this release" state of the pages not built yet (catalogue, dataset metadata,
 * download API, API landing and explorer, SDK): what the page will hold, and ways back.
 */
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocalisedPath } from '../components/useLocalisedPath';
import { useShellStore } from '../state/shellStore';

export type ComingSoonPageId = 'catalogue' | 'metadata' | 'download-api' | 'api-landing' | 'swagger' | 'sdk';

const MESSAGE_KEYS: Record<ComingSoonPageId, string> = {
  catalogue: 'catalogue',
  metadata: 'metadata',
  'download-api': 'downloadApi',
  'api-landing': 'apiLanding',
  swagger: 'swagger',
  sdk: 'sdk',
};

export default function ComingSoonPage({ page }: { page: ComingSoonPageId }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const key = MESSAGE_KEYS[page];
  const { metadataId } = useParams();
  const [searchParams] = useSearchParams();
  const api = searchParams.get('api');
  const { to, exists } = useLocalisedPath();
  const setLandingOpen = useShellStore((state) => state.setLandingOpen);

  return (
    <div className="page">
      <article className="coming-soon" data-page={page}>
        <p className="coming-soon__badge">{t('app.comingSoon.badge')}</p>
        <h1>{t(`app.page.${key}.title`)}</h1>
        {page === 'metadata' && metadataId ? <p className="coming-soon__detail">{t('app.page.metadata.record', { id: metadataId })}</p> : null}
        {page === 'swagger' && api ? <p className="coming-soon__detail">{t('app.page.swagger.selected', { api })}</p> : null}
        <p className="coming-soon__description">{t(`app.page.${key}.description`)}</p>
        <div className="coming-soon__actions">
          {exists('/map') ? (
            <>
              <Link className="button button--primary" to={to('/map')}>
                {t('app.comingSoon.backToMap')}
              </Link>
              <Link className="button" to={to('/map')} onClick={() => setLandingOpen(true)}>
                {t('app.comingSoon.toLanding')}
              </Link>
            </>
          ) : (
            <Link className="button button--primary" to={to('/catalogue')}>
              {t('app.comingSoon.toCatalogue')}
            </Link>
          )}
        </div>
      </article>
    </div>
  );
}
