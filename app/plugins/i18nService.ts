/**
 * The plugin-facing {@link I18nService}: core's ICU formatter over the same loaded messages the React tree
 * uses, in the language the core store holds (the shell sets it to the language it shows, once that is loaded).
 */
import { createI18nService as createCoreI18nService } from '../../core/i18n';
import type { I18nService, Language } from '../../core/plugin/types';
import { messageTables } from '../i18n/messages';

export function createI18nService(language: () => Language): I18nService {
  return createCoreI18nService({ messages: messageTables.tables, language });
}
