import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/appStore';
import { overlayManifestSchema, type OverlayManifestInput } from '../manifests/schemas';
import type { MapHost, MapPick } from '../map/mapHost';
import { textNow, type OverlayContribution } from '../plugin/types';
import { createRegistry } from '../plugin/registry';
import { createOverlayEngine, type OverlayEngineOptions } from './engine';
import { asCesium, createFakeCesium, FakeGroundPrimitive, type FakeTileset } from './testing/fakeCesium';
import { square } from './testing/geometry';

const NAME = { 'en-US': 'Layer', 'zh-HK': '圖層', 'zh-CN': '图层' };
const districts = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { name: 'Central', _publish_date: '2026-11-21T08:00:00+08:00' } },
    { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(114.2, 22.3)] }, properties: { name: 'Wan Chai', _publish_date: '2026-11-21T09:30:00+08:00' } },
  ],
};

function manifestOf(input: Partial<OverlayManifestInput>) {
  return overlayManifestSchema.parse({ id: 'layer', mode: 'GEOJSON', name: NAME, url: '/layer.json', ...input });
}

/** A map host over the fake Cesium, ready at once. */
function fakeHost(fake = createFakeCesium()) {
  const clicks = new Set<(pick: MapPick) => void>();
  const cameraListeners = new Set<() => void>();
  const host = {
    whenReady: () => Promise.resolve(),
    cesium: () => asCesium(fake),
    isLite: () => false,
    viewer: () => fake.viewer,
    requestRender: () => {},
    onClick: (listener: (pick: MapPick) => void) => (clicks.add(listener), () => clicks.delete(listener)),
    onCameraChanged: (listener: () => void) => (cameraListeners.add(listener), () => cameraListeners.delete(listener)),
    rise: vi.fn(),
    showCredit: () => {},
  } as unknown as MapHost;
  const click = (id: unknown) => clicks.forEach((listener) => listener({ picked: { id } } as MapPick));
  return { host, fake, click };
}

function start(manifests: ReturnType<typeof manifestOf>[], options: Partial<OverlayEngineOptions> & { storeLanguage?: 'en-US' } = {}) {
  const store = createAppStore();
  const registry = createRegistry<OverlayContribution>('overlays');
  for (const manifest of manifests) registry.register({ id: manifest.id, manifest });
  const notices: string[] = [];
  const urls: string[] = [];
  const { host, fake, click } = fakeHost();
  const engine = createOverlayEngine({
    host,
    store,
    overlays: registry,
    notices: { show: (notice) => (notices.push(textNow(notice.message)), () => {}) },
    fetchJson: async (url) => {
      urls.push(url);
      return districts;
    },
    ...options,
  });
  return { store, engine, notices, urls, fake, click, show: (id: string, shown = true) => store.getState().setOverlayShown(id, shown) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-11-21T02:00:00Z'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('overlay engine: features of every mode', () => {
  it('WFS fetches GeoJSON with a timestamp and draws polygons batched, selectable by click, ready after drawing', async () => {
    const wfs = manifestOf({
      id: 'districts',
      mode: 'WFS',
      url: '/geoserver/wfs?service=WFS&request=GetFeature&typeName=cite:districts&outputFormat=application/json',
      display: { kind: 'polygon', colour: '#00ff00', labelTemplate: '{name}' },
    });
    const { store, engine, urls, fake, click, show } = start([wfs]);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual([]);
    show('districts');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual([`${wfs.url as string}&timestamp=${Date.now()}`]);
    const fills = fake.primitives.filter((p): p is FakeGroundPrimitive => p instanceof FakeGroundPrimitive);
    expect(fills).toHaveLength(1);
    expect(fills[0].options.geometryInstances.map((i) => i.options.id)).toEqual(engine.drawnIds('districts'));
    expect(store.getState().overlays.districts.ready).toBe(true);
    // A click on the polygon's geometry instance picks its entity id.
    const id = engine.drawnIds('districts')[1];
    click(id);
    expect(engine.selection()?.feature.properties.name).toBe('Wan Chai');
    expect(engine.selection()?.feature.kind).toBe('Polygon');
    expect(engine.selectionScreenPosition()).toEqual({ x: 10, y: 20 });
    engine.closePopup();
    expect(engine.selection()).toBeNull();
    engine.dispose();
    expect(fake.primitives).toEqual([]);
  });

  it("opens a drawer's requested feature once its overlay, shown by the request, has drawn it; an unknown overlay's request is dropped", async () => {
    const { store, engine, urls } = start([manifestOf({ id: 'districts', display: { kind: 'polygon', colour: '#00ff00' } })]);
    await vi.advanceTimersByTimeAsync(0);
    store.getState().openOverlayFeature('districts', 'name', 'Wan Chai');
    expect(store.getState().overlays.districts.shown).toBe(true);
    // Not drawn yet: the request waits for the data.
    expect(engine.selection()).toBeNull();
    expect(store.getState().overlayFeatureRequest).not.toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);
    expect(engine.selection()?.feature.properties.name).toBe('Wan Chai');
    expect(store.getState().overlayFeatureRequest).toBeNull();
    // Drawn already: at once.
    store.getState().openOverlayFeature('districts', 'name', 'Central');
    expect(engine.selection()?.feature.properties.name).toBe('Central');
    store.getState().openOverlayFeature('no-such-layer', 'name', 'Central');
    expect(store.getState().overlayFeatureRequest).toBeNull();
    expect(engine.selection()?.feature.properties.name).toBe('Central');
    engine.dispose();
  });

  it('follows textured / textureless mode live with display.texturelessColour', async () => {
    const layer = manifestOf({ display: { kind: 'polygon', colour: '#ff8800', texturelessColour: '#ffffff' } });
    const { store, fake, show, engine } = start([layer]);
    show('layer');
    await vi.advanceTimersByTimeAsync(0);
    const newestColour = () =>
      fake.primitives.filter((p): p is FakeGroundPrimitive => p instanceof FakeGroundPrimitive).at(-1)!.options.geometryInstances[0].options.attributes.color.rgba.slice(0, 3);
    expect(newestColour()).toEqual([255, 136, 0]);
    store.getState().setTextured(false);
    expect(newestColour()).toEqual([255, 255, 255]);
    engine.dispose();
  });

  it('a failed fetch skips the layer with the notice, for GEOJSON and WFS alike', async () => {
    for (const mode of ['GEOJSON', 'WFS'] as const) {
      const { store, notices, show, engine } = start([manifestOf({ mode })], {
        fetchJson: async () => {
          throw new Error('HTTP 503');
        },
      });
      show('layer');
      await vi.advanceTimersByTimeAsync(0);
      expect(notices).toEqual(['Layer data is temporarily not available. Please try again later.']);
      expect(store.getState().overlays.layer).toMatchObject({ ready: false, unavailable: true });
      engine.dispose();
    }
  });

  it('WMTS: imagery layer while shown; a tile error gives the notice once', async () => {
    const lots = manifestOf({
      id: 'lots',
      mode: 'WMTS',
      url: '/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/{style}/{TileMatrixSet}/{TileMatrixSet}:{TileMatrix}/{TileRow}/{TileCol}?format=image/png',
      style: 'default',
      tileMatrixSetId: 'EPSG:900913',
    });
    const { store, notices, fake, show, engine } = start([lots]);
    show('lots');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.imageryLayers).toHaveLength(1);
    expect(store.getState().overlays.lots.ready).toBe(true);
    fake.imageryLayers[0].provider.errorEvent.raise({});
    fake.imageryLayers[0].provider.errorEvent.raise({});
    expect(notices).toEqual(['Layer data is temporarily not available. Please try again later.']);
    expect(store.getState().overlays.lots.unavailable).toBe(true);
    show('lots', false);
    expect(fake.imageryLayers[0].show).toBe(false);
    engine.dispose();
    expect(fake.imageryLayers).toEqual([]);
  });

  it('3DTILES: loads when shown (no timestamp: Cesium would pass it on to every tile), failure gives the notice', async () => {
    const tiles = manifestOf({ id: 'tiles', mode: '3DTILES', url: '{apiBase}3dtiles/tiles/tileset.json' });
    const ok = start([tiles]);
    ok.show('tiles');
    await vi.advanceTimersByTimeAsync(0);
    expect(ok.fake.primitives.map((p) => (p as FakeTileset).url)).toEqual(['/mapviewer/api/3dtiles/tiles/tileset.json']);
    expect(ok.store.getState().overlays.tiles.ready).toBe(true);
    ok.engine.dispose();

    const store = createAppStore();
    const registry = createRegistry<OverlayContribution>('overlays');
    registry.register({ id: 'tiles', manifest: tiles });
    const notices: string[] = [];
    const failing = fakeHost(createFakeCesium({ tilesetFails: true }));
    const engine = createOverlayEngine({ host: failing.host, store, overlays: registry, notices: { show: (n) => (notices.push(textNow(n.message)), () => {}) } });
    store.getState().setOverlayShown('tiles', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(notices).toEqual(['Layer data is temporarily not available. Please try again later.']);
    expect(store.getState().overlays.tiles).toMatchObject({ ready: false, unavailable: true });
    engine.dispose();
  });

  it('3DTILES with onEllipsoidTerrain hide: hidden on the ellipsoid terrain with a notice naming the layer', async () => {
    const tiles = manifestOf({ id: 'tiles', mode: '3DTILES', url: '/tiles/tileset.json', tileset: { onEllipsoidTerrain: 'hide' } });
    const run = start([tiles]);
    run.store.getState().setTerrain({ id: 'ellipsoid', kind: 'ellipsoid' });
    run.show('tiles');
    await vi.advanceTimersByTimeAsync(0);
    expect((run.fake.primitives[0] as FakeTileset).show).toBe(false);
    expect(run.notices).toEqual(['The “Layer” layer is hidden on the ellipsoid terrain: what it shows stands on the real ground heights. Choose “Adaptive terrain” or “Above ground level” to see it.']);
    run.engine.dispose();
  });

  it('sub-layers are drawn with their parent under <parent>/<sub> ids and share its notice', async () => {
    const parent = manifestOf({
      id: 'indoor',
      url: '/indoor/points.json',
      display: { kind: 'polygon', colour: '#ff0000' },
      subLayers: [
        { id: 'walls', url: '/indoor/walls.json', display: { kind: 'polygon', colour: '#0000ff' } },
        { id: 'hidden', url: '/indoor/hidden.json', show: false },
        { id: 'broken', url: '/indoor/broken.json' },
      ],
    });
    const urls: string[] = [];
    const { engine, notices, show, store } = start([parent], {
      fetchJson: async (url) => {
        urls.push(url.split('?')[0]);
        if (url.startsWith('/indoor/broken')) throw new Error('HTTP 500');
        return districts;
      },
    });
    show('indoor');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls.sort()).toEqual(['/indoor/broken.json', '/indoor/points.json', '/indoor/walls.json']);
    const ids = engine.drawnIds('indoor');
    expect(ids.filter((id) => id.startsWith('indoor|||'))).toHaveLength(2);
    expect(ids.filter((id) => id.startsWith('indoor/walls|||'))).toHaveLength(2);
    expect(notices).toHaveLength(1);
    // A failing sub-layer is skipped; the rest is drawn and the overlay is ready.
    expect(store.getState().overlays.indoor.ready).toBe(true);
    engine.select(ids.find((id) => id.startsWith('indoor/walls|||'))!);
    expect(engine.selection()).toMatchObject({ overlayId: 'indoor', manifest: { id: 'indoor/walls' } });
    engine.dispose();
  });
});

describe('overlay engine: realtime panel fields', () => {
  it('writes updating while a fetch is in flight, lastDataAt from _publish_date, and nextRefreshAt', async () => {
    const layer = manifestOf({ realtime: { enabled: true, intervalMs: 120_000, redraw: true }, display: { kind: 'polygon' } });
    let release: () => void = () => {};
    let publishDates = true;
    const { store, show, engine } = start([layer], {
      fetchJson: () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              publishDates ? districts : { ...districts, features: districts.features.map((f) => ({ ...f, properties: { name: f.properties.name } })) },
            );
        }),
    });
    show('layer');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().overlays.layer).toMatchObject({ updating: true });
    release();
    await vi.advanceTimersByTimeAsync(0);
    const arrived = Date.now();
    expect(store.getState().overlays.layer).toMatchObject({
      updating: false,
      lastDataAt: Date.parse('2026-11-21T09:30:00+08:00'),
      nextRefreshAt: arrived + 120_000,
    });
    // Without a _publish_date the last data time is when the data arrived.
    publishDates = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.getState().overlays.layer.updating).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().overlays.layer).toMatchObject({ updating: false, lastDataAt: Date.now(), nextRefreshAt: Date.now() + 120_000 });
    show('layer', false);
    expect(store.getState().overlays.layer.nextRefreshAt).toBeUndefined();
    engine.dispose();
  });

  it('writes snapshot from the answer\'s source.snapshot, and takes source.observedAt when no reading has a _publish_date', async () => {
    const layer = manifestOf({ realtime: { enabled: true, intervalMs: 120_000, redraw: true }, display: { kind: 'polygon' } });
    const bare = { ...districts, features: districts.features.map((f) => ({ ...f, properties: { name: f.properties.name } })) };
    let answer: object = { ...bare, source: { mode: 'offline', served: 'offline', fallback: false, snapshot: true, observedAt: '2024-04-21T02:40:00.000Z' } };
    const { store, show, engine } = start([layer], { fetchJson: async () => answer });
    show('layer');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().overlays.layer).toMatchObject({ snapshot: true, lastDataAt: Date.parse('2024-04-21T10:40:00+08:00') });
    // A live answer clears it; a malformed source is ignored, not fatal.
    answer = { ...bare, source: 'live' };
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.getState().overlays.layer.snapshot).toBeUndefined();
    expect(store.getState().overlays.layer.ready).toBe(true);
    engine.dispose();
  });

  it('nextRefreshAt follows the back-off after failures', async () => {
    const layer = manifestOf({ realtime: { enabled: true, intervalMs: 60_000, redraw: true } });
    const { store, show, engine } = start([layer], {
      retryBaseMs: 10_000,
      fetchJson: async () => {
        throw new Error('HTTP 503');
      },
    });
    show('layer');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().overlays.layer.nextRefreshAt).toBe(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.getState().overlays.layer.nextRefreshAt).toBe(Date.now() + 20_000);
    engine.dispose();
  });
});

describe('overlay engine: disclaimer gate and camera limits', () => {
  const lotgla = manifestOf({
    id: 'lotgla',
    mode: 'WMTS',
    url: '/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/{style}/{TileMatrixSet}/{TileMatrixSet}:{TileMatrix}/{TileRow}/{TileCol}?format=image/png',
    style: 'default',
    tileMatrixSetId: 'EPSG:900913',
    hasDisclaimer: true,
    disclaimer: { title: NAME, text: NAME },
    cameraLimits: { maximumHeightMeters: 500, maximumPitchDegrees: -25 },
  });

  it('fetches nothing for a shown overlay with a disclaimer until it is accepted', async () => {
    const layer = manifestOf({ hasDisclaimer: true, disclaimer: { title: NAME, text: NAME } });
    const { store, urls, show, engine } = start([layer]);
    show('layer');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(urls).toEqual([]);
    expect(store.getState().overlays.layer.ready).toBe(false);
    store.getState().acceptOverlayDisclaimer('layer');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);
    expect(store.getState().overlays.layer.ready).toBe(true);
    engine.dispose();
  });

  it('lot boundaries: no tiles and no camera limits before the disclaimer; limits while shown; restored when hidden', async () => {
    const { store, fake, show, engine } = start([lotgla]);
    const sscc = fake.scene.screenSpaceCameraController;
    sscc.maximumZoomDistance = 40_000_000;
    show('lotgla');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.imageryLayers).toHaveLength(0);
    expect(sscc.maximumZoomDistance).toBe(40_000_000);
    store.getState().acceptOverlayDisclaimer('lotgla');
    expect(fake.imageryLayers).toHaveLength(1);
    expect(sscc.maximumZoomDistance).toBe(500);
    expect(fake.camera.positionCartographic.height).toBe(500);
    expect((fake.camera.pitch * 180) / Math.PI).toBeCloseTo(-25, 9);
    show('lotgla', false);
    expect(sscc.maximumZoomDistance).toBe(40_000_000);
    expect(fake.imageryLayers[0].show).toBe(false);
    engine.dispose();
  });
});
