import { describe, expect, it } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import type { PointerMode } from '../../core/plugin/types';
import { hikingController, hikingPlugin, setHikingController } from './context';
import { createHikingController, HIKING_POINTER_MODE } from './hikingController';
import plugin, { HIKING_DRAWER } from './index';
import { LIST, PROFILE } from './testFixtures';

async function activated() {
  const pointers: PointerMode[] = [];
  let cleared = 0;
  const map = createNoopMapFacade({
    takePointer: (mode) => {
      pointers.push(mode);
      return () => void pointers.splice(pointers.indexOf(mode), 1);
    },
    temporaryGraphics: () => ({
      addPoints: () => () => {},
      addGroundPolylines: () => () => {},
      addGroundPolygons: () => () => {},
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      clear: () => void (cleared += 1),
    }),
  });
  const http = { json: async <T,>(url: string) => (url.includes('/profile') ? PROFILE : LIST) as T };
  const host = createPluginHost({ services: { map, http, i18n: { language: () => 'en-US', format: (id) => id } } });
  await host.activatePlugin(plugin, {});
  // What the drawer does when it first opens.
  const controller = createHikingController(hikingPlugin()!);
  setHikingController(controller);
  return { host, store: host.services.store, controller, pointers, cleared: () => cleared };
}

describe('hiking plugin', () => {
  it('registers the hiking drawer in the living group', async () => {
    const { host } = await activated();
    expect(host.registries.drawers.get(HIKING_DRAWER)).toMatchObject({ title: 'hiking.drawer.title', functionGroup: 'living' });
    host.dispose();
    expect(hikingController()).toBeNull();
  });

  it('clears the trail and ends the flight when 3D switches off (which closes every drawer)', async () => {
    const { host, store, controller, pointers, cleared } = await activated();
    store.getState().openDrawer(HIKING_DRAWER);
    await controller.select('maclehose', 1);
    controller.startAnimation();
    controller.animate('play');
    expect(pointers.map((mode) => mode.id)).toContain(HIKING_POINTER_MODE);
    store.getState().setMode('threeD', false);
    expect(store.getState().drawers[HIKING_DRAWER].shown).toBe(false);
    expect(controller.getState()).toMatchObject({ selection: null, animation: { state: 'off' } });
    expect(pointers.map((mode) => mode.id)).not.toContain(HIKING_POINTER_MODE);
    expect(cleared()).toBeGreaterThan(0);
    host.dispose();
  });
});
