// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { startVariant } from './startup';

describe('startVariant', () => {
  it('validates the selected variant, once per page', () => {
    const location = { hostname: 'www.map.gov.hk', pathname: '/mapviewer/app/map' };

    const startup = startVariant(location);

    expect(startup.config.variantId).toBe('second');
    expect(startup.config.basename).toBe('/mapviewer/app');
    expect(document.documentElement.dataset.variant).toBe('second');
    // The validated manifest, with the schema's defaults applied, is what the plugin host starts with.
    expect(startup.variant).toMatchObject({ id: 'second', plugins: expect.any(Array) });

    expect(startVariant(location)).toBe(startup);
  });
});
