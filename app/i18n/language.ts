import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, isLanguage, parseLanguage } from '../../core/i18n';
import type { Language } from '../../core/plugin/types';

export { DEFAULT_LANGUAGE, LANGUAGE_PARAM, isLanguage };

/** Reads `l` from a query string; anything missing or unknown gives en-US. */
export function languageFromSearch(search: string): Language {
  return parseLanguage(search);
}

/**
 * The query string after switching to `language`. With shortened addresses en-US is the absence of `l`
 * (SPEC §2); otherwise `l` is always written so a copied link keeps the language.
 */
export function searchWithLanguage(search: string, language: Language, shorten: boolean): string {
  const params = new URLSearchParams(search);
  if (shorten && language === DEFAULT_LANGUAGE) params.delete(LANGUAGE_PARAM);
  else params.set(LANGUAGE_PARAM, language);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The BCP 47 tag put on `<html lang>`: zh-HK and zh-CN are already valid tags. */
export function htmlLang(language: Language): string {
  return language;
}
