import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);

describe('railway identify in the variants', () => {
  it('comes only where the flag dynamicRailwayIdentify is on, in development-only variants', () => {
    const { variants } = loadVariants(files);
    for (const variant of variants.values()) {
      const on = isFlagOn(variant, 'dynamicRailwayIdentify');
      expect(enablesPlugin(variant, 'railway-identify'), variant.id).toBe(on);
      // SPEC §1/§6: a development feature, so only in variants chosen on dev hosts and localhost.
      if (on) expect(variant.devOnly, variant.id).toBe(true);
    }
    expect(enablesPlugin(variants.get('dev')!, 'railway-identify')).toBe(true);
  });
});
