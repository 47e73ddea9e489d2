import { describe, expect, it } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
// Test set-up only: the indoor plugin's slice is changed as that plugin does when a map opens, loads or closes.
import { indoorSlice } from '../indoor/state';
import { routingController } from './context';
import plugin from './index';
import { DRAWER_ID } from './routingController';
import { station } from './testing';

async function activated() {
  const http = { json: async <T,>() => ({ venueId: 'MTR-ADM', sample: true, places: [] }) as T };
  const host = createPluginHost({ services: { map: createNoopMapFacade(), http, i18n: { language: () => 'en-US', format: (id) => id } } });
  const store = host.services.store;
  indoorSlice.install(store);
  await host.activatePlugin(plugin, {});
  const setMap = (status: 'open' | 'loading' | 'closed', map = station) =>
    indoorSlice.update(store, (slice) => {
      slice.status = status;
      slice.map = status === 'open' ? structuredClone(map) : null;
    });
  return { host, store, setMap };
}

describe('indoor-routing plugin: the drawer is offered only for a ready metro station map (SPEC §4)', () => {
  it('registers the full-height drawer when a station map is open and ready, and takes it away (closed) when the map closes', async () => {
    const { host, store, setMap } = await activated();
    expect(host.registries.drawers.get(DRAWER_ID)).toBeUndefined();
    setMap('loading');
    expect(host.registries.drawers.get(DRAWER_ID)).toBeUndefined();
    setMap('open');
    expect(host.registries.drawers.get(DRAWER_ID)).toMatchObject({ title: 'indoorRouting.drawer.title', fullHeight: true });
    expect(host.registries.drawers.get(DRAWER_ID)!.functionGroup).toBeUndefined();
    store.getState().openDrawer(DRAWER_ID);
    expect(store.getState().drawers[DRAWER_ID].shown).toBe(true);
    setMap('closed');
    expect(host.registries.drawers.get(DRAWER_ID)).toBeUndefined();
    expect(store.getState().drawers[DRAWER_ID].shown).toBe(false);
    host.dispose();
    expect(routingController()).toBeNull();
  });

  it('does not offer it for a building', async () => {
    const { host, setMap } = await activated();
    setMap('open', { ...station, venueId: 'BLDG-0001', venueType: 'building' });
    expect(host.registries.drawers.get(DRAWER_ID)).toBeUndefined();
    host.dispose();
  });
});
