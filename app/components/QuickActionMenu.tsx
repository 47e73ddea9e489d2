import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { readSwitch } from '../../core/exclusivity/applySwitch';
import { appStore, useAppStore } from '../../core/store';
import { useAppConfig } from '../config';
import { useRegistryItems } from '../plugins/PluginHostContext';
import { resolveRoute } from '../routes/routeTable';
import { useShellStore } from '../state/shellStore';
import { HeaderMenu } from './HeaderMenu';
import { Icon } from './icons';
import { useLocalisedPath } from './useLocalisedPath';

/**
 * The quick action menu: the few things most visitors came for, and on the map page the map tools that ask for
 * an entry here (`ToolContribution.quickMenu`, e.g. navigation help), which do what their buttons do.
 */
export function QuickActionMenu() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { to, exists } = useLocalisedPath();
  const openAbout = useShellStore((state) => state.openAbout);
  const location = useLocation();
  const config = useAppConfig();
  const route = resolveRoute(location.pathname, location.search.replace(/^\?/, ''), config);
  const onMapPage = route.kind === 'page' && route.page === 'map';
  const threeD = useAppStore((state) => state.threeD);
  const toolEntries = useRegistryItems('tools')
    .filter((tool) => tool.quickMenu === true && onMapPage && (tool.requiresThreeD !== true || threeD))
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));

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
          {toolEntries.map((tool) => (
            <li key={`tool-${tool.id}`}>
              <button
                type="button"
                data-quick-tool={tool.id}
                onClick={() => {
                  close();
                  if (tool.kind === 'toggle') {
                    // ToolContribution.switchKey's default, as core/plugin/host's switchKeyOf (not imported: the header
                    // is in the first paint, the plugin host is not).
                    const key = tool.switchKey ?? `toggle:${tool.id}`;
                    appStore.getState().setSwitch(key, !readSwitch(appStore.getState(), key));
                    return;
                  }
                  try {
                    tool.run?.();
                  } catch (error) {
                    console.error(`tool "${tool.id}" of plugin "${tool.owner}" failed`, error);
                  }
                }}
              >
                {t(tool.label)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </HeaderMenu>
  );
}
