/**
 * Issue 15 point 9 (and issue 16 point 9 for the analysis tools): every themed function is in the variants whose flags enable it and absent where they disable
 * it. A plugin whose folder does not exist yet is skipped (it is being built), so the table can name every
 * function ahead of them; once the folder exists a variant that lists it wrongly, or misses it, fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VariantFlag } from '../manifests/variantSchema';
import { enablesPlugin, isFlagOn, loadVariants } from './variants';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);
const { variants } = loadVariants(files);

/** Plugin id → the flags that enable it (any one of them). */
const THEMED_FUNCTIONS: ReadonlyArray<[pluginId: string, flags: readonly VariantFlag[]]> = [
  ['accident-emergency', ['accidentEmergency']],
  ['hiking', ['hiking']],
  ['heritage', ['heritage']],
  ['tourist', ['tourist']],
  ['stargazing', ['stargazing']],
  ['auxiliary', ['auxiliary']],
  ['tide-gauge', ['tideGauge']],
  ['drone-zones', ['uav']],
  ['land', ['landParcelSearch', 'zoningPlans', 'lotGla', 'census']],
  ['care-team', ['careTeam']],
  // Issue 16: the analysis and comparison tools follow their flags the same way.
  ['time-player', ['timePlayer']],
  ['shadow', ['shadow']],
  ['viewshed', ['viewshed']],
  ['line-of-sight', ['lineOfSight']],
  ['cross-section', ['crossSection']],
  ['split-layers', ['splitLayers']],
  ['multi-view', ['multiView']],
  ['comparison', ['comparison']],
  // Issue 17: the walking route drawer is SPEC §2's "outdoor routing".
  ['walking-route', ['outdoorRouting']],
];

const built = THEMED_FUNCTIONS.filter(([pluginId]) => existsSync(resolve(root, 'plugins', pluginId, 'index.ts')));

describe('themed functions in the variants (issue 15 point 9)', () => {
  it('reads every variant and finds at least one themed function built', () => {
    expect(variants.size).toBe(Object.keys(files).length);
    expect(built.length).toBeGreaterThan(0);
  });

  const cases = [...variants.values()].flatMap((variant) => built.map(([pluginId, flags]) => [variant.id, pluginId, flags] as const));
  it.each(cases)('%s lists %s exactly when one of %j is on', (variantId, pluginId, flags) => {
    const variant = variants.get(variantId)!;
    expect(enablesPlugin(variant, pluginId)).toBe(flags.some((flag) => isFlagOn(variant, flag)));
  });
});
