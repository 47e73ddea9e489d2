import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRegistry } from '../../core/plugin/registry';
import type { CameraChange, CameraState, MapPickResult, UrlStateContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { enablesPlugin, loadVariants } from '../../core/variants/variants';
import { shareMapConfigSchema } from './config';
import { OUTSIDE_HONG_KONG_MESSAGE, lookAtPlace, type LookAtServices } from './lookAt';
import { createShareController, distanceMeters, LIVE_ADDRESS_INTERVAL_MS, SHARE_OPTION_PARAMS } from './shareController';
import { parseLookAt } from './shareParams';
import { shareQuery } from './urlStateEngine';

const camera: CameraState = { longitude: 114.17, latitude: 22.28, heightMeters: 1000, headingDegrees: 0, pitchDegrees: -45, rollDegrees: 0 };

function makeController(pick: MapPickResult | null = null) {
  const store = createAppStore();
  const urlState = createRegistry<UrlStateContribution>('urlState');
  const cameraListeners = new Set<(state: CameraState, change: CameraChange) => void>();
  urlState.registerAs('share-map', { id: 'share-camera', param: 'cam', schema: z.string(), apply: () => {}, read: () => `${camera.longitude},${camera.latitude},${camera.heightMeters}` });
  urlState.registerAs('share-map', { id: 'share-open-drawer', param: 'fn', schema: z.string(), apply: () => {}, read: () => 'hiking' });
  const controller = createShareController({
    map: {
      onCameraChanged(listener) {
        cameraListeners.add(listener);
        return () => cameraListeners.delete(listener);
      },
      pick: async () => pick,
      cameraState: () => camera,
    },
    store,
    urlState,
    shownLayers: () => ['temperature', 'wind'],
    pageAddress: () => 'https://example.test/mapviewer/app/map',
    report: () => {},
  });
  return { controller, store, moveCamera: () => cameraListeners.forEach((listener) => listener(camera, { moveEnded: true })) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('share controller', () => {
  it('links the page address with the language, layers and every contribution; the full options leave groups out', () => {
    const { controller } = makeController();
    expect(controller.getSnapshot().link).toBe('https://example.test/mapviewer/app/map?layers=temperature,wind&cam=114.17,22.28,1000&fn=hiking');
    controller.setIncluded(SHARE_OPTION_PARAMS.layers, false);
    controller.setIncluded(SHARE_OPTION_PARAMS.function, false);
    expect(controller.getSnapshot().link).toBe('https://example.test/mapviewer/app/map?cam=114.17,22.28,1000');
    controller.setIncluded(SHARE_OPTION_PARAMS.layers, true);
    expect(controller.getSnapshot().link).toContain('layers=temperature,wind');
  });

  it('follows the map while the panel listens', () => {
    const { controller, store } = makeController();
    const seen: string[] = [];
    const stop = controller.subscribe(() => seen.push(controller.getSnapshot().link));
    store.getState().setLanguage('zh-CN');
    expect(seen.at(-1)).toContain('l=zh-CN');
    stop();
    store.getState().setLanguage('zh-HK');
    expect(seen.at(-1)).toContain('l=zh-CN');
  });

  it('keeps the browser address equal to the link, at most every 500 ms (shareWithUrl)', () => {
    vi.useFakeTimers();
    const { controller, moveCamera } = makeController();
    const history = { state: { key: 'router' }, replaceState: vi.fn() };
    const stop = controller.keepAddressLive(history, { pathname: '/mapviewer/app/', hash: '' });
    moveCamera();
    moveCamera();
    expect(history.replaceState).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIVE_ADDRESS_INTERVAL_MS);
    expect(history.replaceState).toHaveBeenCalledTimes(1);
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'router' }, '', '/mapviewer/app/?layers=temperature,wind&cam=114.17,22.28,1000&fn=hiking');
    stop();
    moveCamera();
    vi.advanceTimersByTime(LIVE_ADDRESS_INTERVAL_MS);
    expect(history.replaceState).toHaveBeenCalledTimes(1);
  });

  it('makes a look-at link of the ground at the centre, from the camera distance', async () => {
    const ground = { longitude: 114.172, latitude: 22.285, heightMeters: 5 };
    const { controller } = makeController({ screen: { x: 0, y: 0 }, feature: null, hitOtherObject: false, position: ground, surface: 'terrain' });
    const link = (await controller.lookAtCentreLink())!;
    const target = parseLookAt(new URL(link).searchParams.get('lookAt'))!;
    expect(target.longitude).toBe(ground.longitude);
    expect(target.rangeMeters).toBeCloseTo(distanceMeters(camera, ground), 1);
    expect(await makeController(null).controller.lookAtCentreLink()).toBeNull();
  });

  it('measures straight-line distances through the earth-centred frame', () => {
    expect(distanceMeters({ longitude: 114, latitude: 22, heightMeters: 0 }, { longitude: 114, latitude: 22, heightMeters: 1234.5 })).toBeCloseTo(1234.5, 6);
    // One minute of latitude at 22° N: the meridian's radius of curvature a(1-e²)/(1-e² sin²φ)^1.5 times the angle
    // (the chord is shorter than the arc by under a millimetre here).
    const [a, e2, phi] = [6_378_137, 6.69437999014e-3, (22 + 1 / 120) * (Math.PI / 180)];
    const meridianRadius = (a * (1 - e2)) / (1 - e2 * Math.sin(phi) ** 2) ** 1.5;
    expect(distanceMeters({ longitude: 114, latitude: 22, heightMeters: 0 }, { longitude: 114, latitude: 22 + 1 / 60, heightMeters: 0 })).toBeCloseTo(
      (meridianRadius * Math.PI) / 10_800,
      2,
    );
  });
});

describe('share link query', () => {
  it('reports a contribution whose read throws and goes on with the others', () => {
    const registry = createRegistry<UrlStateContribution>('urlState');
    registry.registerAs('a', { id: 'broken', param: 'x', schema: z.string(), apply: () => {}, read: () => { throw new Error('boom'); } });
    registry.registerAs('b', { id: 'fine', param: 'y', schema: z.string(), apply: () => {}, read: () => 'ok' });
    const problems: string[] = [];
    expect(shareQuery(registry.list(), { language: 'en-US', shownLayers: [] }, (message) => void problems.push(message))).toBe('y=ok');
    expect(problems).toEqual(['address parameter "x" (a): reading it failed']);
  });
});

describe('look-at links', () => {
  const services = (answer: { outsideHongKong: boolean } | Error) => {
    const lookAt = vi.fn();
    const shown: string[] = [];
    const value: LookAtServices = {
      map: { whenReady: () => Promise.resolve(), lookAt },
      http: {
        json: async (url, schema) => {
          if (answer instanceof Error) throw answer;
          expect(url).toMatch(/^\/mapviewer\/api\/search\/locate\?longitude=/);
          return schema.parse({ longitude: 0, latitude: 0, ...answer });
        },
      },
      notices: { show: (notice) => (shown.push(typeof notice.message === 'function' ? notice.message() : notice.message), () => {}) },
      i18n: { format: (id) => (id === OUTSIDE_HONG_KONG_MESSAGE ? 'Input location falls outside Hong Kong.' : id) },
      apiBase: '/mapviewer/api/',
      report: () => {},
    };
    return { value, lookAt, shown };
  };

  it('points the camera at a place in Hong Kong from the range, looking north 45° down', async () => {
    const { value, lookAt, shown } = services({ outsideHongKong: false });
    expect(await lookAtPlace(value, { longitude: 114.1694, latitude: 22.2935, rangeMeters: 800 })).toBe(true);
    expect(lookAt).toHaveBeenCalledWith({ longitude: 114.1694, latitude: 22.2935, heightMeters: undefined }, { rangeMeters: 800, headingDegrees: 0, pitchDegrees: -45 });
    expect(shown).toEqual([]);
  });

  it("refuses a place outside Hong Kong with SPEC §5's message", async () => {
    const { value, lookAt, shown } = services({ outsideHongKong: true });
    expect(await lookAtPlace(value, { longitude: 114.06, latitude: 22.54, rangeMeters: 800 })).toBe(false);
    expect(lookAt).not.toHaveBeenCalled();
    expect(shown).toEqual(['Input location falls outside Hong Kong.']);
  });

  it('decides by the share area when the data service cannot be asked', async () => {
    const inside = services(new Error('offline'));
    expect(await lookAtPlace(inside.value, { longitude: 114.1694, latitude: 22.2935, rangeMeters: 800 })).toBe(true);
    const outside = services(new Error('offline'));
    expect(await lookAtPlace(outside.value, { longitude: 2.35, latitude: 48.85, rangeMeters: 800 })).toBe(false);
    expect(outside.shown).toEqual(['Input location falls outside Hong Kong.']);
  });
});

describe('share-map in the variants', () => {
  const root = resolve(import.meta.dirname, '../..');
  const files = Object.fromEntries(
    readdirSync(resolve(root, 'variants'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
  );
  const { variants } = loadVariants(files);

  it.each([...variants.values()].map((variant) => [variant.id, variant] as const))('%s enables it and configures it as its flags say', (_id, variant) => {
    expect(enablesPlugin(variant, 'share-map')).toBe(variant.flags.shareMap);
    if (!variant.flags.shareMap) {
      expect(variant.flags.shareWithUrl || variant.flags.fullShareOptions || variant.flags.lookAt).toBe(false);
      return;
    }
    const config = shareMapConfigSchema.parse(variant.plugins.find((plugin) => plugin.id === 'share-map')!.config);
    expect(config).toEqual({ withUrl: variant.flags.shareWithUrl, fullOptions: variant.flags.fullShareOptions, lookAt: variant.flags.lookAt });
  });
});

describe('an empty share query', () => {
  it('gives the bare page address, without a dangling question mark', () => {
    vi.useFakeTimers();
    const store = createAppStore();
    const urlState = createRegistry<UrlStateContribution>('urlState');
    const controller = createShareController({
      map: { onCameraChanged: () => () => {}, pick: async () => null, cameraState: () => null },
      store,
      urlState,
      shownLayers: () => [],
      pageAddress: () => 'https://example.test/mapviewer/app/map',
      report: () => {},
    });
    expect(controller.getSnapshot().link).toBe('https://example.test/mapviewer/app/map');
    const history = { state: null, replaceState: vi.fn() };
    controller.keepAddressLive(history, { pathname: '/mapviewer/app/', hash: '#top' });
    store.getState().setTextured(false);
    vi.advanceTimersByTime(LIVE_ADDRESS_INTERVAL_MS);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/mapviewer/app/#top');
  });
});
