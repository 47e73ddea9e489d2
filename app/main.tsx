/**
 * Entry point. Paints the shell as soon as the messages of the address's language have arrived (one small
 * chunk per language); Cesium arrives only with the map page (dynamic import in app/map) and plugins load in
 * the background after the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
  root.dataset.variant = variantId;

  let plugins: PluginBootstrap | null = null;
  if (variant) {
    try {
      plugins = bootstrapPlugins(variant);
    } catch (error) {
      console.error('starting the plugin host failed', error);
    }
  }

  // The messages of the address's language arrive as their own chunk; the first render waits for them so no
  // raw message id is ever painted. Without them (the chunk failed) the shell still renders, showing ids.
  const language = languageFromSearch(window.location.search);
  void messageTables
    .load(language)
    .catch((error: unknown) => console.error(`loading the ${language} messages failed`, error))
    .finally(() => {
      createRoot(root).render(
        <StrictMode>
          <App config={config} plugins={plugins} />
        </StrictMode>,
      );
    });
}

start();
