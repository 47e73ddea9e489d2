import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import plugin from './index';
import { GPS_TOOL } from './gpsMachine';

afterEach(() => vi.unstubAllGlobals());

describe('GPS as a plugin', () => {
  it('one button, named after its next step in each mode, cycles the store’s GPS mode', async () => {
    // A device that is still looking for its position.
    vi.stubGlobal('navigator', { geolocation: { watchPosition: () => 1, clearWatch: () => {}, getCurrentPosition: () => {} } });
    const host = createPluginHost({ services: { map: createNoopMapFacade() } });
    const dispose = await host.activatePlugin(plugin, {});
    const labels: string[] = [];
    for (let press = 0; press < 3; press += 1) {
      const tool = host.registries.tools.get(GPS_TOOL)!;
      expect(tool).toMatchObject({ kind: 'action', placement: 'tools' });
      labels.push(tool.label);
      tool.run!();
      expect(host.services.store.getState().gps).toBe((press + 1) % 3);
    }
    expect(labels).toEqual(['gps.tool.enableLocating', 'gps.tool.enableTracking', 'gps.tool.switchOff']);
    expect(host.services.store.getState().gps).toBe(0);
    expect(host.registries.tools.list().filter((tool) => tool.id === GPS_TOOL)).toHaveLength(1);
    dispose();
    expect(host.registries.tools.get(GPS_TOOL)).toBeUndefined();
    host.dispose();
  });
});
