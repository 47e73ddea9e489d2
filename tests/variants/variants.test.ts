import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantRules, DEFAULT_VARIANT } from '../../core/variants/selectVariant';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';

const root = resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(
  readdirSync(resolve(root, 'variants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`variants/${name}`, JSON.parse(readFileSync(resolve(root, 'variants', name), 'utf8')) as unknown]),
);
const { variants, problems } = loadVariants(files);

describe('variants/*.json', () => {
  it('all validate without problems', () => {
    expect(problems).toEqual([]);
    expect([...variants.keys()].sort()).toEqual(['dev', 'dev-demo', 'dev-routing-test', 'dev-td', 'full', 'indoor', 'minimal', 'second']);
  });

  it('every variant a selection rule names exists', () => {
    for (const id of [DEFAULT_VARIANT, ...variantRules.map((rule) => rule.variant)]) expect(variants.has(id)).toBe(true);
  });

  it('second enables exactly what SPEC §1 lists and disables the rest', () => {
    const second = variants.get('second')!;
    for (const flag of ['hiking', 'heritage', 'measurement', 'indoorRouting', 'temperature', 'aqhi', 'shareMap', 'megaMenu', 'quickActionMenu', 'downloadApi'] as const) {
      expect(isFlagOn(second, flag)).toBe(true);
    }
    for (const flag of ['outdoorRouting', 'viewshed', 'tourist', 'stargazing', 'comparison', 'uav', 'shadow', 'compass', 'fullScreen', 'gps', 'careTeam', 'accidentEmergency'] as const) {
      expect(isFlagOn(second, flag)).toBe(false);
    }
    for (const plugin of ['layers', 'navigation', 'location-search', 'analytics']) expect(enablesPlugin(second, plugin)).toBe(true);
    expect(second.overlays).toContain('temperature');
  });

  it('start and home views follow SPEC §9', () => {
    expect(variants.get('second')!.startView.desktop.heightMeters).toBe(26042);
    expect(variants.get('second')!.startView.mobile.heightMeters).toBe(54902);
    expect(variants.get('full')!.startView.desktop.heightMeters).toBe(2817);
    expect(variants.get('minimal')!.startView.desktop.heightMeters).toBe(5000);
    expect(variants.get('full')!.homeView.heightMeters).toBe(90000);
    expect(variants.get('second')!.homeView.heightMeters).toBe(90000);
    expect(variants.get('minimal')!.homeView.heightMeters).toBe(12500);
    expect(variants.get('second')!.shareMapFolders).toEqual({ f2_group: '3d', f1t_group: 'f1t', f10_group: 'f10', bit00_group: 'bit00' });
  });

  it('identify (on at start, SPEC §4) and the 3D switch are in every variant; the inspector and UTM identify follow their flags', () => {
    for (const variant of variants.values()) {
      expect(enablesPlugin(variant, 'identify')).toBe(true);
      expect(enablesPlugin(variant, 'three-d')).toBe(true);
      expect(enablesPlugin(variant, 'inspector')).toBe(isFlagOn(variant, 'inspector'));
      expect(enablesPlugin(variant, 'utm-identify')).toBe(isFlagOn(variant, 'utmIdentify'));
    }
    expect(enablesPlugin(variants.get('dev')!, 'utm-identify')).toBe(true);
  });

  it('the dev variant carries the development features', () => {
    const dev = variants.get('dev')!;
    expect(dev.devOnly).toBe(true);
    for (const flag of ['utmIdentify', 'dynamicRailwayIdentify', 'shareWithUrl', 'fullShareOptions', 'uav'] as const) expect(isFlagOn(dev, flag)).toBe(true);
  });
});
