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

describe('indoor-routing in the variants', () => {
  it('is enabled exactly where the indoorRouting flag is on (SPEC §1: second, full, indoor and the development variants)', () => {
    const { variants } = loadVariants(files);
    for (const variant of variants.values()) expect([variant.id, enablesPlugin(variant, 'indoor-routing')]).toEqual([variant.id, isFlagOn(variant, 'indoorRouting')]);
    expect(enablesPlugin(variants.get('minimal')!, 'indoor-routing')).toBe(false);
    expect(enablesPlugin(variants.get('second')!, 'indoor-routing')).toBe(true);
  });
});
