import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../plugin/types';
import { createI18nService } from './i18nService';
import { loadMessages } from './messages';

describe('createI18nService', () => {
  it('formats ICU messages in the current language and falls back to en-US, then the id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = loadMessages({
      'locales/en-US/download.json': { 'download.limit': 'Up to {num} grid(s) can be selected', 'download.only': 'English only' },
      'locales/zh-HK/download.json': { 'download.limit': '最多可選擇{num}個網格' },
    });
    let language: Language = 'zh-HK';
    const i18n = createI18nService({ messages: () => messages, language: () => language });
    expect(i18n.format('download.limit', { num: 6 })).toBe('最多可選擇6個網格');
    expect(i18n.format('download.only')).toBe('English only');
    expect(i18n.format('download.unknown')).toBe('download.unknown');
    language = 'en-US';
    expect(i18n.language()).toBe('en-US');
    expect(i18n.format('download.limit', { num: 6 })).toBe('Up to 6 grid(s) can be selected');
    warn.mockRestore();
  });
});
