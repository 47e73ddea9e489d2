import { describe, expect, it } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import firstPerson from '../first-person/index';
import plugin from './index';
import { VR_TOOL } from './vrController';

describe('VR plugin', () => {
  it('offers a VR toggle in the tools; it and first-person view drive the camera one at a time', async () => {
    const scene = { useWebVR: false };
    const host = createPluginHost({ services: { map: createNoopMapFacade({ viewer: () => ({ scene }) }) } });
    await host.activatePlugin(plugin, {});
    await host.activatePlugin(firstPerson, {});
    expect(host.registries.tools.get(VR_TOOL)).toMatchObject({ placement: 'tools', kind: 'toggle', label: 'vr.tool', exclusiveGroups: ['camera-control'] });
    const store = host.services.store;
    store.getState().setToggle('first-person', true);
    store.getState().setToggle(VR_TOOL, true);
    expect(store.getState().toggles['first-person']).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scene.useWebVR).toBe(true);
    store.getState().setToggle('first-person', true);
    expect(store.getState().toggles[VR_TOOL]).toBe(false);
    expect(scene.useWebVR).toBe(false);
    host.dispose();
  });

  it('a themed function opening (a drawer of a function group) switches the stereo view off', async () => {
    const scene = { useWebVR: false };
    const host = createPluginHost({ services: { map: createNoopMapFacade({ viewer: () => ({ scene }) }) } });
    await host.activatePlugin(plugin, {});
    host.registries.drawers.register({ id: 'trails', title: 'test.trails', functionGroup: 'living', component: async () => ({ default: () => null }) });
    const store = host.services.store;
    store.getState().setToggle(VR_TOOL, true);
    store.getState().toggleDrawer('trails');
    expect(store.getState().toggles[VR_TOOL]).toBe(false);
    host.dispose();
  });
});
