// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createRegistry } from '../../core/plugin/registry';
import type { CompanionView, CompanionViewSpec, OverlayContribution, OverlayHandlerContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import buildings from '../../manifests/overlays/buildings.json';
import { createMultiViewController } from './controller';

function setUp() {
  const area = document.createElement('div');
  const mapElement = document.createElement('div');
  mapElement.style.cssText = 'position: absolute;';
  area.append(mapElement);
  Object.defineProperty(area, 'clientWidth', { value: 1280 });
  Object.defineProperty(area, 'clientHeight', { value: 720 });
  document.body.append(area);
  const opened: Array<{ element: HTMLElement; spec: CompanionViewSpec; view: CompanionView & { closed: boolean } }> = [];
  const map = createNoopMapFacade({
    container: () => mapElement,
    companionViews: () => ({
      open: async (element, spec) => {
        if (spec.baseMapId === 'sepia') throw new Error('companion view: no base map "sepia" in manifests/basemaps');
        const view = { element, closed: false, cameraState: () => null, setView: () => {}, tilesLoaded: () => true, close: () => void (view.closed = true) };
        opened.push({ element, spec, view });
        return view;
      },
      list: () => [],
    }),
  });
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  overlays.registerAs('core', { id: 'buildings', manifest: buildings as unknown as OverlayContribution['manifest'] });
  const overlayHandlers = createRegistry<OverlayHandlerContribution>('overlay handlers');
  const appearance = vi.fn(() => ({ style: 'painted' }));
  overlayHandlers.registerAs('city-buildings', { id: 'city-buildings', tilesetAppearance: appearance });
  const controller = createMultiViewController({ map, store, overlays, overlayHandlers, apiBase: '/mapviewer/api/' });
  return { area, mapElement, opened, store, controller, appearance };
}

describe('multi view controller', () => {
  it('puts the main map in the first cell and companions in the others, with a title on each, and restores the map on close', async () => {
    const { area, mapElement, opened, store, controller, appearance } = setUp();
    const handle = await controller.open(
      [
        { main: true, title: 'View 1: this map' },
        { title: 'View 2: Dark', baseMapId: 'dark', buildings: true },
        { title: 'View 3: Ortho', baseMapId: 'ortho', layers: [{ kind: 'geojson', url: '/mtr-2016.geojson', strokeColour: '#e00', label: 'MTR 2016' }] },
      ],
      'test',
    );
    expect(store.getState().multiView).toBe(true);
    expect(controller.owner()).toBe('test');
    expect(handle.views).toHaveLength(2);
    // Three views on a 1280 × 720 map: in one row.
    expect(mapElement.style.width).toBe('33.33%');
    expect(opened.map((entry) => entry.element.style.left)).toEqual(['33.33%', '66.67%']);
    expect([...area.querySelectorAll('.multi-view__title')].map((title) => title.textContent)).toEqual(['View 1: this map', 'View 2: Dark', 'View 3: OrthoMTR 2016']);
    // Buildings: the buildings overlay's tileset, painted by its handler.
    expect(opened[0].spec.tilesets?.[0].url).toBe('/mapviewer/api/3dtiles/buildings/tileset.json');
    expect(opened[0].spec.tilesets?.[0].appearance?.('cesium')).toEqual({ style: 'painted' });
    expect(appearance).toHaveBeenCalledWith({ cesium: 'cesium', textured: true });
    expect(opened[1].spec.tilesets).toBeUndefined();

    const closed = vi.fn();
    handle.onClose(closed);
    store.getState().setMode('splitLayers', true);
    // Split layers ends multi view (SPEC §4); the controller follows the mode through its plugin, so close here.
    controller.close();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(opened.every((entry) => entry.view.closed)).toBe(true);
    expect(area.querySelector('.multi-view')).toBeNull();
    expect(mapElement.style.cssText).toBe('position: absolute;');
    expect(controller.owner()).toBeNull();
  });

  it('switches the mode off when closed, but not when its views are replaced', async () => {
    const { store, controller } = setUp();
    const switches: boolean[] = [];
    store.subscribe((state, previous) => state.multiView !== previous.multiView && switches.push(state.multiView));
    const first = await controller.open([{ main: true, title: '1' }, { title: '2' }], 'multi-view');
    const firstClosed = vi.fn();
    first.onClose(firstClosed);
    const second = await controller.open([{ main: true, title: '1' }, { title: '2' }, { title: '3' }], 'comparison');
    expect(firstClosed).toHaveBeenCalled();
    expect(store.getState().multiView).toBe(true);
    second.close();
    expect(store.getState().multiView).toBe(false);
    expect(switches).toEqual([true, false]);
  });

  it('refuses bad specs with a clear message and leaves the map whole', async () => {
    const { area, mapElement, store, controller } = setUp();
    await expect(controller.open([{ main: true, title: '1' }], 'x')).rejects.toThrow(/2 to 4 views, not 1/);
    await expect(controller.open([{ title: '1' }, { main: true, title: '2' }], 'x')).rejects.toThrow(/only the first view can be the main map/);
    await expect(controller.open([{ main: true, title: '1' }, { title: '2', baseMapId: 'sepia' }], 'x')).rejects.toThrow(/no base map "sepia"/);
    expect(area.querySelector('.multi-view')).toBeNull();
    expect(mapElement.style.cssText).toBe('position: absolute;');
    expect(store.getState().multiView).toBe(false);
  });
});
