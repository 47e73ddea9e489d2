/**
 * The land layers' manifests against what the data service draws: the zoning legend names and colours every OZP
 * zone exactly as the feed colours it and says what the shipped layer covers; the lot layer and the census layer
 * say what they are (sample lots; 2019 constituency areas, not census 2021) in three languages.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OZP_ZONES, hexToRgbText } from '../../core/contracts/zoning';
import { overlayManifestSchema, type OverlayManifest } from '../../core/manifests/schemas';
import { parseCssColour, parseRgb } from '../../core/overlay/colour';
import { LANGUAGES } from '../../core/plugin/types';
import { LAND_SALE_LOTS_HANDLER } from './index';
import { ZONING_PLANS_HANDLER } from './zoningColours';

const manifest = (id: string): OverlayManifest =>
  overlayManifestSchema.parse(JSON.parse(readFileSync(resolve(import.meta.dirname, `../../manifests/overlays/${id}.json`), 'utf8')));

describe('zoning plans layer', () => {
  const zoning = manifest('zoning-plans');

  it('colours each feature by its zone: this plugin\'s handler, else the zone colour the feed sends', () => {
    expect(zoning.handler).toBe(ZONING_PLANS_HANDLER);
    expect(zoning.display).toMatchObject({ kind: 'polygon', colourProperty: '_value_1' });
    expect(zoning.url).toBe('{apiBase}static/zoning?timestamp={timestamp}');
  });

  it('legend: every zone of the notation by name and code, in the colour the feed gives it, in three languages', () => {
    const items = zoning.legend!.items;
    expect(items.map((item) => parseCssColour(item.colour))).toEqual(OZP_ZONES.map((zone) => parseRgb(hexToRgbText(zone.colour))));
    for (const language of LANGUAGES) {
      items.forEach((item, index) => {
        expect(item.label[language]).toContain(OZP_ZONES[index].name[language]);
        expect(item.label[language]).toContain(OZP_ZONES[index].code);
      });
    }
  });

  it('says in the legend and the layer name that the shipped layer is the Kwun Tong buildings only', () => {
    const note = zoning.legend!.notes[0];
    expect(note['en-US']).toMatch(/Kwun Tong only.*491 LandsD iB1000 buildings/);
    expect(note['zh-HK']).toContain('只涵蓋觀塘');
    expect(note['zh-CN']).toContain('只涵盖观塘');
    expect(zoning.name['en-US']).toContain('Kwun Tong buildings');
    // The title too: the note comes after the 22 zones, which a small legend shows only by scrolling.
    expect(zoning.legend!.title['en-US']).toBe('Outline zoning plans (Kwun Tong buildings only)');
    expect(zoning.legend!.title['zh-HK']).toContain('只限觀塘建築物');
    expect(zoning.legend!.title['zh-CN']).toContain('只限观塘建筑物');
  });

  it('pops up the zone name, code, specified use, plan and building', () => {
    expect(zoning.popup!.titleProperty).toEqual({ 'en-US': 'key_EN', 'zh-HK': 'key_TC', 'zh-CN': 'key_SC' });
    expect(zoning.popup!.fields.map((field) => field.label['en-US'])).toEqual(['Zone', 'Zone code', 'Specified use', 'Outline Zoning Plan', 'Building']);
  });
});

describe('land sale lots layer', () => {
  const lots = manifest('land-sale-lots');

  it('is the sample lots with this plugin\'s popup, and says sample in its name, legend and credit', () => {
    expect(lots.url).toBe('{apiBase}lots?timestamp={timestamp}');
    expect(lots.handler).toBe(LAND_SALE_LOTS_HANDLER);
    // Title the lot number; the site area a field row (the handler gives the other SPEC §3 fields).
    expect(lots.popup?.titleProperty).toEqual({ 'en-US': 'lotNumber', 'zh-HK': 'lotNumber', 'zh-CN': 'lotNumber' });
    expect(lots.popup?.fields.map((field) => field.property)).toEqual(['siteAreaSquareMetres']);
    const sample = { 'en-US': /sample/i, 'zh-HK': /樣本/, 'zh-CN': /样本/ } as const;
    for (const language of LANGUAGES) {
      for (const text of [lots.name[language], lots.legend!.items[0].label[language], lots.credit![language]]) expect(text).toMatch(sample[language]);
    }
  });
});

describe('census layer (SPEC §1 default label display)', () => {
  const census = manifest('census-dcca-2019');

  it('labels each area by name in the page language as soon as it is shown', () => {
    expect(census.display?.labelTemplate).toEqual({ 'en-US': '{name_EN}', 'zh-HK': '{name_TC}', 'zh-CN': '{name_SC}' });
  });

  it('says it is the 2019 constituency areas standing in for census 2021 boundaries', () => {
    expect(census.name['en-US']).toContain('2019');
    expect(census.description!['en-US']).toMatch(/2019.*until census 2021 boundaries are available/);
    for (const language of LANGUAGES) expect(census.legend!.title[language]).toContain('2019');
  });
});
