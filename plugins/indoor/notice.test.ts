import { describe, expect, it } from 'vitest';
import { createI18nService, loadMessages } from '../../core/i18n';
import type { Language } from '../../core/plugin/types';
import { INDOOR_NOTICE_ID, showIndoorNotice } from './notice';

const ALL = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));

describe('the indoor notice', () => {
  it('waits for its message, says 3D indoor maps are not available yet in the page language, follows a switch, and goes on dispose', () => {
    let language: Language = 'en-US';
    let tables: Record<string, Record<string, string>> = { 'en-US': {}, 'zh-HK': {}, 'zh-CN': {} };
    const listeners = new Set<() => void>();
    const changed = () => listeners.forEach((listener) => listener());
    const i18n = createI18nService({
      messages: () => tables as never,
      language: () => language,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const shown: Array<{ id?: string; message: string; severity: string }> = [];
    let visible = 0;
    const notices = {
      show: (notice: { id?: string; message: string; severity: 'info' | 'warning' | 'error' }) => {
        shown.push(notice);
        visible += 1;
        return () => {
          visible -= 1;
        };
      },
    };
    const dispose = showIndoorNotice({ notices, i18n });
    // The messages have not arrived: no notice with a bare message id.
    expect(shown).toEqual([]);
    tables = { ...tables, 'en-US': ALL['en-US'] };
    changed();
    expect(shown).toEqual([{ id: INDOOR_NOTICE_ID, severity: 'info', message: '3D indoor maps are not available in this release yet. The map shows the MTR stations.' }]);
    changed(); // nothing new: not shown twice
    expect(shown).toHaveLength(1);
    language = 'zh-HK';
    tables = { ...tables, 'zh-HK': ALL['zh-HK'] };
    changed();
    expect(shown.at(-1)).toEqual({ id: INDOOR_NOTICE_ID, severity: 'info', message: '本版本尚未提供三維室內地圖。地圖現顯示港鐵站。' });
    dispose();
    expect(visible).toBe(1); // the zh-HK notice's disposer ran (the app's service replaces the en-US one by id)
    expect(listeners.size).toBe(0);
  });
});
