/**
 * Entry point. Paints the shell as soon as the messages of the address's language (one small chunk per language)
 * and the validated variant (app/startup.ts: zod and the manifest schemas, a chunk of its own) have arrived; both
 * are asked for at once. The plugin host (app/plugins/pluginHostStart.ts) and then the plugins load after the
 * first render; Cesium arrives only with the map page (dynamic import in app/map).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { asChunkLoadError, loadChunk, withChunkTimeout } from '../core/chunks/chunkLoading';
import { ChunkFailure, CHUNK_MESSAGES } from './chunks/ChunkFailure';
import { App } from './App';
import { languageFromSearch } from './i18n/language';
import { messageTables } from './i18n/messages';
import { startPluginHost, type PluginHostStart } from './plugins/pluginHostStart';
import './styles/base.css';
import './styles/header.css';
import './styles/dialog.css';
import './styles/map.css';
import './styles/pages.css';

function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  // The first render waits for the language table, so no raw message id is ever painted, and for the variant,
  // so nothing of an unvalidated manifest is. When either chunk fails or times out (SPEC §7: 120 s), the page
  // shows the chunk-failure message (its texts are bundled with the entry) and Retry loads what failed again.
  const language = languageFromSearch(window.location.search);
  const reactRoot = createRoot(root);
  let attempt = 0;
  const load = (): Promise<void> => {
    const retry = attempt > 0;
    attempt += 1;
    return Promise.all([withChunkTimeout(messageTables.load(language)), loadChunk(() => import('./startup'), { retry })]).then(
      ([, startup]) => {
        const { config, variant } = startup.startVariant(window.location);
        const render = (plugins: PluginHostStart) =>
          reactRoot.render(
            <StrictMode>
              <App config={config} plugins={plugins} />
            </StrictMode>,
          );
        render({ status: 'starting' });
        void startPluginHost(variant, render);
      },
      (error: unknown) => {
        console.error(`loading the ${language} messages or the variant failed`, error);
        reactRoot.render(
          <IntlProvider locale={language} messages={CHUNK_MESSAGES[language]}>
            <main className="chunk-failure-page">
              <ChunkFailure kind={asChunkLoadError(error)?.kind ?? 'script'} onRetry={load} />
            </main>
          </IntlProvider>,
        );
      },
    );
  };
  void load();
}

start();
