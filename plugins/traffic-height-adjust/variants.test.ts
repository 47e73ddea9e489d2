import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';
import { trafficHeightConfigSchema } from './config';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);

describe('the traffic-image height tool in the variants', () => {
  it('comes only where the flag trafficImageHeightTool is on, in development-only variants, which leave its overlay to it', () => {
    const { variants } = loadVariants(files);
    for (const variant of variants.values()) {
      const on = isFlagOn(variant, 'trafficImageHeightTool');
      expect(enablesPlugin(variant, 'traffic-height-adjust'), variant.id).toBe(on);
      if (!on) continue;
      // SPEC §2/§6: development hosts and localhost only — the variant is chosen only there.
      expect(variant.devOnly, variant.id).toBe(true);
      const config = trafficHeightConfigSchema.parse(variant.plugins.find((plugin) => plugin.id === 'traffic-height-adjust')?.config ?? {});
      expect(variant.overlays, variant.id).not.toContain(config.overlayId);
    }
    expect(enablesPlugin(variants.get('dev-td')!, 'traffic-height-adjust')).toBe(true);
  });
});
