import { describe, expect, it } from 'vitest';
import { detectBasename, isSdkAllowed, resolveRoute, shortenAddress, type RouteOptions } from './routeTable';

const full: RouteOptions = { catalogueOnly: false, sdkAllowed: false };
const fullWithSdk: RouteOptions = { catalogueOnly: false, sdkAllowed: true };
const catalogueOnly: RouteOptions = { catalogueOnly: true, sdkAllowed: true };

describe('resolveRoute: full app', () => {
  it.each([
    ['/map', '', 'map', {}],
    ['/map/', '', 'map', {}],
    ['/catalogue', '', 'catalogue', {}],
    ['/download-api', '', 'download-api', {}],
    ['/metadata/abc-123', '', 'metadata', { metadataId: 'abc-123' }],
    ['/download/abc-123', '', 'metadata', { metadataId: 'abc-123' }],
    ['/api', '', 'api-landing', {}],
    ['/api/get-started', '', 'api-get-started', {}],
    ['/api/apply-key', '?l=zh-HK', 'api-apply-key', {}],
    ['/api/routing', '', 'api-doc', { apiPage: 'routing' }],
    ['/api/3d-map-tile/', '', 'api-doc', { apiPage: '3d-map-tile' }],
    ['/api/swaggerui', '?api=f2_api', 'swagger', { api: 'f2_api' }],
    ['/api/swaggerui', '', 'swagger', {}],
    ['/sdk', '', 'not-found', {}],
    ['/nowhere', '', 'not-found', {}],
    ['/map/extra', '', 'not-found', {}],
    ['/metadata', '', 'not-found', {}],
    ['/api/unknown', '', 'not-found', {}],
  ])('%s%s → %s', (path, search, page, params) => {
    expect(resolveRoute(path, search, full)).toEqual({ kind: 'page', page, params });
  });

  it.each([
    ['/', '', '/map'],
    ['/', '?l=zh-HK&x=1', '/map?l=zh-HK&x=1'],
    ['/api/f2', '', '/api/swaggerui?api=f2_api'],
    ['/api/f2', '?l=zh-CN', '/api/swaggerui?l=zh-CN&api=f2_api'],
    ['/api/f2', '?api=other&l=zh-CN', '/api/swaggerui?api=f2_api&l=zh-CN'],
    ['/api/f1_0', '?l=zh-HK', '/api/swaggerui?l=zh-HK&api=f1_non_texture_api'],
  ])('%s%s redirects to %s keeping the query', (path, search, to) => {
    expect(resolveRoute(path, search, full)).toEqual({ kind: 'redirect', to });
  });
});

describe('resolveRoute: sdk rule', () => {
  it('shows /sdk only when allowed', () => {
    expect(resolveRoute('/sdk', '', fullWithSdk)).toEqual({ kind: 'page', page: 'sdk', params: {} });
    expect(resolveRoute('/sdk', '', full)).toMatchObject({ kind: 'page', page: 'not-found' });
  });

  it.each([
    ['localhost', '/app-demo/mapviewer/app/sdk', true],
    ['127.0.0.1', '/x/app-demo/sdk', true],
    ['dev3d.map.gov.hk', '/mapviewer/app-demo/sdk', true],
    ['dev3d.map.gov.hk', '/mapviewer/app/sdk', false],
    ['3d.map.gov.hk', '/mapviewer/app-demo/sdk', false],
    ['uat.example.org', '/app-demo/', false],
    ['localhost', '/mapviewer/app/sdk', false],
  ])('host %s path %s → %s', (hostname, pathname, allowed) => {
    expect(isSdkAllowed({ hostname, pathname })).toBe(allowed);
  });
});

describe('resolveRoute: catalogue-only mode', () => {
  it('redirects / to /catalogue keeping the query', () => {
    expect(resolveRoute('/', '?l=zh-HK', catalogueOnly)).toEqual({ kind: 'redirect', to: '/catalogue?l=zh-HK' });
  });
  it.each([
    ['/catalogue', 'catalogue'],
    ['/metadata/m1', 'metadata'],
    ['/map', 'not-found'],
    ['/download/m1', 'not-found'],
    ['/download-api', 'not-found'],
    ['/api', 'not-found'],
    ['/api/swaggerui', 'not-found'],
    ['/api/f2', 'not-found'],
    ['/api/f1_0', 'not-found'],
    ['/sdk', 'not-found'],
  ])('%s → %s', (path, page) => {
    expect(resolveRoute(path, '', catalogueOnly)).toMatchObject({ kind: 'page', page });
  });
});

describe('shortenAddress', () => {
  it.each([
    ['/map', '?l=en-US', '/', ''],
    ['/map', '?l=zh-HK', '/', '?l=zh-HK'],
    ['/map', '', '/', ''],
    ['/catalogue', '?l=en-US&q=lot', '/catalogue', '?q=lot'],
    ['/api/swaggerui', '?api=mod_kcke_f2_layer_api&l=zh-CN', '/api/f2', '?l=zh-CN'],
    ['/api/swaggerui', '?api=f2_api', '/api/swaggerui', '?api=f2_api'],
    ['/metadata/m1', '?l=en-US', '/metadata/m1', ''],
  ])('%s%s is shown as %s%s', (pathname, search, shownPath, shownSearch) => {
    expect(shortenAddress(pathname, search, true)).toEqual({ pathname: shownPath, search: shownSearch });
  });

  it('leaves the address alone when shortening is off', () => {
    expect(shortenAddress('/map', '?l=en-US', false)).toEqual({ pathname: '/map', search: '?l=en-US' });
  });
});

describe('detectBasename', () => {
  it.each([
    ['/mapviewer/app/map', '/mapviewer/app'],
    ['/mapviewer/app', '/mapviewer/app'],
    ['/mapviewer/app-demo/sdk', '/mapviewer/app-demo'],
    ['/mapviewer/app-mtr-indoor/map', '/mapviewer/app-mtr-indoor'],
    ['/elsewhere', '/mapviewer/app'],
  ])('%s → %s', (pathname, basename) => {
    expect(detectBasename(pathname)).toBe(basename);
  });
});
