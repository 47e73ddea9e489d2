import { useLayoutEffect, useRef, useState } from 'react';
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

/**
 * Whether the navigation links fit on the header's one row beside the brand and the tools, measured rather than
 * guessed from the window width (link texts differ by language): while they do not, the header stacks them on a
 * row of their own (header.css `.site-header--stacked`), so no item overlaps another at any width.
 */
function useStackedHeader() {
  const header = useRef<HTMLElement>(null);
  const [stacked, setStacked] = useState(false);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const brand = element.querySelector<HTMLElement>('.brand');
      const links = element.querySelector<HTMLElement>('.site-nav ul');
      const tools = element.querySelector<HTMLElement>('.site-header__tools');
      if (!brand || !links || !tools) return;
      // The one-row layout's widest gap and padding (header.css), whatever the stacked layout uses, so the choice
      // does not flip back and forth; the list never wraps, so its scroll width is the one-row width.
      const gap = 20;
      const padding = 40;
      const needed = brand.offsetWidth + links.scrollWidth + tools.offsetWidth + 2 * gap + padding;
      setStacked(needed > element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const links = element.querySelector('.site-nav ul');
    if (links) observer.observe(links);
    return () => observer.disconnect();
  }, []);
  return { header, stacked };
}

/** Site header: product name, the three areas, the shared-data portal, language, mega and quick menus. */
export function Header() {
  const intl = useIntl();
  const config = useAppConfig();
  const { to, exists } = useLocalisedPath();
  const t = (id: string) => intl.formatMessage({ id });
  const { header, stacked } = useStackedHeader();

  const areas = [
    { path: '/map', label: 'app.nav.explore' },
    { path: '/catalogue', label: 'app.nav.openData', hint: 'app.nav.downloadData' },
    { path: '/api', label: 'app.nav.api' },
  ].filter((area) => exists(area.path));

  return (
    <header
      ref={header}
      className={['site-header', stacked ? 'site-header--stacked' : '', config.megaMenu ? 'site-header--menu' : ''].filter(Boolean).join(' ')}
    >
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
