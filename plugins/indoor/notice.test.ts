import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/appStore';
import { loadMessages } from '../../core/i18n';
import type { Language } from '../../core/plugin/types';
import { INDOOR_NOTICE_ID, showIndoorNotice } from './notice';

const MESSAGES = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));

describe('the indoor notice', () => {
  it('says 3D indoor maps are not available yet, in the page language, again after a language switch, and goes on dispose', () => {
    const store = createAppStore();
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
    const i18n = { language: () => store.getState().language, format: (id: string) => MESSAGES[store.getState().language as Language][id] ?? id };
    const dispose = showIndoorNotice({ notices, i18n, store });
    expect(shown).toEqual([{ id: INDOOR_NOTICE_ID, severity: 'info', message: '3D indoor maps are not available in this release yet. The map shows the MTR stations.' }]);
    store.getState().setLanguage('zh-HK');
    expect(shown.at(-1)?.message).toBe('本版本尚未提供三維室內地圖。地圖現顯示港鐵站。');
    expect(shown.at(-1)?.id).toBe(INDOOR_NOTICE_ID);
    dispose();
    store.getState().setLanguage('zh-CN');
    expect(shown).toHaveLength(2);
    expect(visible).toBeLessThanOrEqual(1);
  });
});
