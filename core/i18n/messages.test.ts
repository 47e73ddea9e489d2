import { describe, expect, it } from 'vitest';
import {
  findMissingKeys,
  findPlaceholderMismatches,
  loadMessages,
  mergeRemoteMessages,
  parseLanguage,
} from './messages';

describe('parseLanguage', () => {
  it.each([
    ['', 'en-US'],
    ['?l=zh-HK', 'zh-HK'],
    ['l=zh-CN&x=1', 'zh-CN'],
    ['?l=en-US', 'en-US'],
    ['?l=fr', 'en-US'],
    ['?l=zh-hk', 'en-US'],
    ['?lang=zh-HK', 'en-US'],
  ])('%s → %s', (search, expected) => {
    expect(parseLanguage(search)).toBe(expected);
  });

  it('accepts URLSearchParams and null', () => {
    expect(parseLanguage(new URLSearchParams({ l: 'zh-HK' }))).toBe('zh-HK');
    expect(parseLanguage(null)).toBe('en-US');
  });
});

describe('loadMessages', () => {
  it('merges namespaces per language, flattening nested bundles and unwrapping modules', () => {
    const messages = loadMessages({
      '../locales/en-US/navigation.json': { default: { 'navigation.tool.home': 'Home' } },
      '../locales/en-US/app.json': { $schema: 'x', app: { title: '3D map' } },
      '../locales/zh-HK/navigation.json': { 'navigation.tool.home': '主頁' },
      '../locales/fr/app.json': { 'app.title': 'Carte' },
      '../elsewhere/file.json': { ignored: 'yes' },
    });
    expect(messages['en-US']).toEqual({ 'navigation.tool.home': 'Home', 'app.title': '3D map' });
    expect(messages['zh-HK']).toEqual({ 'navigation.tool.home': '主頁' });
    expect(messages['zh-CN']).toEqual({});
  });

  it('merges the remote bundle keyed by locale over the bundled one', () => {
    const base = loadMessages({ 'locales/en-US/app.json': { 'careTeam.title': 'Care teams' } });
    const merged = mergeRemoteMessages(base, { 'en-US': { 'careTeam.title': 'Care Teams', 'careTeam.extra': 'x' }, xx: { a: 'b' } });
    expect(merged['en-US']).toEqual({ 'careTeam.title': 'Care Teams', 'careTeam.extra': 'x' });
    expect(base['en-US']['careTeam.title']).toBe('Care teams');
  });
});

describe('findMissingKeys', () => {
  it('lists every key missing or empty in some language', () => {
    expect(
      findMissingKeys({
        'en-US': { a: 'A', b: 'B' },
        'zh-HK': { a: '甲', b: '' },
        'zh-CN': { a: '甲', c: '丙' },
      }),
    ).toEqual([
      { language: 'en-US', key: 'c' },
      { language: 'zh-HK', key: 'b' },
      { language: 'zh-HK', key: 'c' },
      { language: 'zh-CN', key: 'b' },
    ]);
  });

  it('finds placeholder mismatches against en-US', () => {
    const tables = {
      'en-US': { n: 'Up to {num} grid(s) can be selected' },
      'zh-HK': { n: '最多可選擇{num}個網格' },
      'zh-CN': { n: '最多可选择{count}个网格' },
    };
    expect(findPlaceholderMismatches(tables)).toEqual([{ language: 'zh-CN', key: 'n', expected: ['num'], actual: ['count'] }]);
  });
});
