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

describe('heritage in the variants', () => {
  it('comes exactly where the flag heritage says', () => {
    const { variants } = loadVariants(files);
    for (const variant of variants.values()) expect(enablesPlugin(variant, 'heritage'), variant.id).toBe(isFlagOn(variant, 'heritage'));
    expect(enablesPlugin(variants.get('second')!, 'heritage')).toBe(true);
  });
});
