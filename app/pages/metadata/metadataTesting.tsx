/**
 * Fixtures for the metadata page's jsdom tests: a valid catalogue record (checked against the contract), a
 * fetch stand-in answering by path, and the app rendered at an address with the real routes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { catalogueRecordSchema, type CatalogueRecord } from '../../../core/contracts/catalogue';
import { AppConfigContext, DEFAULT_APP_CONFIG, type AppConfig } from '../../config';
import { preloadMessages } from '../../i18n/testMessages';
import { PluginHostContext } from '../../plugins/PluginHostContext';
import { appRoutesAt } from '../../routes/routesTesting';
// Loaded up front so the route's lazy import resolves at once instead of racing the tests' one-second waits.
import './MetadataPage';

// The shell renders from the lazily loaded message tables: all three are there before any test renders.
await preloadMessages();

/** The hand-written ISO 19139 sample (iso/sampleRecord.test.xml). */
export const SAMPLE_ISO_XML = readFileSync(join(import.meta.dirname, 'iso', 'sampleRecord.test.xml'), 'utf8');

const localised = (en: string, hk: string, cn: string) => ({ 'en-US': en, 'zh-HK': hk, 'zh-CN': cn });

/** A record shown as a map layer; `overrides` change any field (the result is validated). */
export function sampleRecord(overrides: Partial<CatalogueRecord> = {}): CatalogueRecord {
  return catalogueRecordSchema.parse({
    id: 'beach-water-quality',
    category: 'map-layer',
    title: localised('Beach water quality', '泳灘水質', '泳滩水质'),
    abstract: localised('Grades of the gazetted beaches.', '憲報公布泳灘的水質級別。', '宪报公布泳滩的水质级别。'),
    purpose: localised('Swimming advice.', '游泳建議。', '游泳建议。'),
    status: 'completed',
    scopeLevel: 'dataset',
    characterSet: 'utf8',
    dataLanguages: ['eng', 'chi'],
    contact: {
      organisation: localised('Lands Department', '地政總署', '地政总署'),
      individualName: localised('Chan Tai Man', '陳大文', '陈大文'),
      position: localised('Land Surveyor', '土地測量師', '土地测量师'),
      role: 'pointOfContact',
      email: '3dmap@landsd.gov.hk',
      telephone: '+852 2231 3000',
    },
    dates: { creation: '2021-03-01', revision: '2024-04-30', metadataStamp: '2024-05-02' },
    metadataStandard: { name: 'ISO 19115:2003/19139', version: '1.0' },
    identifier: 'LandsD-BEACH',
    extent: { west: 113.83, south: 22.15, east: 114.44, north: 22.57, begin: '2021-03-01', end: null },
    referenceSystem: 'EPSG:4326',
    distributionFormats: ['GEOJSON'],
    dataQuality: localised('Checked.', '已核對。', '已核对。'),
    lineage: localised('From the EPD feed.', '來自環保署數據。', '来自环保署数据。'),
    topicCategories: ['environment'],
    keywords: { 'en-US': ['beach'], 'zh-HK': ['泳灘'], 'zh-CN': ['泳滩'] },
    updateFrequency: 'daily',
    constraints: { useLimitation: localised('Free.', '免費。', '免费。'), otherConstraints: localised('None.', '無。', '无。') },
    classification: 'unclassified',
    download: { kind: 'layer', apiPath: '/mapviewer/api/static/beach', formats: ['GEOJSON'] },
    tileset: null,
    viewerLayerId: 'beach',
    sample: false,
    ...overrides,
  });
}

export type FakeAnswer = { status?: number; body?: string | object; headers?: Record<string, string> };

/**
 * Replaces `fetch` with a stand-in that answers by path (query ignored) from `answers`; an unknown path is a
 * 404. Returns the mock so tests can read the requested URLs.
 */
export function stubFetch(answers: Record<string, FakeAnswer | ((url: string) => FakeAnswer)>) {
  const mock = vi.fn(async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0];
    const entry = answers[path];
    const answer = typeof entry === 'function' ? entry(url) : entry ?? { status: 404, body: { error: 'Not found' } };
    const body = typeof answer.body === 'string' || answer.body === undefined ? answer.body : JSON.stringify(answer.body);
    return new Response(body ?? null, { status: answer.status ?? 200, headers: answer.headers });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Renders the app's routes at `path` (e.g. `/metadata/beach-water-quality?l=zh-HK`). */
export function renderAt(path: string, config: Partial<AppConfig> = {}) {
  const fullConfig = { ...DEFAULT_APP_CONFIG, ...config };
  const { element, rendered } = appRoutesAt(path, fullConfig, (routes) => (
    <AppConfigContext.Provider value={fullConfig}>
      <PluginHostContext.Provider value={null}>{routes}</PluginHostContext.Provider>
    </AppConfigContext.Provider>
  ));
  render(element);
  return rendered;
}
