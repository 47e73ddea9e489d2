import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILDING_CATEGORIES } from '../../core/contracts/buildings';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import { LANGUAGES } from '../../core/plugin/types';
import { texturedColourConditions } from './appearance';
import { assumedHeightColour, CATEGORY_COLOURS, lighten, TEXTURELESS_BUILDING_COLOUR } from '../../core/contracts/buildingLook';

const root = resolve(import.meta.dirname, '../..');
const manifest = overlayManifestSchema.parse(JSON.parse(readFileSync(resolve(root, 'manifests/overlays/buildings.json'), 'utf8')));
const legend = manifest.legend!;

describe('buildings palette and legend', () => {
  it('the legend shows every category colour the tiles are painted with, in order, then the assumed-height tint', () => {
    const colours = legend.items.map((item) => item.colour);
    expect(colours).toEqual([...BUILDING_CATEGORIES.map((category) => CATEGORY_COLOURS[category]), assumedHeightColour('residential')]);
    expect(new Set(Object.values(CATEGORY_COLOURS)).size).toBe(BUILDING_CATEGORIES.length);
  });

  it('an assumed-height building is lighter than a measured one of its category', () => {
    const brightness = (hex: string) => [1, 3, 5].reduce((sum, start) => sum + parseInt(hex.slice(start, start + 2), 16), 0);
    for (const category of BUILDING_CATEGORIES) expect(brightness(assumedHeightColour(category))).toBeGreaterThan(brightness(CATEGORY_COLOURS[category]) + 60);
    expect(lighten('#000000', 0.5)).toBe('#808080');
  });

  it('the legend names the covered areas and says the styling is generated, in every language', () => {
    expect(legend.notes).toHaveLength(2);
    for (const language of LANGUAGES) expect(legend.notes[0][language]).toMatch(/Kwun Tong|觀塘|观塘/);
    expect(legend.notes[0]['en-US']).toContain('Kwun Tong, Wong Tai Sin, Kowloon Bay, Sha Tin/CUHK');
    expect(legend.notes[0]['zh-HK']).toContain('觀塘、黃大仙、九龍灣');
    expect(legend.title['en-US']).toContain('generated styling');
    expect(legend.notes[1]['en-US']).toContain('not photographs');
    expect(manifest.description?.['en-US']).toContain('Covered areas only');
  });

  it('the textureless colour of the manifest (used without the handler) is the handler’s plain colour', () => {
    expect(manifest.display?.texturelessColour).toBe(TEXTURELESS_BUILDING_COLOUR);
    expect(manifest.handler).toBe('city-buildings');
  });
});

describe('textured colour conditions', () => {
  it('test assumed heights before categories and end with a catch-all', () => {
    const conditions = texturedColourConditions();
    const assumedResidential = conditions.findIndex(([test]) => test.includes("'assumed'") && test.includes("'residential'"));
    const residential = conditions.findIndex(([test]) => test === "${category} === 'residential'");
    expect(assumedResidential).toBeGreaterThanOrEqual(0);
    expect(assumedResidential).toBeLessThan(residential);
    expect(conditions[residential][1]).toBe(`color('${CATEGORY_COLOURS.residential}')`);
    expect(conditions.at(-1)).toEqual(['true', `color('${CATEGORY_COLOURS.other}')`]);
  });
});
