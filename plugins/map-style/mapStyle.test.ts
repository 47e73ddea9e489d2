import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGERY_ADJUSTMENTS, loadBaseMaps } from '../../core/map/baseMaps';
import { createPluginHost } from '../../core/plugin/host';
import { textNow } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { createMapStyleController, mapStyleSlice, type MapStyleServices } from './mapStyle';
import plugin from './index';

const folder = resolve(import.meta.dirname, '../../manifests/basemaps');
const { baseMaps } = loadBaseMaps(
  Object.fromEntries(readdirSync(folder).map((name) => [name, JSON.parse(readFileSync(join(folder, name), 'utf8'))])),
);

function setUp(orthoAnswer: () => Promise<unknown> = () => Promise.resolve({ available: false })) {
  const calls: string[] = [];
  const notices: string[] = [];
  const fetched: string[] = [];
  const store = createAppStore();
  const services: MapStyleServices = {
    store,
    map: {
      setBaseMap: (baseMap) => calls.push(`base-map:${baseMap.url}`),
      setImageryAdjustments: (a) => calls.push(`adjust:${a.brightness}/${a.contrast}/${a.hue}/${a.saturation}`),
    },
    http: {
      json: (async (url: string, schema: { parse(value: unknown): unknown }) => {
        fetched.push(url);
        return schema.parse(await orthoAnswer());
      }) as MapStyleServices['http']['json'],
    },
    notices: {
      show: (notice) => {
        notices.push(textNow(notice.message));
        return () => {};
      },
    },
    i18n: { language: () => 'en-US', format: (id, values) => `${id} ${JSON.stringify(values ?? {})}` },
  };
  const controller = createMapStyleController(services, baseMaps);
  return { controller, calls, notices, fetched, store };
}

describe('map style drawer state', () => {
  it('starts on the default style with brightness 1, contrast 1, hue 0, saturation 1, without touching the map', () => {
    const { controller, calls } = setUp();
    expect(controller.state()).toMatchObject({ baseMapId: 'relief', adjustments: { brightness: 1, contrast: 1, hue: 0, saturation: 1 } });
    expect(calls).toEqual([]);
  });

  it('sends each style choice to the map host once, and ignores choosing the style in use', async () => {
    const { controller, calls } = setUp();
    expect(await controller.selectStyle('dark')).toBe(true);
    expect(await controller.selectStyle('dark')).toBe(true);
    expect(await controller.selectStyle('grey')).toBe(true);
    expect(await controller.selectStyle('regular')).toBe(true);
    expect(calls).toEqual([
      'base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=dark&v=v3',
      'base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=grey&v=v3',
      'base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=regular&v=v3',
    ]);
    expect(controller.state().baseMapId).toBe('regular');
  });

  it('moves sliders live (clamped to their ranges) and resets to 1/1/0/1 and the default style', async () => {
    const { controller, calls } = setUp();
    await controller.selectStyle('dark');
    controller.setAdjustment('brightness', 1.4);
    controller.setAdjustment('saturation', 5);
    controller.setAdjustment('hue', 0.5);
    expect(controller.state().adjustments).toEqual({ brightness: 1.4, contrast: 1, hue: 0.5, saturation: 2 });
    expect(calls.slice(1)).toEqual(['adjust:1.4/1/0/1', 'adjust:1.4/1/0/2', 'adjust:1.4/1/0.5/2']);
    controller.reset();
    expect(controller.state()).toMatchObject({ baseMapId: 'relief', adjustments: DEFAULT_IMAGERY_ADJUSTMENTS });
    expect(calls.slice(-2)).toEqual(['base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?v=v3', 'adjust:1/1/0/1']);
  });

  it('refuses the orthophoto with a notice and keeps the current style while no tiles are installed', async () => {
    const { controller, calls, notices, fetched } = setUp();
    await controller.selectStyle('grey');
    expect(await controller.selectStyle('ortho')).toBe(false);
    expect(controller.state().baseMapId).toBe('grey');
    expect(controller.state().availability).toEqual({ ortho: false });
    expect(calls).toEqual(['base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=grey&v=v3']);
    expect(notices).toEqual(['mapStyle.unavailable {"name":"Orthophoto"}']);
    await controller.selectStyle('ortho');
    expect(fetched).toEqual(['/mapviewer/api/tiles/ortho.json']);
  });

  it('treats a failing availability check as unavailable, and shows installed orthophoto tiles', async () => {
    const failing = setUp(() => Promise.reject(new Error('offline')));
    expect(await failing.controller.selectStyle('ortho')).toBe(false);
    const installed = setUp(() => Promise.resolve({ available: true, tiles: [], minzoom: 12, maxzoom: 17 }));
    await installed.controller.checkAvailability();
    expect(installed.controller.state().availability).toEqual({ ortho: true });
    expect(await installed.controller.selectStyle('ortho')).toBe(true);
    expect(installed.calls).toEqual(['base-map:/mapviewer/tiles/ortho/{z}/{x}/{y}.jpg']);
  });

  it('keeps its state in the store slice plugins["map-style"]', async () => {
    const { controller, store } = setUp();
    await controller.selectStyle('dark');
    expect(mapStyleSlice.select(store.getState()).baseMapId).toBe('dark');
  });
});

describe('map-style plugin', () => {
  it('registers the map style drawer, which joins the drawer exclusivity', async () => {
    const store = createAppStore();
    const host = createPluginHost({ services: { store } });
    await host.activatePlugin(plugin, {});
    expect(host.registries.drawers.get('map-style')).toMatchObject({ title: 'mapStyle.drawer.title', owner: 'map-style' });
    store.getState().addDrawer('layers');
    store.getState().openDrawer('layers');
    store.getState().openDrawer('map-style');
    expect(store.getState().drawers['map-style'].shown).toBe(true);
    expect(store.getState().drawers.layers.shown).toBe(false);
  });
});
