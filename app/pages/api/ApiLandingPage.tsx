/**
 * The API area's landing page (SPEC §1 "API", §2 "API pages"): what the APIs are, and a card for each page of
 * the area.
 */
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalisedPath } from '../../components/useLocalisedPath';
import { API_AREA_PAGES, ApiArea } from './ApiArea';

export default function ApiLandingPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to } = useLocalisedPath();
  const cards = API_AREA_PAGES.filter((page) => page.id !== 'landing');
  return (
    <ApiArea
      current="landing"
      title={t('apiPages.landing.title')}
      intro={
        <>
          <p className="api-lead">{t('apiPages.landing.intro')}</p>
          <p>{t('apiPages.landing.keys')}</p>
        </>
      }
    >
      <ul className="api-cards">
        {cards.map((page) => (
          <li key={page.id} className="api-card" data-card={page.id}>
            <h2 className="api-card__title">
              <Link to={to(page.path)}>{t(`apiPages.nav.${page.id}`)}</Link>
            </h2>
            <p>{t(`apiPages.card.${page.id}`)}</p>
          </li>
        ))}
      </ul>
    </ApiArea>
  );
}
