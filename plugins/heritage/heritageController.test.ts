import { describe, expect, it } from 'vitest';
import type { MonumentCollection } from '../../core/contracts/heritage';
import { createRegistry } from '../../core/plugin/registry';
import type { AnalyticsEvent, OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { BUILDINGS_OVERLAY, createHeritageController, MONUMENTS_OVERLAY, type HeritageContext } from './heritageController';
import { CLOSE_UP, districtsOf, filterMonuments, monumentName, type Monument } from './monuments';

const monument = (number: string, nameEn: string, nameTc: string, district: [string, string], coordinates: [number, number]) => ({
  type: 'Feature' as const,
  id: `monument:${number}`,
  geometry: { type: 'Point' as const, coordinates },
  properties: {
    key: `monument:${number}`,
    kind: 'monument' as const,
    name_EN: nameEn,
    name_TC: nameTc,
    name_SC: nameTc,
    district_EN: district[0],
    district_TC: district[1],
    district_SC: district[1],
    address_EN: `${nameEn} address`,
    link_EN: `https://www.amo.gov.hk/en/monuments_${number}.php`,
    link_TC: `https://www.amo.gov.hk/b5/monuments_${number}.php`,
    link_SC: `https://www.amo.gov.hk/b5/monuments_${number}.php`,
    amo_number: number,
  },
});
const COLLECTION: MonumentCollection = {
  type: 'FeatureCollection',
  list: 'AMO declared monuments, 2014/15',
  features: [
    monument('54', 'Former Central Magistracy', '前中央裁判司署', ['Central and Western', '中西區'], [114.1545, 22.2819]),
    monument('1', 'Tung Lung Fort', '東龍洲炮台', ['Sai Kung', '西貢'], [114.2887, 22.2538]),
    monument('9', 'Old Supreme Court', '前最高法院', ['Central and Western', '中西區'], [114.1601, 22.2808]),
  ],
};

function setUp(options: { phone?: boolean; fail?: boolean } = {}) {
  // Read on every request, so a test can let a failed request succeed on retry.
  const server = { fail: options.fail ?? false };
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  for (const id of [MONUMENTS_OVERLAY, BUILDINGS_OVERLAY]) overlays.registerAs('core', { id, manifest: { id } as OverlayContribution['manifest'] });
  const flights: unknown[] = [];
  const notices: string[] = [];
  const events: Array<Omit<AnalyticsEvent, 'at' | 'lang'>> = [];
  const urls: string[] = [];
  const ctx = {
    apiBase: '/mapviewer/api/',
    http: {
      json: async (url: string, schema: { parse(value: unknown): unknown }) => {
        urls.push(url);
        if (server.fail) throw new Error('HTTP 503');
        return schema.parse(COLLECTION);
      },
    },
    map: { lookAt: (...args: unknown[]) => void flights.push(args) },
    store,
    overlays,
    analytics: { emit: (event: Omit<AnalyticsEvent, 'at' | 'lang'>) => void events.push(event) },
    notices: { show: (notice: { message: string | (() => string) }) => (notices.push(typeof notice.message === 'function' ? notice.message() : notice.message), () => {}) },
    i18n: { language: () => 'en-US' as const, format: (id: string) => id },
  } as unknown as HeritageContext;
  const controller = createHeritageController(ctx, { phoneOrSmallScreen: () => options.phone ?? false });
  return { controller, store, flights, notices, events, urls, server };
}

describe('heritage controller', () => {
  it('loads the monuments from the heritage endpoint', async () => {
    const { controller, urls } = setUp();
    await controller.load();
    expect(urls).toEqual(['/mapviewer/api/static/heritage']);
    expect(controller.getState().status).toBe('ready');
    expect(controller.getState().monuments.map((item) => item.id)).toEqual(['monument:54', 'monument:1', 'monument:9']);
  });

  it('says when the list cannot be loaded, and loads again on retry', async () => {
    const failing = setUp({ fail: true });
    await failing.controller.load();
    expect(failing.controller.getState().status).toBe('failed');
    failing.server.fail = false;
    await failing.controller.load();
    expect(failing.controller.getState().status).toBe('ready');
  });

  it("choosing a monument shows the layer, asks for the monument's map popup, frames it and reports it", async () => {
    const { controller, store, flights, events } = setUp();
    await controller.load();
    controller.select('monument:54');
    expect(controller.getState().selectedId).toBe('monument:54');
    expect(store.getState().overlays[MONUMENTS_OVERLAY]?.shown).toBe(true);
    expect(store.getState().overlayFeatureRequest).toEqual({ overlayId: MONUMENTS_OVERLAY, property: 'amo_number', value: '54' });
    expect(flights).toHaveLength(1);
    expect((flights[0] as [{ longitude: number }])[0].longitude).toBe(114.1545);
    expect(events).toContainEqual({ name: 'heritage-monument::on', id: 'monument:54' });
  });

  it('on a desktop the close-up asks first; Proceed turns the buildings on and flies low; Cancel does nothing', async () => {
    const { controller, store, flights, events } = setUp();
    await controller.load();
    controller.requestCloseUp('monument:9');
    expect(controller.getState().dialogFor).toBe('monument:9');
    controller.cancel();
    expect(controller.getState().dialogFor).toBeNull();
    expect(flights).toHaveLength(0);
    controller.requestCloseUp('monument:9');
    controller.proceed();
    expect(store.getState().overlays[BUILDINGS_OVERLAY]?.shown).toBe(true);
    expect(flights).toEqual([
      [{ longitude: 114.1601, latitude: 22.2808 }, { rangeMeters: CLOSE_UP.rangeMeters, headingDegrees: CLOSE_UP.headingDegrees, pitchDegrees: CLOSE_UP.pitchDegrees }, { durationSeconds: CLOSE_UP.durationSeconds }],
    ]);
    expect(events).toContainEqual({ name: 'heritage-closeup::on', id: 'monument:9' });
  });

  it('on a phone the close-up gives the desktop-only message and no dialog', async () => {
    const { controller, notices, flights } = setUp({ phone: true });
    await controller.load();
    controller.requestCloseUp('monument:9');
    expect(controller.getState().dialogFor).toBeNull();
    expect(notices).toEqual(['heritage.closeUp.desktopOnly']);
    expect(flights).toHaveLength(0);
  });
});

describe('monument list rules', () => {
  const monuments: Monument[] = COLLECTION.features.map((feature) => ({
    id: feature.id,
    longitude: feature.geometry.coordinates[0],
    latitude: feature.geometry.coordinates[1],
    properties: feature.properties,
  }));

  it('offers each district with monuments and its count', () => {
    expect(districtsOf(monuments, 'en-US')).toEqual([
      { key: 'Central and Western', name: 'Central and Western', count: 2 },
      { key: 'Sai Kung', name: 'Sai Kung', count: 1 },
    ]);
    expect(districtsOf(monuments, 'zh-HK').map((district) => district.name)).toEqual(expect.arrayContaining(['中西區', '西貢']));
  });

  it('filters by district and sorts by name in the page language', () => {
    expect(filterMonuments(monuments, '', 'en-US').map((item) => monumentName(item, 'en-US'))).toEqual(['Former Central Magistracy', 'Old Supreme Court', 'Tung Lung Fort']);
    expect(filterMonuments(monuments, 'Central and Western', 'zh-HK').map((item) => item.id).sort()).toEqual(['monument:54', 'monument:9']);
  });
});
