import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { definePlugin } from './definePlugin';
import { createPluginHost, type PluginHost } from './host';
import { loadVariantPlugins, pluginCatalogueFromGlob } from './loadVariantPlugins';
import { PLUGIN_API_VERSION, type DrawerContribution, type ToolContribution } from './types';

const lazy = async () => ({ default: () => null });
const tool = (id: string, extra: Partial<ToolContribution> = {}): ToolContribution => ({
  id,
  label: `test.${id}`,
  placement: 'tools',
  kind: 'toggle',
  ...extra,
});
const drawer = (id: string): DrawerContribution => ({ id, title: `test.${id}`, component: lazy });

const good = definePlugin({
  id: 'navigation',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: z.object({ showZoom: z.boolean().default(true) }),
  activate(context) {
    context.tools.register(tool('home', { kind: 'action', run: () => {} }));
    if (context.config.showZoom) context.tools.register(tool('zoom-in', { kind: 'action' }));
  },
});

const broken = definePlugin({
  id: 'broken',
  apiVersion: PLUGIN_API_VERSION,
  activate(context) {
    context.drawers.register(drawer('broken-drawer'));
    context.tools.register(tool('broken-tool'));
    throw new Error('feed parser exploded');
  },
});

let host: PluginHost | undefined;
afterEach(() => {
  host?.dispose();
  host = undefined;
  vi.restoreAllMocks();
});

function setUp() {
  const show = vi.fn(() => () => {});
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  host = createPluginHost({ services: { notices: { show } } });
  return { host, show, consoleError };
}

describe('createPluginHost', () => {
  it('a broken plugin is reported and undone while a good one stays registered', async () => {
    const { host, show, consoleError } = setUp();
    await host.activatePlugin(good, {});
    await host.activatePlugin(broken, {});

    expect(host.registries.tools.list().map((entry) => `${entry.owner}/${entry.id}`)).toEqual(['navigation/home', 'navigation/zoom-in']);
    expect(host.registries.drawers.list()).toEqual([]);
    expect(host.status('navigation')).toEqual({ id: 'navigation', state: 'active' });
    expect(host.status('broken')).toEqual({ id: 'broken', state: 'failed', message: 'feed parser exploded' });
    expect(consoleError).toHaveBeenCalledWith('plugin "broken" failed: feed parser exploded', expect.any(Error));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', message: expect.stringContaining('feed parser exploded') }));
  });

  it('isolates async activation failures too', async () => {
    const { host, show } = setUp();
    await host.activatePlugin(
      definePlugin({
        id: 'async-broken',
        apiVersion: PLUGIN_API_VERSION,
        async activate(context) {
          context.tools.register(tool('half-done'));
          await Promise.resolve();
          throw new Error('late failure');
        },
      }),
    );
    expect(host.registries.tools.get('half-done')).toBeUndefined();
    expect(host.status('async-broken')?.state).toBe('failed');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('stamps the owner and reports a duplicate id naming both plugins', async () => {
    const { host } = setUp();
    await host.activatePlugin(good);
    await host.activatePlugin(definePlugin({ id: 'other', apiVersion: PLUGIN_API_VERSION, activate: (context) => void context.tools.register(tool('home')) }));
    expect(host.status('other')?.message).toBe('tools: "home" is already registered by plugin "navigation"; plugin "other" cannot register it');
    expect(host.registries.tools.get('home')?.owner).toBe('navigation');
  });

  it('refuses another API version and an invalid config', async () => {
    const { host } = setUp();
    await host.activatePlugin({ ...good, id: 'old', apiVersion: 0 });
    await host.activatePlugin(good, { showZoom: 'yes' });
    expect(host.status('old')?.message).toMatch(/plugin API version 0/);
    expect(host.status('navigation')?.message).toMatch(/^invalid config: showZoom: /);
    expect(host.registries.tools.list()).toEqual([]);
  });

  it('applies config defaults from the schema', async () => {
    const { host } = setUp();
    await host.activatePlugin(good, { showZoom: false });
    expect(host.registries.tools.list().map((entry) => entry.id)).toEqual(['home']);
  });

  it('the returned disposer undoes every registration and the returned cleanup', async () => {
    const { host } = setUp();
    const cleanup = vi.fn();
    const dispose = await host.activatePlugin(
      definePlugin({
        id: 'hiking',
        apiVersion: PLUGIN_API_VERSION,
        activate(context) {
          context.drawers.register(drawer('hiking'));
          context.tools.register(tool('trail-animation'));
          return cleanup;
        },
      }),
    );
    expect(host.services.store.getState().drawers.hiking).toEqual({ shown: false, activated: false });
    dispose();
    expect(host.registries.drawers.list()).toEqual([]);
    expect(host.registries.tools.list()).toEqual([]);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(host.status('hiking')?.state).toBe('inactive');
  });

  it('a toggle tool joins its exclusive groups and hears when a group switches it off', async () => {
    const { host } = setUp();
    const onToggle = vi.fn();
    await host.activatePlugin(
      definePlugin({
        id: 'line-of-sight',
        apiVersion: PLUGIN_API_VERSION,
        activate: (context) => void context.tools.register(tool('line-of-sight', { exclusiveGroups: ['measure-tools'], onToggle })),
      }),
    );
    const { getState } = host.services.store;
    getState().setToggle('line-of-sight', true);
    getState().setMeasureMode('line');
    expect(getState().toggles['line-of-sight']).toBe(false);
    expect(onToggle.mock.calls).toEqual([[true], [false]]);
  });

  it("a drawer's function group follows it, with no UI mounted: opening one closes the other groups' drawers", async () => {
    const { host } = setUp();
    await host.activatePlugin(
      definePlugin({
        id: 'themed',
        apiVersion: PLUGIN_API_VERSION,
        activate(context) {
          context.drawers.register({ ...drawer('trails'), functionGroup: 'living' });
          context.drawers.register({ ...drawer('tides'), functionGroup: 'environmental' });
        },
      }),
    );
    const { getState } = host.services.store;
    getState().toggleDrawer('trails');
    expect(getState().functionGroups).toEqual({ land: false, living: true, environmental: false });
    getState().toggleDrawer('tides');
    expect(getState().drawers.trails.shown).toBe(false);
    expect(getState().functionGroups).toEqual({ land: false, living: false, environmental: true });
    getState().toggleDrawer('tides');
    expect(getState().functionGroups.environmental).toBe(false);
  });

  it('a toggle tool may show a core mode (switchKey) and keeps that mode when it goes away', async () => {
    const { host } = setUp();
    const onToggle = vi.fn();
    const dispose = await host.activatePlugin(
      definePlugin({
        id: 'identify',
        apiVersion: PLUGIN_API_VERSION,
        activate: (context) => void context.tools.register(tool('identify', { switchKey: 'mode:identify', onToggle })),
      }),
    );
    const { getState } = host.services.store;
    expect(getState().identify).toBe(true);
    getState().setMode('identify', false);
    expect(onToggle.mock.calls).toEqual([[false]]);
    expect(getState().toggles.identify).toBeUndefined();
    getState().setMode('identify', true);
    dispose();
    expect(getState().identify).toBe(true);
  });

  it('switches tools that need 3D off with the 3D spatial data and back on with it', async () => {
    const { host } = setUp();
    const onToggle = vi.fn();
    await host.activatePlugin(
      definePlugin({
        id: 'parcels',
        apiVersion: PLUGIN_API_VERSION,
        activate: (context) => {
          context.tools.register(tool('land-parcel', { requiresThreeD: true, onToggle }));
          context.tools.register(tool('other'));
        },
      }),
    );
    const { getState } = host.services.store;
    getState().setToggle('land-parcel', true);
    getState().setToggle('other', true);
    getState().setMode('threeD', false);
    expect(getState().toggles['land-parcel']).toBe(false);
    expect(getState().toggles.other).toBe(true);
    getState().setToggle('land-parcel', true);
    expect(getState().toggles['land-parcel']).toBe(false);
    getState().setMode('threeD', true);
    expect(getState().toggles['land-parcel']).toBe(true);
    expect(onToggle.mock.calls).toEqual([[true], [false], [true], [false], [true]]);
  });
});

describe('loadVariantPlugins', () => {
  it('imports only enabled plugins and reports unknown ids and failing imports', async () => {
    const { host, show } = setUp();
    const loaders = {
      navigation: vi.fn(async () => ({ default: good })),
      broken: vi.fn(async () => ({ default: broken })),
      hiking: vi.fn(async () => ({ default: good })),
      'bad-import': vi.fn(async (): Promise<{ default: typeof good }> => {
        throw new Error('ChunkLoadError');
      }),
    };
    const result = await loadVariantPlugins(
      host,
      { plugins: [{ id: 'navigation', config: {} }, { id: 'broken' }, { id: 'missing' }, { id: 'bad-import' }] },
      loaders,
    );
    expect(loaders.hiking).not.toHaveBeenCalled();
    expect(result.active).toEqual(['navigation']);
    expect(result.failed).toEqual(['broken', 'missing', 'bad-import']);
    expect(host.status('missing')?.message).toBe('unknown plugin "missing" (no plugins/missing/index.ts)');
    expect(host.status('bad-import')?.message).toBe('loading failed: ChunkLoadError');
    expect(show).toHaveBeenCalledTimes(3);
    result.dispose();
    expect(host.registries.tools.list()).toEqual([]);
  });

  it('builds the catalogue from import.meta.glob keys', () => {
    const loader = async () => ({ default: good });
    expect(Object.keys(pluginCatalogueFromGlob({ '../../plugins/navigation/index.ts': loader, '../../plugins/x/other.ts': loader }))).toEqual([
      'navigation',
    ]);
  });
});
