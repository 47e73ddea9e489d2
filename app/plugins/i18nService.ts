/**
 * The plugin-facing {@link I18nService}: formats from the same merged messages the React tree uses, in the
 * language the core store holds (the shell keeps it in step with `l`).
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { I18nService, Language } from '../../core/plugin/types';
import { MESSAGES } from '../i18n/messages';

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

function intlFor(language: Language): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: language, defaultLocale: 'en-US', messages: { ...MESSAGES['en-US'], ...MESSAGES[language] }, onError: () => {} },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

export function createI18nService(language: () => Language): I18nService {
  return {
    language,
    format: (id, values) => intlFor(language()).formatMessage({ id }, values),
  };
}
