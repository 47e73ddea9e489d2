// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginHost } from '../../core/plugin/host';
import type { DrawerContribution } from '../../core/plugin/types';
import { appStore } from '../../core/store';
import { MESSAGES } from '../i18n/testMessages';
import { PluginHostContext } from '../plugins/PluginHostContext';
import { DrawerBar, DrawerPanel } from './DrawerBar';

const component = () => Promise.resolve({ default: () => null });
// Titles are message ids the shell has, so the test reads real names without a plugin's messages.
const DRAWERS: DrawerContribution[] = [
  { id: 'group-test-a', title: 'app.nav.openData', icon: 'A', order: 50, functionGroup: 'living', component },
  { id: 'group-test-b', title: 'app.nav.api', icon: 'B', order: 60, functionGroup: 'living', component },
  { id: 'group-test-tide', title: 'app.nav.explore', icon: 'T', order: 70, functionGroup: 'environmental', component },
  { id: 'group-test-plain', title: 'app.nav.downloadData', icon: 'P', order: 10, component },
  { id: 'group-test-full', title: 'app.nav.sharedDataPortal', icon: 'F', order: 90, fullHeight: true, component },
  { id: 'group-test-wide', title: 'app.nav.sharedDataPortal', icon: 'W', order: 91, wide: true, component },
];

const hosts: Array<ReturnType<typeof createPluginHost>> = [];
afterEach(() => {
  cleanup();
  for (const id of DRAWERS.map((drawer) => drawer.id)) appStore.getState().closeDrawer(id);
  for (const host of hosts.splice(0)) host.dispose();
});

/** Renders `element` (the bar or the open drawer's panel) in a plugin host holding the test drawers. */
function renderWithDrawers(element: ReactElement) {
  const host = createPluginHost({ services: { store: appStore } });
  hosts.push(host);
  for (const drawer of DRAWERS) host.registries.drawers.registerAs('test-plugin', drawer);
  render(
    <PluginHostContext.Provider value={host}>
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        {element}
      </IntlProvider>
    </PluginHostContext.Provider>,
  );
}

function renderBar() {
  renderWithDrawers(<DrawerBar />);
  return within(screen.getByRole('navigation', { name: 'Functions' }));
}

const name = (id: string) => MESSAGES['en-US'][id];

describe('drawer bar: function groups (SPEC §2)', () => {
  it('shows a group of two drawers as one button with a menu, a group of one and a drawer of no group as buttons', () => {
    const bar = renderBar();
    expect(bar.getByRole('button', { name: 'Living' })).toBeTruthy();
    expect(bar.queryByRole('button', { name: 'Environment' })).toBeNull();
    expect(bar.getByRole('button', { name: name('app.nav.explore') })).toBeTruthy();
    expect(bar.getByRole('button', { name: name('app.nav.downloadData') })).toBeTruthy();
    // The group's drawers are not in the bar until its menu opens.
    expect(bar.queryByRole('button', { name: name('app.nav.openData') })).toBeNull();
  });

  it('opens a drawer from the menu by keyboard, switching its group on; Escape returns focus to the group button', () => {
    const bar = renderBar();
    const group = bar.getByRole('button', { name: 'Living' });
    group.focus();
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    const first = bar.getByRole('button', { name: name('app.nav.openData') });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const second = bar.getByRole('button', { name: name('app.nav.api') });
    expect(document.activeElement).toBe(second);
    fireEvent.click(second);
    expect(appStore.getState().drawers['group-test-b'].shown).toBe(true);
    expect(appStore.getState().functionGroups).toEqual({ land: false, living: true, environmental: false });
    // The menu closed with the choice and the group button names the open drawer.
    expect(bar.queryByRole('button', { name: name('app.nav.openData') })).toBeNull();
    const active = bar.getByRole('button', { name: `Living: ${name('app.nav.api')} open` });
    expect(active.className).toContain('is-active');
    fireEvent.keyDown(active, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(active);
    expect(bar.queryByRole('button', { name: name('app.nav.openData') })).toBeNull();
  });

  it('opening a drawer of another group closes the first group and its drawer', () => {
    const bar = renderBar();
    fireEvent.click(bar.getByRole('button', { name: 'Living' }));
    fireEvent.click(bar.getByRole('button', { name: name('app.nav.openData') }));
    fireEvent.click(bar.getByRole('button', { name: name('app.nav.explore') }));
    expect(appStore.getState().drawers['group-test-a'].shown).toBe(false);
    expect(appStore.getState().functionGroups).toEqual({ land: false, living: false, environmental: true });
    expect(bar.getByRole('button', { name: 'Living' }).className).not.toContain('is-active');
    act(() => appStore.getState().closeDrawer('group-test-tide'));
    expect(appStore.getState().functionGroups.environmental).toBe(false);
  });
});

describe('drawer panel: full-screen data display (DrawerContribution.fullHeight, SPEC §4)', () => {
  const renderPanel = () => renderWithDrawers(<DrawerPanel />);

  it('marks the panel full-height only while a fullHeight drawer is the one shown', () => {
    renderPanel();
    act(() => appStore.getState().toggleDrawer('group-test-full'));
    expect(document.querySelector('[data-drawer-panel="group-test-full"]')!.classList.contains('drawer-panel--full-height')).toBe(true);
    act(() => appStore.getState().toggleDrawer('group-test-plain'));
    const plain = document.querySelector('[data-drawer-panel="group-test-plain"]')!;
    expect(plain.classList.contains('drawer-panel--full-height')).toBe(false);
  });

  it('marks the panel wide (half a wide map, DrawerContribution.wide) only while a wide drawer is the one shown', () => {
    renderPanel();
    act(() => appStore.getState().toggleDrawer('group-test-wide'));
    expect(document.querySelector('[data-drawer-panel="group-test-wide"]')!.classList.contains('drawer-panel--wide')).toBe(true);
    act(() => appStore.getState().toggleDrawer('group-test-plain'));
    expect(document.querySelector('[data-drawer-panel="group-test-plain"]')!.classList.contains('drawer-panel--wide')).toBe(false);
  });
});
