import { describe, expect, it, vi } from 'vitest';
import type { MapHost } from '../map/mapHost';
import { overlayManifestSchema } from '../manifests/schemas';
import { textNow, type LocalisedText, type NoticeAction, type OverlayContribution } from '../plugin/types';
import { createRegistry } from '../plugin/registry';
import { createAppStore } from '../store/appStore';
import { frameNearestGroup, framedFeaturesOf, FRAMING_PITCH_DEGREES } from './cameraLimits';
import { createOverlayEngine, OVERLAY_CAMERA_LIMIT_MESSAGE, OVERLAY_TURN_OFF_MESSAGE } from './engine';
import { asCesium, createFakeCesium } from './testing/fakeCesium';

const LOT = { maximumHeightMeters: 500, maximumPitchDegrees: -25 };
/** A 60 m square lot at a place, [lon, lat] ring. */
function lot(longitude: number, latitude: number) {
  const d = 0.0003;
  return {
    type: 'Feature',
    properties: { sample: true },
    geometry: { type: 'Polygon', coordinates: [[[longitude, latitude], [longitude + d, latitude], [longitude + d, latitude + d], [longitude, latitude + d], [longitude, latitude]]] },
  };
}
/** Two areas about 15 km apart: three lots near Sha Tin, two near Tuen Mun. */
const LOTS = { type: 'FeatureCollection', sample: true, features: [lot(114.19, 22.38), lot(114.195, 22.382), lot(114.192, 22.385), lot(113.97, 22.39), lot(113.975, 22.392)] };

describe('frameNearestGroup', () => {
  const features = framedFeaturesOf(LOTS);

  it('frames the group nearest the view, within the camera limits, looking north', () => {
    const view = frameNearestGroup(features, { longitude: 114.17, latitude: 22.3, heightMeters: 26_000 }, LOT, { groupRadiusMeters: 1500 });
    expect(view).not.toBeNull();
    expect(view!.framed).toBe(3);
    expect(view!.heightMeters).toBeLessThanOrEqual(500);
    expect(view!.pitchDegrees).toBeLessThanOrEqual(-25);
    expect(view!.pitchDegrees).toBe(FRAMING_PITCH_DEGREES);
    // Stands south of the Sha Tin lots, over their longitudes.
    expect(view!.longitude).toBeGreaterThan(114.19);
    expect(view!.longitude).toBeLessThan(114.196);
    expect(view!.latitude).toBeLessThan(22.38);
    expect(view!.latitude).toBeGreaterThan(22.37);

    const west = frameNearestGroup(features, { longitude: 113.9, latitude: 22.4, heightMeters: 400 }, LOT, { groupRadiusMeters: 1500 });
    expect(west!.framed).toBe(2);
    expect(west!.longitude).toBeLessThan(114);
  });

  it('stays when a lot is in view already and the camera is within the limit; nothing to frame gives null', () => {
    expect(frameNearestGroup(features, { longitude: 114.1902, latitude: 22.3802, heightMeters: 450 }, LOT, { groupRadiusMeters: 1500 })).toBeNull();
    // The same place seen from too high up is framed (the camera has to come down anyway).
    expect(frameNearestGroup(features, { longitude: 114.1902, latitude: 22.3802, heightMeters: 5000 }, LOT, { groupRadiusMeters: 1500 })).not.toBeNull();
    expect(frameNearestGroup([], { longitude: 114, latitude: 22, heightMeters: 100 }, LOT, { groupRadiusMeters: 1500 })).toBeNull();
    expect(framedFeaturesOf({ nothing: true })).toEqual([]);
    expect(framedFeaturesOf({ features: [{ geometry: null }, lot(114, 22)] })).toHaveLength(1);
  });

  it('a group too wide for the height limit is looked at from its nearest feature, not the gap in its middle', () => {
    const wide = framedFeaturesOf({ features: [lot(114.0, 22.4), lot(114.02, 22.4)] });
    const view = frameNearestGroup(wide, { longitude: 113.9, latitude: 22.3, heightMeters: 20_000 }, LOT, { groupRadiusMeters: 3000 });
    expect(view!.framed).toBe(2);
    expect(view!.heightMeters).toBeCloseTo(500, 6);
    // Over the nearest lot (114.0), not the middle of the pair (114.01).
    expect(Math.abs(view!.longitude - 114.0)).toBeLessThan(0.001);
  });

  it('a small group without a height limit is seen from close, a steeper pitch limit wins', () => {
    const view = frameNearestGroup(features.slice(3), { longitude: 114.5, latitude: 22.3, heightMeters: 9000 }, { maximumPitchDegrees: -60 }, { groupRadiusMeters: 1500 });
    expect(view!.pitchDegrees).toBe(-60);
    expect(view!.heightMeters).toBeGreaterThan(0);
    expect(view!.heightMeters).toBeLessThan(2000);
  });
});

describe('overlay engine: camera-limit notice and framing', () => {
  function start() {
    const fake = createFakeCesium();
    const host = {
      whenReady: () => Promise.resolve(),
      cesium: () => asCesium(fake),
      isLite: () => false,
      viewer: () => fake.viewer,
      requestRender: () => {},
      onClick: () => () => {},
      onCameraChanged: () => () => {},
      showCredit: () => {},
    } as unknown as MapHost;
    const store = createAppStore();
    const registry = createRegistry<OverlayContribution>('overlays');
    const manifest = overlayManifestSchema.parse({
      id: 'lots',
      mode: 'WMTS',
      name: { 'en-US': 'Lot boundaries', 'zh-HK': '地段界線', 'zh-CN': '地段界线' },
      url: '/tiles/{TileMatrix}/{TileRow}/{TileCol}.png',
      cameraLimits: LOT,
      focusOnShow: { url: '{apiBase}lots' },
    });
    registry.register({ id: manifest.id, manifest });
    const shown: Array<{ id?: string; message: LocalisedText; actions?: readonly NoticeAction[]; removed: boolean }> = [];
    const urls: string[] = [];
    const format = vi.fn((id: string, values?: Record<string, string | number>) => `${id} ${JSON.stringify(values)}`);
    const engine = createOverlayEngine({
      host,
      store,
      overlays: registry,
      apiBase: '/api/',
      i18n: { format },
      notices: {
        show: (notice) => {
          const entry = { ...notice, removed: false };
          shown.push(entry);
          return () => void (entry.removed = true);
        },
      },
      fetchJson: async (url) => {
        urls.push(url);
        return LOTS;
      },
    });
    // The view: high over Kowloon.
    fake.camera.positionCartographic = { longitude: (114.17 * Math.PI) / 180, latitude: (22.3 * Math.PI) / 180, height: 26_000 };
    fake.camera.centre = { longitude: (114.17 * Math.PI) / 180, latitude: (22.3 * Math.PI) / 180, height: 0 };
    return { store, engine, shown, urls, fake };
  }

  it('says why the camera is held while the layer is on, offers to turn it off, and frames the nearest lots', async () => {
    const { store, engine, shown, urls, fake } = start();
    store.getState().setOverlayShown('lots', true);
    await vi.waitFor(() => expect(fake.camera.flights.length).toBeGreaterThanOrEqual(2));
    const notice = shown.find((item) => item.id === 'overlay-camera-limit-lots')!;
    expect(textNow(notice.message)).toBe(`${OVERLAY_CAMERA_LIMIT_MESSAGE} ${JSON.stringify({ layername: 'Lot boundaries', heightMeters: 500, pitchDownDegrees: 25 })}`);
    expect(textNow(notice.actions![0].label)).toBe(`${OVERLAY_TURN_OFF_MESSAGE} ${JSON.stringify({ layername: 'Lot boundaries' })}`);
    // The notice stays while the layer is on: after a language switch it reads in the new language.
    store.getState().setLanguage('zh-HK');
    expect(textNow(notice.message)).toContain('"layername":"地段界線"');
    expect(textNow(notice.actions![0].label)).toContain('"layername":"地段界線"');
    expect(urls[0]).toMatch(/^\/api\/lots\?timestamp=\d+$/);
    // The last flight frames the Sha Tin lots from at most 500 m.
    const last = fake.camera.flights.at(-1) as { destination: { longitude: number; height: number } };
    expect((last.destination.longitude * 180) / Math.PI).toBeGreaterThan(114.19);
    expect(last.destination.height).toBeLessThanOrEqual(500);

    notice.actions![0].run();
    expect(store.getState().overlays.lots.shown).toBe(false);
    expect(notice.removed).toBe(true);
    expect(fake.scene.screenSpaceCameraController.maximumZoomDistance).not.toBe(500);
    engine.dispose();
  });
});
