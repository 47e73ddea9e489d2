import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useAppConfig } from '../config';
import { Slot } from './Slot';
import { Icon } from './icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MegaMenu } from './MegaMenu';
import { QuickActionMenu } from './QuickActionMenu';
import { SHARED_DATA_PORTAL_URL } from './links';
import { useLocalisedPath } from './useLocalisedPath';

/** Site header: product name, the three areas, the shared-data portal, language, mega and quick menus. */
export function Header() {
  const intl = useIntl();
  const config = useAppConfig();
  const { to, exists } = useLocalisedPath();
  const t = (id: string) => intl.formatMessage({ id });

  const areas = [
    { path: '/map', label: 'app.nav.explore' },
    { path: '/catalogue', label: 'app.nav.openData', hint: 'app.nav.downloadData' },
    { path: '/api', label: 'app.nav.api' },
  ].filter((area) => exists(area.path));

  return (
    <header className="site-header">
      <Link className="brand" to={to(config.catalogueOnly ? '/catalogue' : '/map')}>
        <span className="brand__mark" aria-hidden="true">
          <Icon name="map" />
        </span>
        <span className="brand__text">
          <span className="brand__name">{t('app.productName')}</span>
          <span className="brand__owner">{t('app.owner')}</span>
        </span>
      </Link>
      <nav className="site-nav" aria-label={t('app.nav.label')}>
        <ul>
          {areas.map((area) => (
            <li key={area.path}>
              <NavLink to={to(area.path)} className={({ isActive }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link')}>
                <span>{t(area.label)}</span>
                {area.hint ? <span className="site-nav__hint">{t(area.hint)}</span> : null}
              </NavLink>
            </li>
          ))}
          <li>
            <a className="site-nav__link" href={SHARED_DATA_PORTAL_URL} target="_blank" rel="noopener noreferrer">
              <span>{t('app.nav.sharedDataPortal')}</span>
              <span className="visually-hidden"> {t('app.opensInNewTab')}</span>
              <Icon name="external" />
            </a>
          </li>
        </ul>
      </nav>
      <div className="site-header__tools">
        <Slot name="header.end" />
        <LanguageSwitcher />
        {config.quickActionMenu ? <QuickActionMenu /> : null}
        {config.megaMenu ? <MegaMenu /> : null}
      </div>
    </header>
  );
}
