import { describe, expect, it } from 'vitest';
import { createPluginHost } from '../../core/plugin/host';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { MapFacade } from '../../core/plugin/types';
import plugin from './index';

function recordingMap(calls: string[]): MapFacade {
  return createNoopMapFacade({
    flyHome: () => calls.push('home'),
    resetNorth: () => calls.push('north'),
    topView: () => calls.push('top'),
    tiltedView: (pitch) => calls.push(`tilt:${pitch}`),
    zoom: (direction) => calls.push(`zoom:${direction}`),
    setFieldOfViewEnlarged: (on) => calls.push(`fov:${on}`),
    flyTo: () => calls.push('fly'),
  });
}

describe('navigation plugin', () => {
  it('registers the seven navigation tools and drives the map facade', async () => {
    const calls: string[] = [];
    const host = createPluginHost({ services: { map: recordingMap(calls) } });
    const dispose = await host.activatePlugin(plugin, {});
    const tools = host.registries.tools.list();
    expect(tools.map((tool) => tool.id)).toEqual(['home', 'north', 'top-view', 'tilted-view', 'zoom-in', 'zoom-out', 'field-of-view']);
    expect(tools.every((tool) => tool.placement === 'navigation')).toBe(true);
    for (const tool of tools) tool.run?.();
    expect(calls).toEqual(['home', 'north', 'top', 'tilt:45', 'zoom:in', 'zoom:out']);
    host.services.store.getState().setToggle('field-of-view', true);
    host.services.store.getState().setToggle('field-of-view', false);
    expect(calls.slice(-2)).toEqual(['fov:true', 'fov:false']);
    dispose();
    expect(host.registries.tools.list()).toEqual([]);
    host.dispose();
  });

  it('leaves out buttons switched off in its config', async () => {
    const host = createPluginHost({ services: { map: recordingMap([]) } });
    await host.activatePlugin(plugin, { zoom: false, fieldOfView: false });
    expect(host.registries.tools.list().map((tool) => tool.id)).toEqual(['home', 'north', 'top-view', 'tilted-view']);
    host.dispose();
  });
});
