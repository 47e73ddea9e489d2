/**
 * Route behaviour per page address, across the real variant files: the address picks the variant
 * (core/variants), the variant's map settings pick the route switches (app/appConfig), and the route table
 * (app/routes/routeTable) resolves paths with them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVariants, selectVariant } from '../../core/variants';
import { deriveAppConfig } from '../../app/appConfig';
import { detectBasename, resolveRoute, shortenAddress } from '../../app/routes/routeTable';

const variantsDir = resolve(import.meta.dirname, '../../variants');
const files = Object.fromEntries(
  readdirSync(variantsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [join('variants', name), JSON.parse(readFileSync(join(variantsDir, name), 'utf8'))]),
);
const { variants } = loadVariants(files);

function configFor(href: string) {
  const url = new URL(href);
  const location = { hostname: url.hostname, pathname: url.pathname };
  const selection = selectVariant(location);
  const manifest = variants.get(selection.variant) ?? null;
  const basename = detectBasename(url.pathname);
  const path = url.pathname.slice(basename.length) || '/';
  return { selection, manifest, config: deriveAppConfig(manifest, location), path, search: url.search };
}

describe('addresses → variant → routes', () => {
  it('loads a manifest for every variant the rules can select', () => {
    for (const id of ['second', 'full', 'minimal', 'indoor', 'dev', 'dev-demo', 'dev-td', 'dev-routing-test']) {
      expect(variants.has(id), id).toBe(true);
    }
  });

  it('public address: second variant, map page, shortened display', () => {
    const { selection, config, path, search } = configFor('https://3d.map.gov.hk/mapviewer/app/map?l=en-US');
    expect(selection.variant).toBe('second');
    expect(resolveRoute(path, search, config)).toEqual({ kind: 'page', page: 'map', params: {} });
    expect(config.shortenUrls).toBe(true);
    expect(shortenAddress(path, search, config.shortenUrls)).toEqual({ pathname: '/', search: '' });
  });

  it('public address: /sdk is not found even under app-demo', () => {
    const { config, path, search } = configFor('https://3d.map.gov.hk/mapviewer/app-demo/sdk');
    expect(resolveRoute(path, search, config)).toMatchObject({ kind: 'page', page: 'not-found' });
  });

  it('localhost app-demo: demo variant and the /sdk page', () => {
    const { selection, config, path, search } = configFor('http://localhost:8080/mapviewer/app-demo/sdk?l=zh-HK');
    expect(selection.variant).toBe('dev-demo');
    expect(path).toBe('/sdk');
    expect(resolveRoute(path, search, config)).toEqual({ kind: 'page', page: 'sdk', params: {} });
  });

  it('indoor address keeps the full route table', () => {
    const { selection, config, path, search } = configFor('https://3d.map.gov.hk/mapviewer/app-mtr-indoor/');
    expect(selection.variant).toBe('indoor');
    expect(resolveRoute(path, search, config)).toEqual({ kind: 'redirect', to: '/map' });
  });

  it('a catalogue-only variant exposes only the catalogue routes', () => {
    const second = variants.get('second')!;
    const config = deriveAppConfig({ id: 'catalogue-only', flags: { ...second.flags, catalogueOnly: true } }, { hostname: 'x', pathname: '/' });
    expect(resolveRoute('/', '?l=zh-CN', config)).toEqual({ kind: 'redirect', to: '/catalogue?l=zh-CN' });
    expect(resolveRoute('/metadata/abc', '', config)).toMatchObject({ page: 'metadata' });
    expect(resolveRoute('/map', '', config)).toMatchObject({ page: 'not-found' });
  });
});
