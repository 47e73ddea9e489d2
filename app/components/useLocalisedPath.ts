import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../config';
import { LANGUAGE_PARAM, languageFromSearch, searchWithLanguage } from '../i18n/language';
import { resolveRoute } from '../routes/routeTable';

/**
 * Builds in-app link targets that keep the current language (`l`), and tells whether a path exists in
 * this configuration (catalogue-only mode and the sdk rule remove routes).
 */
export function useLocalisedPath() {
  const location = useLocation();
  const config = useAppConfig();
  const language = languageFromSearch(location.search);
  const hasLanguage = new URLSearchParams(location.search).has(LANGUAGE_PARAM);

  const to = useCallback(
    (path: string) => {
      const [pathname, query = ''] = path.split('?');
      const search = hasLanguage || language !== 'en-US' ? searchWithLanguage(query, language, config.shortenUrls) : query ? `?${query}` : '';
      return { pathname, search };
    },
    [config.shortenUrls, hasLanguage, language],
  );

  const exists = useCallback(
    (path: string) => {
      const [pathname, query = ''] = path.split('?');
      const resolution = resolveRoute(pathname, query, config);
      return resolution.kind === 'redirect' || resolution.page !== 'not-found';
    },
    [config],
  );

  return { to, exists, language };
}
