/**
 * What the first render needs from the manifests, in a chunk of its own: the variant the address selects,
 * validated with its schema alone (core/manifests/variantSchema.ts, zod/mini), and the shell configuration
 * derived from it. main.tsx loads this chunk in parallel with the language table and renders only when both have
 * arrived, so no unvalidated manifest ever reaches the page, while the schema and the variants themselves stay
 * out of the entry (issue 13 point 6: the entry and its static imports are what the browser must parse before it
 * can even ask for these chunks). The plugin host starts after the first render
 * (app/plugins/pluginHostStart.ts) with the validated variant given here.
 */
import { deriveAppConfig } from './appConfig';
import type { AppConfig } from './config';
import { detectBasename } from './routes/routeTable';
import { resolveVariant } from './variant';
import type { VariantManifest } from '../core/variants';

export interface Startup {
  config: AppConfig;
  /** The validated variant the plugin host starts with; null when selecting it failed (no plugins then). */
  variant: VariantManifest | null;
}

let started: Startup | null = null;

/**
 * Validates the variant, once per page: a later call (Retry after the language table failed) gets the same
 * result.
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

  started = { config, variant };
  return started;
}
