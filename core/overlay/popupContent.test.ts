import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../manifests/schemas';
import { readFileSync } from 'node:fs';
import {
  opensPopup,
  parsePopupDate,
  popupFieldRows,
  popupHasAccent,
  popupImageUrl,
  popupReadingTemplate,
  safeLinkUrl,
  withTimestampParameter,
  type PopupValueFormat,
} from './popupContent';

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

describe('place-name popups (annotation manifests)', () => {
  const manifestFile = (id: string) => overlayManifestSchema.parse(JSON.parse(readFileSync(new URL(`../../manifests/overlays/${id}.json`, import.meta.url), 'utf8')));
  const landmarks = manifestFile('annotation-landmarks');
  const monument = {
    key: 'monument:54',
    kind: 'monument',
    name_EN: 'Former Central Magistracy',
    name_TC: '前中央裁判司署',
    name_SC: '前中央裁判司署',
    district_EN: 'Central and Western',
    district_TC: '中西區',
    district_SC: '中西区',
    address_EN: '1 Arbuthnot Road, Central',
    address_TC: '中環亞畢諾道一號',
    address_SC: '中环亚毕诺道一号',
    link_EN: 'https://www.amo.gov.hk/en/monuments_54.php',
    link_TC: 'https://www.amo.gov.hk/b5/monuments_54.php',
    link_SC: 'https://www.amo.gov.hk/b5/monuments_54.php',
  };

  it('a monument shows its kind, district, address and AMO link in the current language, and no reading or colour bar', () => {
    expect(popupFieldRows(landmarks.popup, monument, 'en-US', format)).toEqual([
      { label: 'Type', value: 'Declared monument' },
      { label: 'District', value: 'Central and Western' },
      { label: 'Address', value: '1 Arbuthnot Road, Central' },
      { label: 'More information', value: 'Antiquities and Monuments Office page', href: 'https://www.amo.gov.hk/en/monuments_54.php' },
    ]);
    expect(popupFieldRows(landmarks.popup, monument, 'zh-HK', format).map((row) => `${row.label}=${row.value}`)).toEqual([
      '類別=法定古蹟',
      '地區=中西區',
      '地址=中環亞畢諾道一號',
      '更多資料=古物古蹟辦事處網頁',
    ]);
    expect(popupReadingTemplate(landmarks)).toBeUndefined();
    expect(popupHasAccent(landmarks)).toBe(false);
    expect(opensPopup(landmarks)).toBe(true);
    expect(landmarks.popup?.titleProperty?.['zh-HK']).toBe('name_TC');
  });

  it('a peak has no address or link rows; the raw kind never shows for a known kind', () => {
    const peak = { key: 'peak:1-2', kind: 'peak', name_EN: 'Lion Rock', district_EN: 'Wong Tai Sin' };
    expect(popupFieldRows(landmarks.popup, peak, 'en-US', format)).toEqual([
      { label: 'Type', value: 'Peak' },
      { label: 'District', value: 'Wong Tai Sin' },
    ]);
  });

  it('every place-name overlay opens a popup; a label overlay without a popup block opens none', () => {
    for (const id of ['annotation-districts', 'annotation-stations', 'annotation-landmarks']) expect(opensPopup(manifestFile(id)), id).toBe(true);
    const bare = overlayManifestSchema.parse({ id: 'names', mode: 'GEOJSON', name: landmarks.name, url: '/x', display: { kind: 'label', labelTemplate: '{n}' } });
    expect(opensPopup(bare)).toBe(false);
    // Readings keep their popup, their "Reading" row (without fields) and their colour bar.
    const readings = overlayManifestSchema.parse({ id: 't', mode: 'GEOJSON', name: landmarks.name, url: '/x', display: { kind: 'point', labelTemplate: '{v}°C', colourProperty: '_value_1' } });
    expect(opensPopup(readings)).toBe(true);
    expect(popupReadingTemplate(readings)).toBe('{v}°C');
    expect(popupHasAccent(readings)).toBe(true);
  });

  it('a link row links only to an http(s) URL', () => {
    expect(safeLinkUrl('https://www.amo.gov.hk/en/monuments_54.php')).toBe('https://www.amo.gov.hk/en/monuments_54.php');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('/relative')).toBeNull();
    expect(popupFieldRows(landmarks.popup, { ...monument, link_EN: 'javascript:alert(1)' }, 'en-US', format).map((row) => row.label)).toEqual(['Type', 'District', 'Address']);
  });
});
