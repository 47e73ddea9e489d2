import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import type { NoticeService } from '../../core/plugin/types';
import { comparison } from './context';
import { COMPARISON_DRAWER } from './controller';
import plugin from './index';

afterEach(() => vi.unstubAllGlobals());

async function activated() {
  const shown: string[] = [];
  const notices: NoticeService = {
    show: (notice) => {
      shown.push(typeof notice.message === 'function' ? notice.message() : notice.message);
      return () => {};
    },
  };
  const host = createPluginHost({ services: { map: createNoopMapFacade(), notices, i18n: { language: () => 'en-US', format: (id) => id } } });
  await host.activatePlugin(plugin, {});
  return { host, store: host.services.store, shown };
}

describe('comparison plugin', () => {
  it('registers the comparison drawer (in no function group) and the share-link parameter', async () => {
    const { host } = await activated();
    const drawer = host.registries.drawers.get(COMPARISON_DRAWER);
    expect(drawer).toMatchObject({ title: 'comparison.drawer.title' });
    expect(drawer?.functionGroup).toBeUndefined();
    expect(host.registries.urlState.get('comparison-pair')).toMatchObject({ param: 'comparison' });
    host.dispose();
  });

  it('a shared link opens the drawer and the pair, and says why when the multi view is not in the variant', async () => {
    const { host, store } = await activated();
    const address = host.registries.urlState.get('comparison-pair')!;
    expect(address.schema.safeParse('districts').success).toBe(false);
    address.apply('terrain');
    expect(store.getState().drawers[COMPARISON_DRAWER]?.shown).toBe(true);
    await vi.waitFor(() => expect(comparison()!.state().status).toBe('failed'));
    expect(comparison()!.state().failure).toContain('multi-view plugin is not active');
    expect(address.read()).toBeUndefined();
    // Closing the drawer ends the comparison.
    store.getState().closeDrawer(COMPARISON_DRAWER);
    await vi.waitFor(() => expect(comparison()!.state().status).toBe('closed'));
    host.dispose();
  });

  it('on a phone, opening the drawer says the comparison is not available there', async () => {
    vi.stubGlobal('navigator', { maxTouchPoints: 5 });
    vi.stubGlobal('window', {});
    const { host, store, shown } = await activated();
    store.getState().openDrawer(COMPARISON_DRAWER);
    expect(shown).toEqual(['comparison.mobileBlocked']);
    await comparison()!.open('terrain');
    expect(comparison()!.state().status).toBe('blocked');
    host.dispose();
  });
});
