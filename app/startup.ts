/**
 * What the first render needs from the manifests, in a chunk of its own: the variant the address selects,
 * validated with the manifest schemas (core/manifests, zod), the shell configuration derived from it, the
 * default terrain manifest's terrain, and the plugin host with the overlay manifests validated and registered. main.tsx loads this chunk in parallel with
 * the language table and renders only when both have arrived, so no unvalidated manifest ever reaches the
 * page, while zod, the schemas and the manifests themselves stay out of the entry (issue 13 point 6: the entry
 * and its static imports are what the browser must parse before it can even ask for these chunks).
 */
import { deriveAppConfig } from './appConfig';
import type { AppConfig } from './config';
import { bootstrapPlugins, type PluginBootstrap } from './plugins/bootstrap';
import { detectBasename } from './routes/routeTable';
import { resolveVariant } from './variant';
import { DEFAULT_TERRAIN } from '../core/map/terrains';
import { appStore } from '../core/store';
import type { VariantManifest } from '../core/variants';

export interface Startup {
  config: AppConfig;
  plugins: PluginBootstrap | null;
}

let started: Startup | null = null;

/**
 * Validates the variant and starts the plugin host, once per page: a later call (Retry after the language
 * table failed) gets the same result, so plugins are never started twice.
 */
export function startVariant(location: Pick<Location, 'hostname' | 'pathname'>): Startup {
  if (started) return started;
  let variant: VariantManifest | null = null;
  let variantId = 'second';
  try {
    const resolved = resolveVariant(location);
    variant = resolved.manifest;
    variantId = resolved.selection.variant;
  } catch (error) {
    console.error('selecting the variant failed; starting without plugins', error);
  }
  const config = { ...deriveAppConfig(variant, location), variantId, basename: detectBasename(location.pathname) };
  // Support staff read the variant on <html data-variant> (the core issue's place for it).
  document.documentElement.dataset.variant = variantId;

  // The store starts on the portal's terrain (it is part of the entry, which carries no manifest schemas); the
  // default terrain manifest's choice applies from here on, before any map or plugin reads it.
  appStore.getState().setTerrain(DEFAULT_TERRAIN);

  let plugins: PluginBootstrap | null = null;
  if (variant) {
    try {
      plugins = bootstrapPlugins(variant);
    } catch (error) {
      console.error('starting the plugin host failed', error);
    }
  }
  started = { config, plugins };
  return started;
}
