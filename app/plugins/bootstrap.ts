/**
 * Starts the plugin side of the app: one plugin host over the shared core store, with the app's services
 * (deferred map facade, http, i18n, notices, analytics from core), then the variant's plugins, each
 * imported lazily from plugins/<id>/index.ts. Never throws: failures become notices. A plugin whose chunk failed
 * to load or timed out (SPEC §7: 120 s) gets a notice with Retry, which loads and activates it again.
 */
import { asChunkLoadError, loadChunk } from '../../core/chunks/chunkLoading';
import { createDeferredMapFacade, type DeferredMapFacade } from '../../core/map/deferredFacade';
import { DEFAULT_TERRAIN } from '../../core/map/terrains';
import { createPluginHost, type PluginHost } from '../../core/plugin/host';
import { loadVariantPlugins, pluginCatalogueFromGlob, type LoadedPlugins, type VariantPlugins } from '../../core/plugin/loadVariantPlugins';
import { registerManifestOverlays } from '../../core/overlay/registerManifestOverlays';
import { applyAddressState } from '../../core/plugin/urlState';
import { appStore } from '../../core/store';
import { createI18nService } from './i18nService';
import { noticeService } from './notices';

/** Every plugin folder, as lazy loaders: a plugin is fetched only when the variant enables it. */
const pluginModules = import.meta.glob('../../plugins/*/index.ts');
/** Overlay manifests are data: a new file in manifests/overlays is a new layer, with no code change. */
const overlayManifestFiles = import.meta.glob('../../manifests/overlays/*.json', { eager: true });

export interface PluginBootstrap {
  host: PluginHost;
  /** The map facade plugins hold; app/map attaches the real Cesium-backed facade when the map exists. */
  map: DeferredMapFacade;
  /** Resolves when every enabled plugin has been activated or reported. */
  loaded: Promise<LoadedPlugins>;
}

export function bootstrapPlugins(variant: VariantPlugins & { id?: string; overlays?: readonly string[] }): PluginBootstrap {
  const map = createDeferredMapFacade();
  if (variant.id) appStore.getState().setVariant(variant.id);
  // The store starts on the portal's terrain (the entry carries no manifest schemas); the default terrain
  // manifest's choice applies here, before any plugin reads it (the map itself starts on DEFAULT_TERRAIN).
  appStore.getState().setTerrain(DEFAULT_TERRAIN);
  const host = createPluginHost({
    services: {
      store: appStore,
      map,
      notices: noticeService,
      i18n: createI18nService(
        () => appStore.getState().language,
        (listener) => appStore.subscribe((state, previous) => state.language !== previous.language && listener()),
      ),
    },
  });
  // Registered before any plugin activates, so drawers and search see every layer the variant allows.
  registerManifestOverlays(host.registries.overlays, overlayManifestFiles, {
    notices: noticeService,
    allowed: variant.overlays,
    format: (id, values) => host.services.i18n.format(id, values),
  });
  // Plugins' address parameters (share links, look-at, a tour's stop …) apply as each plugin registers them.
  // (No location outside a browser: the unit tests that start the host.)
  applyAddressState(host.registries.urlState, globalThis.location?.search ?? '', (message, error) =>
    console.warn(`address: ${message}`, ...(error === undefined ? [] : [error])),
  );
  const catalogue = pluginCatalogueFromGlob(pluginModules);
  const load = (plugins: VariantPlugins['plugins'], retry: boolean): Promise<LoadedPlugins> => {
    const chunkFailed = new Set<string>();
    const timed: typeof catalogue = {};
    for (const entry of plugins) {
      const loader = Object.prototype.hasOwnProperty.call(catalogue, entry.id) ? catalogue[entry.id] : undefined;
      if (!loader) continue;
      timed[entry.id] = () =>
        loadChunk(loader, { retry }).catch((error: unknown) => {
          if (asChunkLoadError(error)) chunkFailed.add(entry.id);
          throw error;
        });
    }
    return loadVariantPlugins(host, { ...variant, plugins }, timed)
      .then((outcome) => {
        for (const id of chunkFailed) offerRetry(plugins.filter((entry) => entry.id === id));
        return outcome;
      })
      .catch((error: unknown) => {
        console.error('loading the variant plugins failed', error);
        return { active: [], failed: plugins.map((plugin) => plugin.id), dispose: () => {} };
      });
  };
  /** Replaces the host's "could not start" notice of a plugin whose chunk failed with one that offers Retry. */
  const offerRetry = (entries: VariantPlugins['plugins']) => {
    const id = entries[0]?.id;
    if (!id) return;
    const format = (key: string, values?: Record<string, string | number>) => host.services.i18n.format(key, values);
    noticeService.show({
      id: `plugin-failed:${id}`,
      severity: 'error',
      message: format('chunk.plugin.failed', { plugin: id }),
      actions: [{ label: format('chunk.retry'), run: () => void load(entries, true) }],
    });
  };
  const loaded = load(variant.plugins, false);
  return { host, map, loaded };
}
