import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';
import { mapControlsConfigSchema } from './config';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);

describe('map controls in the variants', () => {
  it('come exactly where the flags fullScreen and compass say (SPEC §1: not in the second variant)', () => {
    const { variants } = loadVariants(files);
    expect(variants.size).toBeGreaterThan(0);
    for (const variant of variants.values()) {
      const wanted = isFlagOn(variant, 'fullScreen') || isFlagOn(variant, 'compass');
      expect(enablesPlugin(variant, 'map-controls'), variant.id).toBe(wanted);
      if (!wanted) continue;
      const config = mapControlsConfigSchema.parse(variant.plugins.find((plugin) => plugin.id === 'map-controls')?.config ?? {});
      expect(config, variant.id).toEqual({ fullScreen: isFlagOn(variant, 'fullScreen'), compass: isFlagOn(variant, 'compass') });
    }
    expect(enablesPlugin(variants.get('second')!, 'map-controls')).toBe(false);
    expect(enablesPlugin(variants.get('full')!, 'map-controls')).toBe(true);
  });
});
