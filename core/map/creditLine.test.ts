import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../plugin/types';
import { baseMapCredit, DEFAULT_BASE_MAP } from './baseMaps';
import { createStaticCreditLine, type StaticCreditDisplay } from './creditLine';

/** A CreditDisplay that records its static credits, like Cesium's. */
function fakeCreditDisplay() {
  const credits: Array<{ html: string }> = [];
  const display: StaticCreditDisplay<{ html: string }> = {
    addStaticCredit: (credit) => void (credits.includes(credit) || credits.push(credit)),
    removeStaticCredit: (credit) => void (credits.includes(credit) && credits.splice(credits.indexOf(credit), 1)),
  };
  return { display, shown: () => credits.map((credit) => credit.html) };
}

describe('base map credit line', () => {
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

  it('follows the language: one static credit, swapped, none without text', () => {
    const credit = { 'en-US': 'Orthophoto: Lands Department', 'zh-HK': '正射影像：地政總署', 'zh-CN': '正射影像：地政总署' };
    const { display, shown } = fakeCreditDisplay();
    let made = 0;
    const line = createStaticCreditLine(display, (html) => ((made += 1), { html }));
    line.show(baseMapCredit({ credit }, 'en-US'));
    expect(shown()).toEqual(['Orthophoto: Lands Department']);
    line.show(baseMapCredit({ credit }, 'zh-HK'));
    expect(shown()).toEqual(['正射影像：地政總署']);
    line.show(baseMapCredit({ credit }, 'zh-CN'));
    line.show(baseMapCredit({ credit }, 'zh-CN'));
    expect(shown()).toEqual(['正射影像：地政总署']);
    expect(made).toBe(3);
    expect(line.text()).toBe('正射影像：地政总署');
    line.show(undefined);
    expect(shown()).toEqual([]);
    expect(line.text()).toBeUndefined();
  });
});
