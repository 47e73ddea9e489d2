import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/appStore';
import { overlayManifestSchema } from '../manifests/schemas';
import type { MapHost } from '../map/mapHost';
import { textNow, type OverlayContribution } from '../plugin/types';
import { createOverlayEngine } from './engine';
import { registerManifestOverlays } from './registerManifestOverlays';
import { createRegistry } from '../plugin/registry';

const manifest = overlayManifestSchema.parse({
  id: 'temperature',
  mode: 'GEOJSON',
  name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
  url: '/mapviewer/api/realtime/temperature',
  realtime: { enabled: true, intervalMs: 120000, redraw: true },
  display: { kind: 'point', colourProperty: '_value_1', labelTemplate: '{_value_0}°C' },
});

function fakeRegistry(items: OverlayContribution[] = []) {
  const registry = createRegistry<OverlayContribution>('overlays');
  for (const item of items) registry.register(item);
  return registry;
}

function fakeHost(credits = new Map<string, unknown>()): MapHost {
  return {
    whenReady: () => new Promise(() => {}),
    cesium: () => null,
    viewer: () => null,
    requestRender: () => {},
    onClick: () => () => {},
    rise: vi.fn(),
    showCredit: (owner: string, credit: unknown) => void (credit ? credits.set(owner, credit) : credits.delete(owner)),
  } as unknown as MapHost;
}

describe('overlay engine (source side)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('fetches only while shown, with a timestamp parameter, on the feed interval', async () => {
    const store = createAppStore();
    const urls: string[] = [];
    const engine = createOverlayEngine({
      host: fakeHost(),
      store,
      overlays: fakeRegistry([{ id: 'temperature', manifest }]),
      fetchJson: async (url) => {
        urls.push(url);
        return { type: 'FeatureCollection', features: [], intervalClient: 60 };
      },
    });
    await vi.advanceTimersByTimeAsync(500_000);
    expect(urls).toEqual([]);
    store.getState().setOverlayShown('temperature', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/mapviewer/api/realtime/temperature?timestamp=1500000']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(urls).toHaveLength(2);
    store.getState().setOverlayShown('temperature', false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(urls).toHaveLength(2);
    engine.dispose();
  });

  it('a failed fetch shows the "temporarily not available" notice once, with the layer name in the current language', async () => {
    const store = createAppStore({ language: 'zh-HK' });
    const notices: string[] = [];
    const engine = createOverlayEngine({
      host: fakeHost(),
      store,
      overlays: fakeRegistry([{ id: 'temperature', manifest }]),
      i18n: { format: (id, values) => `${id}:${values?.layername}` },
      notices: { show: (notice) => (notices.push(textNow(notice.message)), () => {}) },
      fetchJson: async () => {
        throw new Error('503');
      },
      retryBaseMs: 1000,
    });
    store.getState().setOverlayShown('temperature', true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(notices).toEqual(['map.overlay.unavailable:氣溫']);
    expect(store.getState().overlays.temperature.ready).toBe(false);
    expect(store.getState().overlays.temperature.unavailable).toBe(true);
    engine.dispose();
  });

  it('rejects a response that is not GeoJSON as a failure', async () => {
    const store = createAppStore();
    const notices: string[] = [];
    const engine = createOverlayEngine({
      host: fakeHost(),
      store,
      overlays: fakeRegistry([{ id: 'temperature', manifest }]),
      notices: { show: (notice) => (notices.push(textNow(notice.message)), () => {}) },
      fetchJson: async () => ({ hello: 'world' }),
    });
    store.getState().setOverlayShown('temperature', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(notices).toEqual(['Temperature data is temporarily not available. Please try again later.']);
    engine.dispose();
  });

  it("credits the layer's data sources while it is shown, after its disclaimer is accepted, and not after", async () => {
    const credit = { 'en-US': 'Temperature: Hong Kong Observatory', 'zh-HK': '氣溫：香港天文台', 'zh-CN': '气温：香港天文台' };
    const credited = overlayManifestSchema.parse({ ...manifest, credit });
    const gated = overlayManifestSchema.parse({
      ...manifest,
      id: 'lots',
      credit: { 'en-US': 'Lots: sample data', 'zh-HK': '地段：樣本數據', 'zh-CN': '地段：样本数据' },
      hasDisclaimer: true,
      disclaimer: { title: credit, text: credit },
    });
    const store = createAppStore();
    const credits = new Map<string, unknown>();
    const engine = createOverlayEngine({
      host: fakeHost(credits),
      store,
      overlays: fakeRegistry([
        { id: 'temperature', manifest: credited },
        { id: 'lots', manifest: gated },
      ]),
      fetchJson: async () => ({ type: 'FeatureCollection', features: [] }),
    });
    expect([...credits.keys()]).toEqual([]);
    store.getState().setOverlayShown('temperature', true);
    store.getState().setOverlayShown('lots', true);
    expect(credits).toEqual(new Map([['temperature', credit]]));
    store.getState().acceptOverlayDisclaimer('lots');
    expect([...credits.keys()]).toEqual(['temperature', 'lots']);
    store.getState().setOverlayShown('temperature', false);
    expect([...credits.keys()]).toEqual(['lots']);
    engine.dispose();
    expect([...credits.keys()]).toEqual([]);
  });

  it('pauses while the page is hidden', async () => {
    const listeners: Array<() => void> = [];
    const fakeDocument = {
      visibilityState: 'visible',
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => {},
    };
    vi.stubGlobal('document', fakeDocument);
    const store = createAppStore();
    let calls = 0;
    const engine = createOverlayEngine({
      host: fakeHost(),
      store,
      overlays: fakeRegistry([{ id: 'temperature', manifest }]),
      fetchJson: async () => (calls++, { type: 'FeatureCollection', features: [] }),
    });
    store.getState().setOverlayShown('temperature', true);
    await vi.advanceTimersByTimeAsync(0);
    fakeDocument.visibilityState = 'hidden';
    listeners.forEach((listener) => listener());
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(calls).toBe(1);
    fakeDocument.visibilityState = 'visible';
    listeners.forEach((listener) => listener());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    engine.dispose();
    vi.unstubAllGlobals();
  });
});

describe('registerManifestOverlays', () => {
  it('registers valid manifests and reports the skipped ones', () => {
    const registry = fakeRegistry();
    const notices: string[] = [];
    const result = registerManifestOverlays(
      registry,
      {
        '../../manifests/overlays/temperature.json': { default: { $schema: '../manifest.schema.json', ...manifest } },
        '../../manifests/overlays/broken.json': { default: { id: 'broken', mode: 'GEOJSON' } },
      },
      { notices: { show: (notice) => (notices.push(textNow(notice.message)), () => {}) } },
    );
    expect(result.registered).toEqual(['temperature']);
    expect(registry.get('temperature')?.manifest.realtime?.intervalMs).toBe(120000);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('manifests/overlays/broken.json');
    result.dispose();
    expect(registry.get('temperature')).toBeUndefined();
  });
});
