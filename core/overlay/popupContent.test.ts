import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../manifests/schemas';
import { parsePopupDate, popupFieldRows, popupImageUrl, withTimestampParameter, type PopupValueFormat } from './popupContent';

const popup = overlayManifestSchema.parse({
  id: 'marine',
  mode: 'GEOJSON',
  name: { 'en-US': 'Marine', 'zh-HK': '海水', 'zh-CN': '海水' },
  url: '/x',
  popup: {
    fields: [
      { label: { 'en-US': 'Dissolved oxygen', 'zh-HK': '溶解氧', 'zh-CN': '溶解氧' }, property: 'DO', unit: ' mg/L', fractionDigits: 1 },
      {
        label: { 'en-US': 'Station', 'zh-HK': '監測站', 'zh-CN': '监测站' },
        property: { 'en-US': 'name_EN', 'zh-HK': 'name_TC', 'zh-CN': 'name_SC' },
      },
      { label: { 'en-US': 'Sampled', 'zh-HK': '採樣時間', 'zh-CN': '采样时间' }, property: 'sampled', format: 'date' },
      { label: { 'en-US': 'Code', 'zh-HK': '編號', 'zh-CN': '编号' }, property: 'code' },
    ],
    imageProperty: { 'en-US': 'url_EN', 'zh-HK': 'url_TC', 'zh-CN': 'url_SC' },
  },
}).popup;

const format: PopupValueFormat = {
  number: (value, digits) => value.toFixed(digits),
  date: (value) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Hong_Kong', dateStyle: 'short', timeStyle: 'short' }).format(value),
};

describe('popup field rows', () => {
  it('labels each row in the current language, reads per-language properties and adds the unit', () => {
    const properties = { DO: 5.26, name_EN: 'Tolo Harbour', name_TC: '吐露港', name_SC: '吐露港', code: 12345 };
    expect(popupFieldRows(popup, properties, 'en-US', format)).toEqual([
      { label: 'Dissolved oxygen', value: '5.3 mg/L' },
      { label: 'Station', value: 'Tolo Harbour' },
      { label: 'Code', value: '12345' },
    ]);
    expect(popupFieldRows(popup, properties, 'zh-HK', format).map((row) => row.label + '=' + row.value)).toEqual([
      '溶解氧=5.3 mg/L',
      '監測站=吐露港',
      '編號=12345',
    ]);
  });

  it('formats numeric text with the fraction digits and shows other text as it is, without the unit', () => {
    expect(popupFieldRows(popup, { DO: '4' }, 'en-US', format)).toEqual([{ label: 'Dissolved oxygen', value: '4.0 mg/L' }]);
    expect(popupFieldRows(popup, { DO: 'N/A' }, 'en-US', format)).toEqual([{ label: 'Dissolved oxygen', value: 'N/A' }]);
  });

  it('shows dates in Hong Kong time from ISO text or epoch milliseconds', () => {
    const iso = popupFieldRows(popup, { sampled: '2026-11-21T04:05:00Z' }, 'en-US', format);
    expect(iso).toEqual([{ label: 'Sampled', value: '21/11/2026, 12:05' }]);
    const epoch = popupFieldRows(popup, { sampled: Date.UTC(2026, 10, 21, 16, 30) }, 'en-US', format);
    expect(epoch).toEqual([{ label: 'Sampled', value: '22/11/2026, 00:30' }]);
    expect(parsePopupDate(String(Date.UTC(2026, 0, 1)))?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parsePopupDate('not a date')).toBeNull();
  });

  it('leaves out rows whose property is missing, null or blank', () => {
    expect(popupFieldRows(popup, { DO: null, name_EN: '  ', code: undefined }, 'en-US', format)).toEqual([]);
    expect(popupFieldRows(undefined, { DO: 5 }, 'en-US', format)).toEqual([]);
  });
});

describe('popup image', () => {
  it('takes the URL of the current language', () => {
    const properties = { url_EN: 'https://tdcctv.data.one.gov.hk/K107F.JPG', url_TC: 'https://example.hk/tc.jpg', url_SC: '' };
    expect(popupImageUrl(popup, properties, 'en-US')).toBe('https://tdcctv.data.one.gov.hk/K107F.JPG');
    expect(popupImageUrl(popup, properties, 'zh-HK')).toBe('https://example.hk/tc.jpg');
    expect(popupImageUrl(popup, properties, 'zh-CN')).toBeNull();
  });

  it('sets the timestamp parameter, replacing an old one and keeping the rest of the URL', () => {
    expect(withTimestampParameter('https://tdcctv.data.one.gov.hk/K107F.JPG', 5)).toBe('https://tdcctv.data.one.gov.hk/K107F.JPG?timestamp=5');
    expect(withTimestampParameter('/img?id=7', 5)).toBe('/img?id=7&timestamp=5');
    expect(withTimestampParameter('/img?timestamp=1&id=7#top', 9)).toBe('/img?timestamp=9&id=7#top');
    expect(withTimestampParameter('/img?id=7&timestamp=1', 9)).toBe('/img?id=7&timestamp=9');
  });
});
