/**
 * The `I18nService` plugins get: formats ICU messages of the current language with react-intl's
 * framework-free `createIntl` (no React rendering involved). A missing message falls back to en-US, then
 * to the id itself, and is logged once.
 *
 * Messages that arrive at run time (SPEC §7 `GET /mapviewer/api/domain/gm`: a feature's bundle per locale, merged
 * into that locale's translations) are added with `addMessages`: they lie over the loaded tables of their language
 * (so a remote en-US text replaces the shipped en-US one, and the page language's own texts still come before the
 * en-US fallback), in the order added, until their disposer takes them out. They reach every `format` of this
 * service; React components of the shell format with react-intl over the loaded tables only.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LANGUAGES, type I18nService, type Language, type RuntimeMessages } from '../plugin/types';
import { DEFAULT_LANGUAGE, flattenMessages, type MessagesByLanguage, type MessageTable } from './messages';

export interface I18nServiceOptions {
  messages: () => MessagesByLanguage;
  language: () => Language;
  /** Calls the listener when the messages or the language change (the service's `onChange`); none: never. */
  subscribe?: (listener: () => void) => () => void;
}

export function createI18nService(options: I18nServiceOptions): I18nService {
  const cache = createIntlCache();
  let current: { language: Language; table: MessagesByLanguage; revision: number; intl: IntlShape } | null = null;
  const warned = new Set<string>();
  /** Bundles added at run time, oldest first; `revision` counts every change to them. */
  const added: Array<Partial<Record<Language, MessageTable>>> = [];
  let revision = 0;
  const listeners = new Set<() => void>();

  const addedFor = (language: Language): MessageTable => Object.assign({}, ...added.map((bundle) => bundle[language] ?? {}));

  const intlFor = (): IntlShape => {
    const language = options.language();
    const table = options.messages();
    if (!current || current.language !== language || current.table !== table || current.revision !== revision) {
      const messages = { ...table[DEFAULT_LANGUAGE], ...addedFor(DEFAULT_LANGUAGE), ...table[language], ...addedFor(language) };
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
      current = { language, table, revision, intl };
    }
    return current.intl;
  };

  const changed = () => {
    revision += 1;
    for (const listener of [...listeners]) listener();
  };

  return {
    language: options.language,
    format: (id, values) => String(intlFor().formatMessage({ id }, values)),
    onChange: (listener) => {
      listeners.add(listener);
      const stop = options.subscribe?.(listener);
      return () => {
        listeners.delete(listener);
        stop?.();
      };
    },
    addMessages: (bundles: RuntimeMessages) => {
      const bundle: Partial<Record<Language, MessageTable>> = {};
      for (const language of LANGUAGES) {
        const messages = (bundles as Record<string, unknown>)[language];
        if (!messages || typeof messages !== 'object') continue;
        // Only texts: a number or a list in a remote bundle is no message.
        bundle[language] = Object.fromEntries(Object.entries(flattenMessages(messages)).filter(([, text]) => typeof text === 'string'));
      }
      added.push(bundle);
      changed();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        added.splice(added.indexOf(bundle), 1);
        changed();
      };
    },
  };
}
