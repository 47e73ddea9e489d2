/**
 * Entry point. Paints the shell as soon as the messages of the address's language have arrived (one small
 * chunk per language); Cesium arrives only with the map page (dynamic import in app/map) and plugins load in
 * the background after the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { asChunkLoadError, withChunkTimeout } from '../core/chunks/chunkLoading';
import { ChunkFailure, CHUNK_MESSAGES } from './chunks/ChunkFailure';
import { App } from './App';
import { deriveAppConfig } from './appConfig';
import { languageFromSearch } from './i18n/language';
import { messageTables } from './i18n/messages';
import { detectBasename } from './routes/routeTable';
import { resolveVariant } from './variant';
import type { VariantManifest } from '../core/variants';
import { bootstrapPlugins, type PluginBootstrap } from './plugins/bootstrap';
import './styles/base.css';
import './styles/header.css';
import './styles/dialog.css';
import './styles/map.css';
import './styles/pages.css';

function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  let variant: VariantManifest | null = null;
  let variantId = 'second';
  try {
    const resolved = resolveVariant(window.location);
    variant = resolved.manifest;
    variantId = resolved.selection.variant;
  } catch (error) {
    console.error('selecting the variant failed; starting without plugins', error);
  }
  const config = { ...deriveAppConfig(variant, window.location), variantId, basename: detectBasename(window.location.pathname) };
  // Support staff read the variant on <html data-variant> (the core issue's place for it).
  document.documentElement.dataset.variant = variantId;

  let plugins: PluginBootstrap | null = null;
  if (variant) {
    try {
      plugins = bootstrapPlugins(variant);
    } catch (error) {
      console.error('starting the plugin host failed', error);
    }
  }

  // The messages of the address's language arrive as their own chunk; the first render waits for them so no
  // raw message id is ever painted. When that chunk fails or times out (SPEC §7: 120 s), the page shows the
  // chunk-failure message (its texts are bundled with the entry) and Retry loads the messages again.
  const language = languageFromSearch(window.location.search);
  const reactRoot = createRoot(root);
  const load = (): Promise<void> =>
    withChunkTimeout(messageTables.load(language)).then(
      () =>
        reactRoot.render(
          <StrictMode>
            <App config={config} plugins={plugins} />
          </StrictMode>,
        ),
      (error: unknown) => {
        console.error(`loading the ${language} messages failed`, error);
        reactRoot.render(
          <IntlProvider locale={language} messages={CHUNK_MESSAGES[language]}>
            <main className="chunk-failure-page">
              <ChunkFailure kind={asChunkLoadError(error)?.kind ?? 'script'} onRetry={load} />
            </main>
          </IntlProvider>,
        );
      },
    );
  void load();
}

start();
