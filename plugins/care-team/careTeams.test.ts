import { describe, expect, it, vi } from 'vitest';
import type { CareTeamCollection } from '../../core/contracts/careTeams';
import { createI18nService } from '../../core/i18n/i18nService';
import { loadMessages } from '../../core/i18n/messages';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createRegistry } from '../../core/plugin/registry';
import type { AnalyticsEvent, Language, OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { CARE_TEAM_DRAWER, CARE_TEAM_OVERLAY, createCareTeamController, districtsOf, teamText } from './careTeams';
import { createCareTeamSearchMode, TOO_SHORT_MESSAGE } from './searchMode';

const team = (code: string, district: [string, string, string], nameTc: string, coordinates: [number, number]) => ({
  type: 'Feature' as const,
  id: `care-team-${code}`,
  geometry: { type: 'Point' as const, coordinates },
  properties: {
    id: `care-team-${code}`,
    key_EN: `Care team ${code} (sample)`,
    key_TC: `${nameTc}關愛隊（樣本）`,
    key_SC: `${nameTc}关爱队（样本）`,
    organisation_EN: `${district[1]} Community Care Association (sample)`,
    organisation_TC: '協會',
    organisation_SC: '协会',
    telephone: '0000 0001',
    fax: '0000 5001',
    email: `${code.toLowerCase()}@care-team.example.org`,
    messaging: 'WhatsApp 0000 0001',
    website: `https://care-team.example.org/${code.toLowerCase()}`,
    facilities: ['service-point'],
    facilities_EN: 'Service point',
    facilities_TC: '服務點',
    facilities_SC: '服务点',
    districtCode: district[0] as 'A',
    district_EN: district[1],
    district_TC: district[2],
    district_SC: district[2],
    subDistrictCode: code,
    subDistrict_EN: `${code} ${district[1]}`,
    subDistrict_TC: nameTc,
    subDistrict_SC: nameTc,
    sample: true,
    note_EN: 'Sample record',
    note_TC: '樣本記錄',
    note_SC: '样本记录',
  },
});
const TEAMS: CareTeamCollection = {
  type: 'FeatureCollection',
  sample: true,
  features: [
    team('A01', ['A', 'Central and Western', '中西區'], '中環', [114.158, 22.283]),
    team('A02', ['A', 'Central and Western', '中西區'], '半山東', [114.152, 22.279]),
    team('T10', ['T', 'Islands', '離島'], '長洲', [114.027, 22.208]),
  ],
};
const GM = {
  'en-US': { 'careTeam.telephone': 'Telephone', 'careTeam.count': '{count, plural, one {# care team} other {# care teams}}' },
  'zh-HK': { 'careTeam.telephone': '電話', 'careTeam.count': '{count}支關愛隊' },
  'zh-CN': { 'careTeam.telephone': '电话', 'careTeam.count': '{count}支关爱队' },
};

function setUp(options: { failMessages?: boolean } = {}) {
  const server = { failMessages: options.failMessages ?? false };
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  overlays.registerAs('care-team', { id: CARE_TEAM_OVERLAY, manifest: { id: CARE_TEAM_OVERLAY } as OverlayContribution['manifest'] });
  const urls: string[] = [];
  const flights: unknown[] = [];
  const pins: unknown[] = [];
  const events: Array<Omit<AnalyticsEvent, 'at' | 'lang'>> = [];
  let language: Language = 'en-US';
  const shipped = loadMessages({
    'locales/en-US/care-team.json': { 'careTeam.ui.search.where': '{subDistrict}, {district}', 'careTeam.ui.search.sampleResult': 'Sample record · {where}' },
  });
  const map = {
    ...createNoopMapFacade(),
    flyTo: (target: unknown) => flights.push(target),
    temporaryGraphics: () => ({ ...createNoopMapFacade().temporaryGraphics('x'), addPoints: (points: unknown) => (pins.push(points), () => pins.pop()) }),
  };
  const ctx = {
    apiBase: '/mapviewer/api/',
    http: {
      json: vi.fn(async (url: string, schema: { parse(value: unknown): unknown }) => {
        urls.push(url);
        if (url.includes('domain/gm')) {
          if (server.failMessages) throw new Error('HTTP 503');
          return schema.parse(GM);
        }
        const q = new URL(url, 'http://x').searchParams.get('q');
        const features = q ? TEAMS.features.filter((item) => JSON.stringify(item.properties).includes(q)) : TEAMS.features;
        return schema.parse({ ...TEAMS, features });
      }),
    } as never,
    i18n: createI18nService({ messages: () => shipped, language: () => language }),
    map: map as never,
    store,
    overlays,
    analytics: { emit: (event: Omit<AnalyticsEvent, 'at' | 'lang'>) => events.push(event) },
  };
  const controller = createCareTeamController(ctx);
  return { ctx, controller, store, urls, flights, pins, events, server, setLanguage: (next: Language) => (language = next) };
}

describe('care-team controller', () => {
  it('merges the domain/gm messages into the translations and loads the teams', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { controller, urls, setLanguage } = setUp();
    expect(controller.format('careTeam.telephone')).toBe('careTeam.telephone');
    await controller.load();
    expect(urls.some((url) => url.startsWith('/mapviewer/api/domain/gm?timestamp='))).toBe(true);
    expect(controller.getState()).toMatchObject({ status: 'ready', teams: TEAMS.features });
    expect(controller.format('careTeam.telephone')).toBe('Telephone');
    expect(controller.format('careTeam.count', { count: 2 })).toBe('2 care teams');
    setLanguage('zh-HK');
    expect(controller.format('careTeam.telephone')).toBe('電話');
    controller.dispose();
    expect(controller.format('careTeam.telephone')).toBe('careTeam.telephone');
  });

  it('says the data are unavailable when the messages fail, and loads on retry', async () => {
    const { controller, server } = setUp({ failMessages: true });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await controller.load();
    expect(controller.getState().status).toBe('failed');
    server.failMessages = false;
    await controller.load();
    expect(controller.getState().status).toBe('ready');
  });

  it('lists the districts with teams, and choosing a team flies there, pins it and shows the layer', async () => {
    const { controller, store, flights, pins, events } = setUp();
    await controller.load();
    expect(districtsOf(controller.getState().teams, 'zh-HK')).toEqual([
      { code: 'A', name: '中西區', count: 2 },
      { code: 'T', name: '離島', count: 1 },
    ]);
    controller.select('care-team-T10');
    expect(controller.getState()).toMatchObject({ selectedId: 'care-team-T10', district: 'T' });
    expect(flights).toEqual([{ longitude: 114.027, latitude: 22.208, heightMeters: 1500 }]);
    expect(pins).toHaveLength(1);
    expect(store.getState().overlays[CARE_TEAM_OVERLAY]?.shown).toBe(true);
    expect(events).toContainEqual({ name: 'careteam::select', id: 'care-team-T10' });
    controller.setDistrict('A');
    expect(controller.getState().selectedId).toBeNull();
    controller.select('care-team-A01');
    controller.clearSelection();
    expect(pins).toHaveLength(0);
  });

  it('reads a team text in each language', () => {
    expect(teamText(TEAMS.features[2], 'subDistrict', 'zh-CN')).toBe('長洲');
    expect(teamText(TEAMS.features[2], 'key', 'en-US')).toBe('Care team T10 (sample)');
  });
});

describe('care team search mode (SPEC §1 keyword search)', () => {
  it('refuses fewer than 2 characters, finds teams by text saying they are samples, and opens the drawer on one', async () => {
    const { ctx, controller, store, urls } = setUp();
    const mode = createCareTeamSearchMode(ctx, controller);
    expect(mode.id).toBe('care-team-search');
    expect(mode.validate(' 長 ')).toBe(TOO_SHORT_MESSAGE);
    expect(mode.validate('長洲')).toBeNull();
    const results = await mode.search('長洲', { language: 'en-US', signal: new AbortController().signal });
    expect(urls.at(-1)).toContain(`q=${encodeURIComponent('長洲')}`);
    expect(results).toEqual([
      { id: 'care-team-T10', title: 'Care team T10 (sample)', subtitle: 'Sample record · T10 Islands, Islands', longitude: 114.027, latitude: 22.208 },
    ]);
    mode.onSelect((results as Array<{ id: string; title: string; longitude: number; latitude: number }>)[0]);
    expect(store.getState().drawers[CARE_TEAM_DRAWER]?.shown).toBe(true);
    await vi.waitFor(() => expect(controller.getState().selectedId).toBe('care-team-T10'));
  });
});
