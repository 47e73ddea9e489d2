import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../plugin/types';
import { baseMapCredit, DEFAULT_BASE_MAP } from './baseMaps';
import type { OverlayManifestInput } from '../manifests/schemas';
import { createStaticCreditLine, MapCredits, type StaticCreditDisplay } from './creditLine';

/** A CreditDisplay that records its static credits, like Cesium's. */
function fakeCreditDisplay() {
  const credits: Array<{ html: string }> = [];
  const display: StaticCreditDisplay<{ html: string }> = {
    addStaticCredit: (credit) => void (credits.includes(credit) || credits.push(credit)),
    removeStaticCredit: (credit) => void (credits.includes(credit) && credits.splice(credits.indexOf(credit), 1)),
  };
  return { display, shown: () => credits.map((credit) => credit.html) };
}

describe('credit line', () => {
  it('the default base map credits its sources in every language, read from its manifest', () => {
    expect(DEFAULT_BASE_MAP?.style).toBe('default');
    for (const language of LANGUAGES) expect(baseMapCredit(DEFAULT_BASE_MAP!, language)).toBeTruthy();
    expect(baseMapCredit(DEFAULT_BASE_MAP!, 'en-US')).toContain('© OpenStreetMap contributors');
    expect(baseMapCredit(DEFAULT_BASE_MAP!, 'zh-HK')).toContain('運輸署');
    expect(baseMapCredit(DEFAULT_BASE_MAP!, 'zh-CN')).toContain('运输署');
    // A language the manifest lacks reads English; a base map without credit credits nobody.
    expect(baseMapCredit(DEFAULT_BASE_MAP!, 'fr')).toBe(baseMapCredit(DEFAULT_BASE_MAP!, 'en-US'));
    expect(baseMapCredit({}, 'zh-HK')).toBeUndefined();
  });

  it('shows the texts as static credits in order, rebuilding none whose text stays, none without text', () => {
    const { display, shown } = fakeCreditDisplay();
    const made: string[] = [];
    const line = createStaticCreditLine(display, (html) => (made.push(html), { html }));
    line.show(['Orthophoto: Lands Department']);
    expect(shown()).toEqual(['Orthophoto: Lands Department']);
    line.show(['Orthophoto: Lands Department', 'Wind: Hong Kong Observatory', '', 'Wind: Hong Kong Observatory']);
    expect(shown()).toEqual(['Orthophoto: Lands Department', 'Wind: Hong Kong Observatory']);
    line.show(['Wind: Hong Kong Observatory', 'Orthophoto: Lands Department']);
    expect(shown()).toEqual(['Wind: Hong Kong Observatory', 'Orthophoto: Lands Department']);
    expect(made).toEqual(['Orthophoto: Lands Department', 'Wind: Hong Kong Observatory']);
    expect(line.texts()).toEqual(['Wind: Hong Kong Observatory', 'Orthophoto: Lands Department']);
    line.show([]);
    expect(shown()).toEqual([]);
    expect(line.texts()).toEqual([]);
  });
});

describe('map credits: the base map first, then each shown layer, in the page language', () => {
  const relief = { 'en-US': 'Relief: LandsD DTM', 'zh-HK': '地勢：地政總署', 'zh-CN': '地势：地政总署' };
  const wind = { 'en-US': 'Wind: Hong Kong Observatory', 'zh-HK': '風：香港天文台', 'zh-CN': '风：香港天文台' };
  const lots = { 'en-US': 'Lot boundaries: sample data', 'zh-HK': '地段界線：樣本數據', 'zh-CN': '地段界线：样本数据' };

  it("lists the map's own credits first, then the layers' newest first; a withdrawn one leaves and comes back first", () => {
    const credits = new MapCredits();
    expect(credits.set('wind', wind)).toBe(true);
    expect(credits.set('base-map', relief, 0)).toBe(true);
    expect(credits.set('lotgla', lots)).toBe(true);
    expect(credits.texts('en-US')).toEqual([relief['en-US'], lots['en-US'], wind['en-US']]);
    expect(credits.texts('zh-HK')).toEqual(['地勢：地政總署', '地段界線：樣本數據', '風：香港天文台']);
    expect(credits.texts('zh-CN')).toEqual(['地势：地政总署', '地段界线：样本数据', '风：香港天文台']);
    // The same credit again changes nothing; withdrawing twice changes nothing the second time.
    expect(credits.set('wind', wind)).toBe(false);
    expect(credits.set('wind', undefined)).toBe(true);
    expect(credits.set('wind', undefined)).toBe(false);
    expect(credits.texts('en-US')).toEqual([relief['en-US'], lots['en-US']]);
    credits.set('wind', wind);
    expect(credits.texts('en-US')).toEqual([relief['en-US'], wind['en-US'], lots['en-US']]);
    // A language without its own text reads English.
    expect(credits.texts('fr')).toEqual([relief['en-US'], wind['en-US'], lots['en-US']]);
  });

  it('a text from the app\'s messages (the terrain\'s) is shown as given, and replaced when declared again', () => {
    const credits = new MapCredits();
    credits.set('base-map', relief, 0);
    credits.set('wind', wind);
    expect(credits.set('terrain', 'Terrain: LandsD DTM, SRTM', 2)).toBe(true);
    expect(credits.texts('en-US')).toEqual([relief['en-US'], wind['en-US'], 'Terrain: LandsD DTM, SRTM']);
    expect(credits.set('terrain', '地形：地政總署數碼地形模型、SRTM', 2)).toBe(true);
    expect(credits.texts('zh-HK')).toEqual(['地勢：地政總署', '風：香港天文台', '地形：地政總署數碼地形模型、SRTM']);
  });

  it('every shipped overlay credits its data sources in three languages, and a sample layer says so', () => {
    const overlays = Object.values(import.meta.glob<OverlayManifestInput>('../../manifests/overlays/*.json', { eager: true, import: 'default' }));
    const records = import.meta.glob<{ id: string; sample: boolean }>('../../manifests/catalogue/*.json', { eager: true, import: 'default' });
    const sampleRecords = new Set(Object.values(records).filter((record) => record.sample).map((record) => record.id));
    expect(overlays.length).toBeGreaterThan(10);
    for (const overlay of overlays) {
      expect(overlay.credit, overlay.id).toBeDefined();
      for (const language of LANGUAGES) expect(overlay.credit![language], `${overlay.id} ${language}`).toMatch(/\S/);
      // The catalogue record says whether the layer shows generated stand-ins; the credit must say so too.
      if (overlay.metadataId && sampleRecords.has(overlay.metadataId)) {
        expect(overlay.credit!['en-US'], overlay.id).toMatch(/\bsample\b/i);
        expect(overlay.credit!['zh-HK'], overlay.id).toContain('樣本');
        expect(overlay.credit!['zh-CN'], overlay.id).toContain('样本');
      }
    }
  });
});
