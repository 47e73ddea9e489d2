import { describe, expect, it } from 'vitest';
import type { Language } from '../../core/plugin/types';
import { messageTables } from '../i18n/messages';
import { PLUGIN_MESSAGES_PART } from '../i18n/messageParts';
import { createI18nService } from './i18nService';

describe('the plugins\' I18nService', () => {
  it('calls onChange listeners when a language\'s messages arrive and when the language changes, until disposed', async () => {
    let language: Language = 'zh-CN';
    const languageListeners = new Set<() => void>();
    const service = createI18nService(
      () => language,
      (listener) => {
        languageListeners.add(listener);
        return () => languageListeners.delete(listener);
      },
    );
    let calls = 0;
    const stop = service.onChange!(() => (calls += 1));
    // The plugins' messages are a part added when the plugin host starts (app/plugins/pluginHostStart.ts).
    await messageTables.load('zh-CN');
    await messageTables.addPart(PLUGIN_MESSAGES_PART);
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(service.format('indoor.message.identifyWithin')).toBe('请在三维室内地图内进行识别');
    const afterLoad = calls;
    language = 'en-US';
    languageListeners.forEach((listener) => listener());
    expect(calls).toBe(afterLoad + 1);
    stop();
    expect(languageListeners.size).toBe(0);
    languageListeners.forEach((listener) => listener());
    expect(calls).toBe(afterLoad + 1);
  });
});
