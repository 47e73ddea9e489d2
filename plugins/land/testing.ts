/** Test helper: formats this plugin's messages as the app does (react-intl, ICU), from locales/<lang>/land.json. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createIntl } from 'react-intl';
import type { I18nService, Language } from '../../core/plugin/types';

export function landMessages(language: Language): Pick<I18nService, 'format'> {
  const messages = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${language}/land.json`), 'utf8')) as Record<string, string>;
  const intl = createIntl({ locale: language, messages, onError: (error) => { throw error; } });
  return { format: (id, values) => intl.formatMessage({ id }, values) };
}
