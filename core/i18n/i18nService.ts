/**
 * The `I18nService` plugins get: formats ICU messages of the current language with react-intl's
 * framework-free `createIntl` (no React rendering involved). A missing message falls back to en-US, then
 * to the id itself, and is logged once.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { I18nService, Language } from '../plugin/types';
import { DEFAULT_LANGUAGE, type MessagesByLanguage } from './messages';

export interface I18nServiceOptions {
  messages: () => MessagesByLanguage;
  language: () => Language;
  /** Calls the listener when the messages or the language change (the service's `onChange`); none: never. */
  subscribe?: (listener: () => void) => () => void;
}

export function createI18nService(options: I18nServiceOptions): I18nService {
  const cache = createIntlCache();
  let current: { language: Language; table: MessagesByLanguage; intl: IntlShape } | null = null;
  const warned = new Set<string>();

  const intlFor = (): IntlShape => {
    const language = options.language();
    const table = options.messages();
    if (!current || current.language !== language || current.table !== table) {
      const messages = { ...table[DEFAULT_LANGUAGE], ...table[language] };
      const intl = createIntl(
        {
          locale: language,
          defaultLocale: DEFAULT_LANGUAGE,
          messages,
          onError: (error) => {
            const key = `${language}:${error.message}`;
            if (warned.has(key)) return;
            warned.add(key);
            console.warn(`i18n: ${error.message}`);
          },
        },
        cache,
      );
      current = { language, table, intl };
    }
    return current.intl;
  };

  const subscribe = options.subscribe;
  return {
    language: options.language,
    format: (id, values) => String(intlFor().formatMessage({ id }, values)),
    ...(subscribe ? { onChange: (listener: () => void) => subscribe(listener) } : {}),
  };
}
