// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TERRAIN } from '../core/map/terrains';
import { appStore } from '../core/store';
import { bootstrapPlugins } from './plugins/bootstrap';
import { startVariant } from './startup';

// The plugins themselves are not what this test is about (and would load every plugin chunk).
vi.mock('./plugins/bootstrap', () => ({ bootstrapPlugins: vi.fn(() => ({ host: {}, map: {}, loaded: Promise.resolve() })) }));

describe('startVariant', () => {
  it('validates the selected variant, sets the default terrain and starts the plugins once per page', () => {
    appStore.getState().setTerrain({ id: 'ellipsoid', kind: 'ellipsoid' });
    const location = { hostname: 'www.map.gov.hk', pathname: '/mapviewer/app/map' };

    const startup = startVariant(location);

    expect(startup.config.variantId).toBe('second');
    expect(startup.config.basename).toBe('/mapviewer/app');
    expect(document.documentElement.dataset.variant).toBe('second');
    expect(appStore.getState().terrain).toEqual(DEFAULT_TERRAIN);
    expect(bootstrapPlugins).toHaveBeenCalledTimes(1);
    // The validated manifest, with the schema's defaults applied, is what the plugins get.
    expect(vi.mocked(bootstrapPlugins).mock.calls[0][0]).toMatchObject({ id: 'second', plugins: expect.any(Array) });

    expect(startVariant(location)).toBe(startup);
    expect(bootstrapPlugins).toHaveBeenCalledTimes(1);
  });
});
