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

describe('run-time messages (SPEC §7 GET /mapviewer/api/domain/gm)', () => {
  const shipped = loadMessages({
    'locales/en-US/care-team.json': { 'careTeam.drawer.title': 'Care teams', 'careTeam.telephone': 'Phone' },
    'locales/zh-HK/care-team.json': { 'careTeam.drawer.title': '關愛隊' },
  });

  it('lie over the loaded messages of their language until their disposer takes them out, telling onChange listeners', () => {
    let language: Language = 'en-US';
    const i18n = createI18nService({ messages: () => shipped, language: () => language });
    const changes = vi.fn();
    i18n.onChange!(changes);
    const remove = i18n.addMessages!({
      'en-US': { 'careTeam.telephone': 'Telephone', 'careTeam.count': '{count, plural, one {# care team} other {# care teams}}' },
      'zh-HK': { 'careTeam.telephone': '電話' },
      'xx-YY': { 'careTeam.telephone': 'ignored' },
    } as never);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(i18n.format('careTeam.telephone')).toBe('Telephone');
    expect(i18n.format('careTeam.count', { count: 3 })).toBe('3 care teams');
    language = 'zh-HK';
    expect(i18n.format('careTeam.telephone')).toBe('電話');
    // A remote en-US text is the fallback of a language the bundle lacks it in; the language's own shipped text comes first.
    expect(i18n.format('careTeam.count', { count: 2 })).toBe('2 care teams');
    expect(i18n.format('careTeam.drawer.title')).toBe('關愛隊');
    remove();
    remove();
    expect(changes).toHaveBeenCalledTimes(2);
    language = 'en-US';
    expect(i18n.format('careTeam.telephone')).toBe('Phone');
  });

  it('takes later bundles over earlier ones and ignores values that are not texts', () => {
    const i18n = createI18nService({ messages: () => shipped, language: () => 'en-US' });
    i18n.addMessages!({ 'en-US': { 'careTeam.telephone': 'Tel.' } });
    i18n.addMessages!({ 'en-US': { 'careTeam.telephone': 'Telephone number', 'careTeam.drawer.title': 42 } });
    expect(i18n.format('careTeam.telephone')).toBe('Telephone number');
    expect(i18n.format('careTeam.drawer.title')).toBe('Care teams');
  });
});
