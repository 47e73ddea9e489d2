import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES, type Language } from '../../core/plugin/types';
import { useAppConfig } from '../config';
import { isLanguage, languageFromSearch, searchWithLanguage } from '../i18n/language';

/** Native names, shown the same in every language so a reader can always find their own. */
const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-HK': '繁體中文',
  'zh-CN': '简体中文',
};

/** A labelled <select> that switches `l` by navigation (no reload). */
export function LanguageSwitcher() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const id = useId();
  const current = languageFromSearch(location.search);

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage({ id: 'app.header.language' })}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          navigate({ pathname: location.pathname, search: searchWithLanguage(location.search, next, config.shortenUrls), hash: location.hash });
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
