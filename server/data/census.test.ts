import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { cleanRing, loadDcca2019 } from './census';
import { readDataJson } from './files';

const dataDir = join(ROOT_DIR, 'data');

describe('census constituency names', () => {
  const features = loadDcca2019(dataDir).features;
  const byCode = new Map(features.map((feature) => [feature.id, feature.properties]));

  it('writes every Simplified name without a Traditional-only character of our map', () => {
    const script = readDataJson<{ toSimplified: Record<string, string> }>(dataDir, 'names/chinese_script_characters.json');
    const traditionalOnly = new RegExp(`[${Object.keys(script.toSimplified).join('')}]`);
    const unconverted = features.filter((feature) => traditionalOnly.test(feature.properties.name_SC)).map((feature) => feature.id);
    expect(unconverted).toEqual([]);
  });

  it('converts the constituency names character by character, keeping Hong Kong place-name characters', () => {
    const simplifiedOf = (traditional: string) => [...byCode.values()].find((properties) => properties.name_TC === traditional)?.name_SC;
    expect(['鰂魚涌', '寶達', '愉景灣', '坪洲及喜靈洲', '藍田', '興東'].map(simplifiedOf)).toEqual(['鲗鱼涌', '宝达', '愉景湾', '坪洲及喜灵洲', '蓝田', '兴东']);
    const hongKongCharacters = /[邨涌埗脷磡]/g;
    const kept = [...byCode.values()].filter((properties) => hongKongCharacters.test(properties.name_TC));
    expect(kept.length).toBeGreaterThan(0);
    for (const properties of kept) expect(properties.name_SC.match(hongKongCharacters)).toEqual(properties.name_TC.match(hongKongCharacters));
  });

  it('names each area in English by its code and district, as the source has no English name', () => {
    expect(byCode.get('R01')).toMatchObject({ name_EN: 'R01 Sha Tin', district: 'R' });
    expect(features.every((feature) => feature.properties.name_EN.startsWith(`${feature.id} ${feature.properties.district_EN}`))).toBe(true);
  });
});

describe('constituency outlines', () => {
  it('drop repeated points and A-B-A spikes and stay closed', () => {
    expect(
      cleanRing([
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [2, 1],
        [1, 1],
        [0, 1],
        [0, 0],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });

  it('leave no repeated point or spike in any of the 452 areas', () => {
    for (const feature of loadDcca2019(dataDir).features) {
      const ring = feature.geometry.coordinates[0];
      expect(ring[0], feature.id).toEqual(ring[ring.length - 1]);
      expect(ring.length, feature.id).toBeGreaterThanOrEqual(4);
      for (let index = 1; index < ring.length; index += 1) {
        expect(ring[index], feature.id).not.toEqual(ring[index - 1]);
        if (index >= 2) expect(ring[index], feature.id).not.toEqual(ring[index - 2]);
      }
    }
  });
});
