/**
 * Starts the plugin host after the first render (issue 13 point 6): app/plugins/bootstrap.ts, the overlay manifests
 * it validates and the plugin catalogue are a chunk of their own that the first render does not wait for. Until
 * it has arrived the shell shows everything but plugin contributions (slots, drawers and tools fill in when it
 * does) and the map page shows its loading state; a chunk that fails or times out (SPEC §7: 120 s) is offered
 * again with Retry by the map page (the portal pages need no plugin). The plugins' messages (their namespaces,
 * app/i18n/messageParts.ts) load together with that chunk, before any plugin activates, and a failure of either
 * is offered again the same way.
 */
import { asChunkLoadError, loadChunk, withChunkTimeout, type ChunkFailureKind } from '../../core/chunks/chunkLoading';
import type { VariantManifest } from '../../core/variants';
import { messageTables } from '../i18n/messages';
import { PLUGIN_MESSAGES_PART } from '../i18n/messageParts';
import type { PluginBootstrap } from './bootstrap';

/** How far the plugin host's start has got; `started` with no bootstrap: the page has no plugins. */
export type PluginHostStart =
  | { status: 'starting' }
  | { status: 'started'; bootstrap: PluginBootstrap | null }
  | { status: 'chunkFailed'; kind: ChunkFailureKind; retry(): Promise<void> };

/**
 * Loads the plugin host chunk and starts the variant's plugins, reporting the outcome to `report` (the caller
 * has rendered `starting`; during a Retry the failure stays shown, its button saying "Retrying…"). Call once per
 * page: the host is started only when its chunk has arrived, so a Retry never starts it twice.
 */
export function startPluginHost(variant: VariantManifest | null, report: (start: PluginHostStart) => void): Promise<void> {
  if (!variant) {
    report({ status: 'started', bootstrap: null });
    return Promise.resolve();
  }
  const load = (retry: boolean): Promise<void> => {
    const pluginMessages = withChunkTimeout(messageTables.addPart(PLUGIN_MESSAGES_PART));
    return Promise.all([loadChunk(() => import('./bootstrap'), { retry }), pluginMessages]).then(
      ([{ bootstrapPlugins }]) => {
        let bootstrap: PluginBootstrap | null = null;
        try {
          bootstrap = bootstrapPlugins(variant);
        } catch (error) {
          console.error('starting the plugin host failed', error);
        }
        report({ status: 'started', bootstrap });
      },
      (error: unknown) => {
        console.error('loading the plugin host failed', error);
        report({ status: 'chunkFailed', kind: asChunkLoadError(error)?.kind ?? 'script', retry: () => load(true) });
      },
    );
  };
  return load(false);
}
