/**
 * The layout every route renders inside: language (from `l`), header, main area, About dialog, notices and
 * the portrait notice. It paints without Cesium or any plugin.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createIntl, IntlProvider, useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { useAppConfig } from './config';
import { languageFromSearch, htmlLang } from './i18n/language';
import { messageTables } from './i18n/messages';
import { withChunkTimeout } from '../core/chunks/chunkLoading';
import { CHUNK_MESSAGES } from './chunks/ChunkFailure';
import { noticeService } from './plugins/notices';
import { Header } from './components/Header';
import { AboutDialogLoader } from './components/AboutDialogLoader';
import { NoticesArea } from './components/NoticesArea';
import { PortraitNotice } from './components/PortraitNotice';
import { useAddressShortening } from './routes/useAddressShortening';
import { appStore } from '../core/store';

function DocumentMeta() {
  const intl = useIntl();
  useEffect(() => {
    document.documentElement.lang = htmlLang(intl.locale as Parameters<typeof htmlLang>[0]);
    // SPEC §2: the title is the product name (English, or the localised name in Chinese).
    document.title = intl.formatMessage({ id: 'app.productName' });
  }, [intl]);
  return null;
}

export function AppShell() {
  const location = useLocation();
  const config = useAppConfig();
  const requested = languageFromSearch(location.search);
  const tables = useSyncExternalStore(messageTables.subscribe, messageTables.tables);
  // Until the table of a newly requested language has arrived, the page stays in the language it showed:
  // never a render of raw message ids.
  const shown = useRef(requested);
  const language = messageTables.isLoaded(requested) ? requested : shown.current;
  const messages = useMemo(() => ({ ...tables['en-US'], ...tables[language] }), [tables, language]);
  useAddressShortening(config.shortenUrls, config.basename);

  useEffect(() => {
    shown.current = language;
    if (appStore.getState().language !== language) appStore.getState().setLanguage(language);
  }, [language]);

  useEffect(() => {
    if (messageTables.isLoaded(requested)) return;
    // A language table that fails or times out (SPEC §7: 120 s) keeps the page in its language, and a notice in
    // that language says so with Retry, so the language choice never silently does nothing.
    const load = (): void => {
      withChunkTimeout(messageTables.load(requested)).catch((error: unknown) => {
        console.error(`staying in the current language: ${requested} is not available`, error);
        const shownLanguage = shown.current;
        // Formatted, not read as text: in the production bundle a message may be a precompiled ICU AST.
        const intl = createIntl({ locale: shownLanguage, messages: { ...CHUNK_MESSAGES[shownLanguage], ...messageTables.tables()[shownLanguage] } });
        const text = (id: string) => intl.formatMessage({ id });
        noticeService.show({
          id: 'language-table-failed',
          severity: 'error',
          message: text('chunk.language.failed'),
          actions: [{ label: text('chunk.retry'), run: load }],
        });
      });
    };
    load();
  }, [requested]);

  return (
    <IntlProvider locale={language} defaultLocale="en-US" messages={messages}>
      <DocumentMeta />
      <div className="app" data-language={language}>
        <SkipLink />
        <Header />
        <main id="main-content" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
        <AboutDialogLoader />
        <NoticesArea />
        <PortraitNotice />
      </div>
    </IntlProvider>
  );
}

function SkipLink() {
  const intl = useIntl();
  return (
    <a className="skip-link" href="#main-content">
      {intl.formatMessage({ id: 'app.skipToContent' })}
    </a>
  );
}
