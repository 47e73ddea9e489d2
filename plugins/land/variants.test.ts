import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';
import { landConfigSchema } from './config';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);

describe('land in the variants', () => {
  it('comes where landParcelSearch, lotGla or zoningPlans is on, with exactly those parts (SPEC §1: no parcel search in the second variant)', () => {
    const { variants } = loadVariants(files);
    expect(variants.size).toBeGreaterThan(0);
    for (const variant of variants.values()) {
      const parcelSearch = isFlagOn(variant, 'landParcelSearch');
      const saleLots = isFlagOn(variant, 'lotGla');
      const zoningPlans = isFlagOn(variant, 'zoningPlans');
      expect(enablesPlugin(variant, 'land'), variant.id).toBe(parcelSearch || saleLots || zoningPlans);
      if (!parcelSearch && !saleLots && !zoningPlans) continue;
      const config = landConfigSchema.parse(variant.plugins.find((plugin) => plugin.id === 'land')?.config ?? {});
      expect(config, variant.id).toEqual({ parcelSearch, saleLots, zoningPlans });
    }
    expect(landConfigSchema.parse(variants.get('second')!.plugins.find((plugin) => plugin.id === 'land')!.config)).toEqual({
      parcelSearch: false,
      saleLots: true,
      zoningPlans: true,
    });
    expect(enablesPlugin(variants.get('minimal')!, 'land')).toBe(false);
  });
});
