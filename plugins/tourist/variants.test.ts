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

describe('tourist in the variants', () => {
  it('comes exactly where the flag tourist says', () => {
    const { variants } = loadVariants(files);
    for (const variant of variants.values()) expect(enablesPlugin(variant, 'tourist'), variant.id).toBe(isFlagOn(variant, 'tourist'));
    expect(enablesPlugin(variants.get('full')!, 'tourist')).toBe(true);
  });
});
