/**
 * The plugin-facing {@link I18nService}: core's ICU formatter over the same loaded messages the React tree
 * uses, in the language the core store holds (the shell sets it to the language it shows, once that is loaded).
 */
import { createI18nService as createCoreI18nService } from '../../core/i18n';
import type { I18nService, Language } from '../../core/plugin/types';
import { messageTables } from '../i18n/messages';

/**
 * @param onLanguageChange subscribes to changes of the language `language()` answers (the core store's), so the
 *   service's `onChange` fires on a language switch as well as when a language's messages arrive.
 */
export function createI18nService(language: () => Language, onLanguageChange?: (listener: () => void) => () => void): I18nService {
  return createCoreI18nService({
    messages: messageTables.tables,
    language,
    subscribe: (listener) => {
      const stopMessages = messageTables.subscribe(listener);
      const stopLanguage = onLanguageChange?.(listener);
      return () => {
        stopMessages();
        stopLanguage?.();
      };
    },
  });
}
