import { describe, expect, it } from 'vitest';
import { deriveAppConfig } from './appConfig';
import { needsPortrait } from './components/PortraitNotice';
import { DATA_SOURCES, TERMS_MESSAGE_IDS } from './content/dataSources';
import { searchWithLanguage } from './i18n/language';
import { isPlainVisit } from './pages/LandingPanel';

describe('deriveAppConfig', () => {
  const location = { hostname: '3d.map.gov.hk', pathname: '/mapviewer/app/map' };
  it('reads the map settings from variant flags', () => {
    const config = deriveAppConfig({ id: 'x', flags: { catalogueOnly: true, appUrlPathShorten: true, megaMenu: true } }, location);
    expect(config).toMatchObject({ variantId: 'x', catalogueOnly: true, shortenUrls: true, megaMenu: true, quickActionMenu: false, sdkAllowed: false });
  });
  it('accepts the isCatalogueOnly / isAppUrlPathShorten spellings', () => {
    const config = deriveAppConfig({ id: 'x', flags: { isCatalogueOnly: true, isAppUrlPathShorten: true } }, location);
    expect(config).toMatchObject({ catalogueOnly: true, shortenUrls: true });
  });
  it('allows /sdk only on a dev host with /app-demo/', () => {
    expect(deriveAppConfig(null, { hostname: 'localhost', pathname: '/mapviewer/app-demo/sdk' }).sdkAllowed).toBe(true);
    expect(deriveAppConfig(null, location).sdkAllowed).toBe(false);
  });
});

describe('searchWithLanguage', () => {
  it('drops en-US only when addresses are shortened', () => {
    expect(searchWithLanguage('?l=zh-HK&x=1', 'en-US', true)).toBe('?x=1');
    expect(searchWithLanguage('?l=zh-HK', 'en-US', false)).toBe('?l=en-US');
    expect(searchWithLanguage('', 'zh-CN', true)).toBe('?l=zh-CN');
  });
});

describe('needsPortrait', () => {
  it.each([
    [800, 400, true, true],
    [800, 520, true, false],
    [400, 800, true, false],
    [800, 400, false, false],
  ])('%ix%i touch=%s → %s', (width, height, touch, expected) => {
    expect(needsPortrait(width, height, touch)).toBe(expected);
  });
});

describe('landing panel', () => {
  it('shows only on plain visits, not on shared links', () => {
    expect(isPlainVisit('')).toBe(true);
    expect(isPlainVisit('?l=zh-HK')).toBe(true);
    expect(isPlainVisit('?l=zh-HK&lat=22.3')).toBe(false);
  });
});

describe('data sources', () => {
  it('loads data/sources.json and knows every licence', () => {
    expect(DATA_SOURCES.length).toBeGreaterThan(0);
    for (const source of DATA_SOURCES) expect(TERMS_MESSAGE_IDS[source.terms]).toBeDefined();
  });
});
