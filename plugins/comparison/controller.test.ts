import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/appStore';
import type { MultiViewHandle, ViewSpec } from '../multi-view/api';
import { COMPARISON_OWNER, createComparisonController, type ComparisonServices } from './controller';

/** A multi view that records what it was asked to open and can be closed from outside, as the real one. */
function fakeMultiView() {
  const opened: { views: readonly ViewSpec[]; owner: string; handle: MultiViewHandle; closeFromOutside(): void }[] = [];
  let fail: Error | null = null;
  const openMultiView = async (views: readonly ViewSpec[], owner: string): Promise<MultiViewHandle> => {
    if (fail) throw fail;
    const listeners = new Set<() => void>();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      listeners.forEach((listener) => listener());
    };
    const handle: MultiViewHandle = {
      views: [],
      close,
      onClose: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    opened.push({ views, owner, handle, closeFromOutside: close });
    return handle;
  };
  return { opened, openMultiView, failWith: (error: Error | null) => (fail = error) };
}

function setUp(options: { blocked?: boolean } = {}) {
  const store = createAppStore();
  const multiView = fakeMultiView();
  const looks: Parameters<ComparisonServices['map']['lookAt']>[] = [];
  const controller = createComparisonController({
    store,
    map: { lookAt: (...args) => void looks.push(args) },
    apiBase: '/mapviewer/api/',
    translate: (id) => `«${id}»`,
    openMultiView: multiView.openMultiView,
    blocked: () => options.blocked ?? false,
  });
  return { controller, multiView, looks };
}

describe('comparison controller', () => {
  it('opens the terrain pair as two views: the SRTM terrain of 2000 and the map\'s terrain, each titled', async () => {
    const { controller, multiView } = setUp();
    await controller.open('terrain');
    expect(controller.state()).toEqual({ pair: 'terrain', status: 'open', failure: null });
    expect(multiView.opened).toHaveLength(1);
    expect(multiView.opened[0].owner).toBe(COMPARISON_OWNER);
    expect(multiView.opened[0].views).toEqual([
      { title: '«comparison.terrain.then.title»', terrainUrl: '/mapviewer/api/terrain-srtm2000/' },
      {
        title: '«comparison.terrain.now.title»',
        terrainId: 'adaptive',
        layers: [expect.objectContaining({ kind: 'geojson', url: '/mapviewer/api/static/comparison/land-since-2000', label: '«comparison.terrain.now.layer»' })],
      },
    ]);
  });

  it('opens the rail pair with the 2016 and today GeoJSON layers of the data service', async () => {
    const { controller, multiView } = setUp();
    await controller.open('rail');
    const urls = multiView.opened[0].views.map((view) => (view.main ? [] : (view.layers ?? []).map((layer) => layer.url)));
    expect(urls).toEqual([['/mapviewer/api/static/comparison/rail2016'], ['/mapviewer/api/static/comparison/rail-today']]);
  });

  it('switching pairs closes the first multi view, and a multi view closed from outside clears the pair', async () => {
    const { controller, multiView } = setUp();
    await controller.open('terrain');
    await controller.open('rail');
    expect(controller.state().pair).toBe('rail');
    expect(controller.state().status).toBe('open');
    multiView.opened[1].closeFromOutside();
    expect(controller.state()).toEqual({ pair: null, status: 'closed', failure: null });
  });

  it('says why when the multi view cannot open, and opens nothing on a phone', async () => {
    const failing = setUp();
    failing.multiView.failWith(new Error('multi view: the multi-view plugin is not active in this variant'));
    await failing.controller.open('terrain');
    expect(failing.controller.state()).toMatchObject({ pair: null, status: 'failed', failure: expect.stringContaining('not active') });

    const phone = setUp({ blocked: true });
    await phone.controller.open('terrain');
    expect(phone.controller.state().status).toBe('blocked');
    expect(phone.multiView.opened).toHaveLength(0);
  });

  it('flies to a suggested place of the open pair only, looking north from the south', async () => {
    const { controller, looks } = setUp();
    expect(controller.flyTo('pennys-bay')).toBe(false);
    await controller.open('terrain');
    expect(controller.flyTo('whampoa')).toBe(false);
    expect(controller.flyTo('pennys-bay')).toBe(true);
    expect(looks).toEqual([[{ longitude: 114.042, latitude: 22.311, heightMeters: 0 }, { rangeMeters: 2500, headingDegrees: 0, pitchDegrees: -40 }, { durationSeconds: 2 }]]);
  });

  it('close ends the multi view it opened', async () => {
    const { controller, multiView } = setUp();
    await controller.open('terrain');
    let closed = false;
    multiView.opened[0].handle.onClose(() => (closed = true));
    controller.close();
    expect(closed).toBe(true);
    expect(controller.state().status).toBe('closed');
  });
});
