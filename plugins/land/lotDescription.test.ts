import { describe, expect, it } from 'vitest';
import type { LandLotProperties } from '../../core/contracts/lots';
import { describeLot, describeLotFeature, formatTenderForecast } from './lotDescription';
import { landMessages } from './testing';

const lot: LandLotProperties = {
  lotNumber: 'STTL 612',
  use: { 'en-US': 'Residential', 'zh-HK': '住宅', 'zh-CN': '住宅' },
  location: { 'en-US': 'Shek Mun, Sha Tin', 'zh-HK': '沙田石門', 'zh-CN': '沙田石门' },
  siteAreaSquareMetres: 12345.6,
  tenderForecast: { financialYear: '2026-27', quarter: 2 },
  districtCode: 'R',
  sample: true,
};

describe('land sale lot fields (SPEC §3)', () => {
  it('gives the tender quarter its months: the financial year runs April to March', () => {
    const en = landMessages('en-US');
    expect(formatTenderForecast({ financialYear: '2026-27', quarter: 1 }, en, 'en-US')).toBe('Q1 of 2026-27 (Apr 2026 – Jun 2026)');
    expect(formatTenderForecast({ financialYear: '2026-27', quarter: 3 }, en, 'en-US')).toBe('Q3 of 2026-27 (Oct 2026 – Dec 2026)');
    // Q4 lies in the next calendar year.
    expect(formatTenderForecast({ financialYear: '2026-27', quarter: 4 }, en, 'en-US')).toBe('Q4 of 2026-27 (Jan 2027 – Mar 2027)');
    expect(formatTenderForecast({ financialYear: '2026-27', quarter: 4 }, landMessages('zh-HK'), 'zh-HK')).toBe('2026-27年度第4季（2027年1月至2027年3月）');
  });

  it('lists lot number, use, location, tender forecast and site area in the page language, and says the lot is sample', () => {
    expect(describeLot(lot, landMessages('en-US'), 'en-US').map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'Lot number', value: 'STTL 612' },
      { label: 'Use', value: 'Residential' },
      { label: 'Location', value: 'Shek Mun, Sha Tin' },
      { label: 'Tender forecast', value: 'Q2 of 2026-27 (Jul 2026 – Sep 2026)' },
      { label: 'Site area', value: '12,346 m²' },
      { label: 'Data', value: 'Sample: generated, not a real lot' },
    ]);
    const zhCn = describeLot(lot, landMessages('zh-CN'), 'zh-CN');
    expect(zhCn.map((row) => row.value)).toEqual(['STTL 612', '住宅', '沙田石门', '2026-27年度第2季（2026年7月至2026年9月）', '12,346 平方米', '样本：产生的资料，并非真实地段']);
  });

  it('popup: the rows the manifest does not show itself (title: lot number; field: site area)', () => {
    expect(describeLotFeature({ ...lot }, landMessages('en-US'), 'en-US').map((row) => row.label)).toEqual(['Use', 'Location', 'Tender forecast', 'Data']);
  });

  it('says a feature that is no lot record cannot be read instead of showing half its fields', () => {
    const en = landMessages('en-US');
    expect(describeLotFeature({ lotNumber: 'STTL 612' }, en, 'en-US')).toEqual([{ label: 'Data', value: "The lot's record could not be read." }]);
  });
});
