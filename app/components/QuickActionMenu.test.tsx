// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginHost } from '../../core/plugin/host';
import { appStore } from '../../core/store';
import { AppConfigContext, DEFAULT_APP_CONFIG } from '../config';
import { MESSAGES } from '../i18n/testMessages';
import { PluginHostContext } from '../plugins/PluginHostContext';
import { resetMenus } from '../state/menus';
import { QuickActionMenu } from './QuickActionMenu';

function renderMenu(path: string) {
  const host = createPluginHost({ services: { store: appStore } });
  const run = vi.fn();
  host.registries.tools.registerAs('help-plugin', { id: 'help', label: 'navigationHelp.tool', placement: 'tools', kind: 'toggle', quickMenu: true });
  host.registries.tools.registerAs('other-plugin', { id: 'home-again', label: 'navigation.tool.home', placement: 'navigation', kind: 'action', quickMenu: true, run });
  host.registries.tools.registerAs('other-plugin', { id: 'not-offered', label: 'inspector.tool', placement: 'tools', kind: 'toggle' });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppConfigContext.Provider value={DEFAULT_APP_CONFIG}>
        <PluginHostContext.Provider value={host}>
          <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
            <QuickActionMenu />
          </IntlProvider>
        </PluginHostContext.Provider>
      </AppConfigContext.Provider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Quick actions' }));
  hosts.push(host);
  return { run, menu: () => document.querySelector<HTMLElement>('.quick-menu')! };
}
const hosts: Array<ReturnType<typeof createPluginHost>> = [];

beforeEach(() => resetMenus());
afterEach(() => {
  cleanup();
  for (const host of hosts.splice(0)) host.dispose();
  appStore.getState().setToggle('help', false);
});

describe('quick action menu: entries of map tools (ToolContribution.quickMenu)', () => {
  it('offers on the map page the tools that ask for it, doing what their buttons do', () => {
    const { run, menu } = renderMenu('/map');
    const entries = within(menu());
    expect(entries.queryByRole('button', { name: 'Inspector' })).toBeNull();
    fireEvent.click(entries.getByRole('button', { name: 'Navigation help' }));
    // A toggle's entry flips its switch (so core records it and emits help::on) and closes the menu.
    expect(appStore.getState().toggles.help).toBe(true);
    expect(appStore.getState().menus.quickAction).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Quick actions' }));
    fireEvent.click(within(menu()).getByRole('button', { name: 'Home extent' }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('offers no map tool away from the map page', () => {
    const { menu } = renderMenu('/catalogue');
    expect(within(menu()).queryByRole('button', { name: 'Navigation help' })).toBeNull();
  });
});
