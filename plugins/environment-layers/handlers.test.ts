import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18nService, emptyTables, flattenMessages } from '../../core/i18n';
import { DISSOLVED_OXYGEN_THRESHOLD_MG_L, meetsDissolvedOxygenThreshold } from '../../core/contracts/staticLayers';
import { describeAqhiStation, describeWaterQualityStation, environmentHandlers, type Format } from './handlers';

const root = resolve(import.meta.dirname, '../..');

/** This plugin's real messages in `language`, formatted by core's i18n service as the app formats them. */
function formatterFor(language: 'en-US' | 'zh-HK' | 'zh-CN'): Format {
  const messages = emptyTables();
  messages[language] = flattenMessages(JSON.parse(readFileSync(resolve(root, `locales/${language}/environment-layers.json`), 'utf8')));
  return createI18nService({ messages: () => messages, language: () => language }).format;
}
const english = formatterFor('en-US');

describe('dissolved-oxygen verdict (SPEC §9: 4 mg/L)', () => {
  it.each([
    [0, 'Below 4 mg/L'],
    [3.99, 'Below 4 mg/L'],
    [4, 'Meets (4 mg/L or above)'],
    [4.01, 'Meets (4 mg/L or above)'],
    [9.6, 'Meets (4 mg/L or above)'],
  ])('%s mg/L reads "%s", as the contract decides', (reading, verdict) => {
    const rows = describeWaterQualityStation({ dissolvedOxygenMgL: reading, sample: false }, english);
    expect(rows).toEqual([{ label: `Dissolved oxygen against ${DISSOLVED_OXYGEN_THRESHOLD_MG_L} mg/L`, value: verdict }]);
    expect(verdict.startsWith('Meets')).toBe(meetsDissolvedOxygenThreshold(reading));
  });

  it('gives no verdict without a reading, and marks generated samples', () => {
    expect(describeWaterQualityStation({ dissolvedOxygenMgL: null, sample: true }, english)).toEqual([
      { label: 'Data', value: 'Generated sample, not a real reading' },
    ]);
  });

  it('is written in each language', () => {
    const [verdict] = describeWaterQualityStation({ dissolvedOxygenMgL: 2.5 }, formatterFor('zh-HK'));
    expect(verdict).toEqual({ label: '溶解氧與 4 毫克/升比較', value: '低於 4 毫克/升' });
    expect(describeWaterQualityStation({ dissolvedOxygenMgL: 6 }, formatterFor('zh-CN'))[0].value).toBe('达标（4 毫克/升或以上）');
  });
});

describe('AQHI station rows', () => {
  it('names the station type in words and marks samples', () => {
    expect(describeAqhiStation({ stationType: 'roadside', sample: true }, english)).toEqual([
      { label: 'Station type', value: 'Roadside station' },
      { label: 'Data', value: 'Generated sample, not a real reading' },
    ]);
    expect(describeAqhiStation({ stationType: 'general', sample: false }, formatterFor('zh-HK'))).toEqual([
      { label: '監測站類別', value: '一般監測站' },
    ]);
  });

  it('leaves out a station type the contract does not know', () => {
    expect(describeAqhiStation({ stationType: 'kerbside' }, english)).toEqual([]);
  });
});

describe('environmentHandlers', () => {
  it('registers the handler ids the manifests name', () => {
    const ids = environmentHandlers(english).map((handler) => handler.id);
    for (const file of ['aqhi', 'marine', 'river']) {
      const manifest = JSON.parse(readFileSync(resolve(root, `manifests/overlays/${file}.json`), 'utf8')) as { handler?: string };
      expect(ids, file).toContain(manifest.handler);
    }
  });
});
