import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useShellStore } from '../state/shellStore';
import { HeaderMenu } from './HeaderMenu';
import { Icon } from './icons';
import { useLocalisedPath } from './useLocalisedPath';

/** The quick action menu: the few things most visitors came for. */
export function QuickActionMenu() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists } = useLocalisedPath();
  const openAbout = useShellStore((state) => state.openAbout);

  const links = [
    { path: '/map', label: 'app.quick.map' },
    { path: '/catalogue', label: 'app.quick.download' },
    { path: '/api', label: 'app.quick.api' },
  ].filter((link) => exists(link.path));
  const aboutEntries = [
    { section: 'about', label: 'app.quick.about' },
    { section: 'faq', label: 'app.quick.help' },
  ] as const;

  return (
    <HeaderMenu
      menuId="quickAction"
      label={t('app.quick.label')}
      buttonContent={
        <>
          <Icon name="bolt" />
          <span className="icon-button__text">{t('app.quick.short')}</span>
        </>
      }
    >
      {(close) => (
        <ul className="quick-menu">
          {links.map((link) => (
            <li key={link.path}>
              <Link to={to(link.path)} onClick={() => close()}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          {aboutEntries.map((entry) => (
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
      )}
    </HeaderMenu>
  );
}
