import { describe, expect, it, vi } from 'vitest';
import { overlayManifestSchema } from '../../manifests/schemas';
import { lotTileEndpoint } from '../../contracts/lots';
import { asCesium, createFakeCesium } from '../testing/fakeCesium';
import { fakeSourceContext } from '../testing/sourceContext';
import type { SourceContext } from './types';
import { tileMatrixLabels, tilingSchemeKind, WmtsSource, wmtsProviderOptions } from './wmtsSource';

const LOT_TEMPLATE = '/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/{style}/{TileMatrixSet}/{TileMatrixSet}:{TileMatrix}/{TileRow}/{TileCol}?format=image/png';

const manifest = overlayManifestSchema.parse({
  id: 'lotgla',
  mode: 'WMTS',
  name: { 'en-US': 'Lots', 'zh-HK': '地段', 'zh-CN': '地段' },
  url: LOT_TEMPLATE,
  layer: 'cite:3D_LOTGLA',
  style: 'default',
  tileMatrixSetId: 'EPSG:900913',
  maximumLevel: 21,
});

function contextFor(fake: ReturnType<typeof createFakeCesium>, overrides: Partial<SourceContext> = {}) {
  return fakeSourceContext(fake, manifest, { resolveUrl: () => `${manifest.url as string}&timestamp=42`, ...overrides });
}

describe('WMTS tiling', () => {
  it('maps tile matrix sets to Cesium tiling schemes', () => {
    expect(tilingSchemeKind('EPSG:4326')).toBe('geographic');
    expect(tilingSchemeKind('EPSG:900913')).toBe('web-mercator');
    expect(tilingSchemeKind('EPSG:3857')).toBe('web-mercator');
    expect(() => tilingSchemeKind('EPSG:2326')).toThrow(/not supported/);
  });

  it('labels tile matrices <set>:<level> unless the template already writes the set before {TileMatrix}', () => {
    expect(tileMatrixLabels('/wmts/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}', 'EPSG:900913', 2)).toEqual([
      'EPSG:900913:0',
      'EPSG:900913:1',
      'EPSG:900913:2',
    ]);
    expect(tileMatrixLabels(LOT_TEMPLATE, 'EPSG:900913', 21)).toBeUndefined();
  });

  it('the lot manifest template asks for the path the lot tile route serves', () => {
    const fake = createFakeCesium();
    const options = wmtsProviderOptions(asCesium(fake), manifest, LOT_TEMPLATE);
    // What Cesium fills in for level 16, row 28585, column 53558 (the route's example).
    const level = 16;
    const url = options.url
      .replace('{style}', options.style)
      .split('{TileMatrixSet}')
      .join(options.tileMatrixSetID)
      .replace('{TileMatrix}', options.tileMatrixLabels?.[level] ?? String(level))
      .replace('{TileRow}', '28585')
      .replace('{TileCol}', '53558');
    const example = lotTileEndpoint.example!.params as Record<string, string>;
    const expected = lotTileEndpoint.path
      .replace('{style}', example.style)
      .split('{TileMatrixSet}')
      .join(example.TileMatrixSet)
      .replace('{TileMatrix}', example.TileMatrix)
      .replace('{TileRow}', example.TileRow)
      .replace('{TileCol}', example.TileCol);
    expect(url).toBe(`${expected}?format=image/png`);
    expect((options.tilingScheme as unknown as { kind: string }).kind).toBe('web-mercator');
    expect(options.maximumLevel).toBe(21);
  });

  it('fills {layer} from the manifest and picks the geographic scheme for EPSG:4326', () => {
    const fake = createFakeCesium();
    const options = wmtsProviderOptions(asCesium(fake), { layer: 'cite:X', tileMatrixSetId: 'EPSG:4326', maximumLevel: 1 }, '/rest/{layer}/{TileMatrix}');
    expect(options.url).toBe('/rest/cite:X/{TileMatrix}');
    expect(options.tileMatrixLabels).toEqual(['EPSG:4326:0', 'EPSG:4326:1']);
    expect((options.tilingScheme as unknown as { kind: string }).kind).toBe('geographic');
  });
});

describe('WmtsSource', () => {
  it('adds the imagery layer when first shown, hides it when hidden, and reports ready', () => {
    const fake = createFakeCesium();
    const context = contextFor(fake);
    const source = new WmtsSource(context);
    source.setActive(false);
    expect(fake.imageryLayers).toHaveLength(0);
    source.setActive(true);
    expect(fake.imageryLayers).toHaveLength(1);
    expect(fake.imageryLayers[0].provider.options.url).toBe(`${LOT_TEMPLATE}&timestamp=42`);
    expect(context.calls).toEqual(['drawn']);
    source.setActive(false);
    expect(fake.imageryLayers[0].show).toBe(false);
    source.setActive(true);
    expect(fake.imageryLayers).toHaveLength(1);
    expect(fake.imageryLayers[0].show).toBe(true);
    source.dispose();
    expect(fake.imageryLayers).toHaveLength(0);
  });

  it('a tile error or an unsupported matrix set is a failure', () => {
    const fake = createFakeCesium();
    const context = contextFor(fake);
    const source = new WmtsSource(context);
    source.setActive(true);
    fake.imageryLayers[0].provider.errorEvent.raise({ message: '503' });
    expect(context.calls).toEqual(['drawn', 'failed 1']);
    expect(source.hasFailed).toBe(true);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = contextFor(fake, { manifest: { ...manifest, tileMatrixSetId: 'EPSG:2326' } });
    new WmtsSource(broken).setActive(true);
    expect(broken.calls).toEqual(['failed 1']);
  });
});
