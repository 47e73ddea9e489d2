import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useShellStore, type AboutSection } from '../state/shellStore';
import { HeaderMenu } from './HeaderMenu';
import { Icon } from './icons';
import { RELATED_SITES } from './links';
import { useLocalisedPath } from './useLocalisedPath';

/** About-dialog entries of the mega menu (SPEC §2), each opening the dialog at its section. */
const INFO_ENTRIES: ReadonlyArray<{ section: AboutSection; label: string }> = [
  { section: 'about', label: 'app.menu.about' },
  { section: 'faq', label: 'app.menu.faq' },
  { section: 'terms', label: 'app.menu.terms' },
  { section: 'privacy', label: 'app.menu.privacy' },
  { section: 'accessibility', label: 'app.menu.accessibility' },
  { section: 'contact', label: 'app.menu.contact' },
  { section: 'system', label: 'app.menu.system' },
];

/** The mega menu: every area of the portal, the sister map sites and the information pages. */
export function MegaMenu() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists } = useLocalisedPath();
  const openAbout = useShellStore((state) => state.openAbout);
  const setLandingOpen = useShellStore((state) => state.setLandingOpen);
  const navigate = useNavigate();

  const groups = [
    {
      title: 'app.menu.group.openData',
      links: [
        { path: '/catalogue', label: 'app.menu.download' },
        { path: '/catalogue', label: 'app.menu.openData', key: 'open-data' },
        { path: '/download-api', label: 'app.menu.downloadApi' },
      ],
    },
    {
      title: 'app.menu.group.api',
      links: [
        { path: '/api', label: 'app.menu.api' },
        { path: '/sdk', label: 'app.menu.sdk' },
      ],
    },
  ].map((group) => ({ ...group, links: group.links.filter((link) => exists(link.path)) }));

  return (
    <HeaderMenu
      menuId="mega"
      label={t('app.menu.mega')}
      buttonContent={
        <>
          <Icon name="grid" />
          <span className="icon-button__text">{t('app.menu.megaShort')}</span>
        </>
      }
    >
      {(close) => (
        <div className="mega-menu">
          {exists('/map') ? (
            <section className="mega-menu__group">
              <h2 className="mega-menu__title">{t('app.menu.group.explore')}</h2>
              <ul>
                <li>
                  <Link to={to('/map')} onClick={() => close()}>
                    {t('app.menu.map')}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      setLandingOpen(true);
                      navigate(to('/map'));
                    }}
                  >
                    {t('app.menu.welcome')}
                  </button>
                </li>
              </ul>
            </section>
          ) : null}
          {groups
            .filter((group) => group.links.length > 0)
            .map((group) => (
              <section className="mega-menu__group" key={group.title}>
                <h2 className="mega-menu__title">{t(group.title)}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={'key' in link ? link.key : link.label}>
                      <Link to={to(link.path)} onClick={() => close()}>
                        {t(link.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          <section className="mega-menu__group">
            <h2 className="mega-menu__title">{t('app.menu.group.related')}</h2>
            <ul>
              {RELATED_SITES.map((site) => (
                <li key={site.id}>
                  <a href={site.url} target="_blank" rel="noopener noreferrer">
                    {t(site.label)}
                    <span className="visually-hidden"> {t('app.opensInNewTab')}</span>
                    <Icon name="external" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section className="mega-menu__group">
            <h2 className="mega-menu__title">{t('app.menu.group.information')}</h2>
            <ul>
              {INFO_ENTRIES.map((entry) => (
                <li key={entry.section}>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      openAbout(entry.section);
                    }}
                  >
                    {t(entry.label)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </HeaderMenu>
  );
}
