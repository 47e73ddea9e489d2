/**
 * Starts the plugin side of the app: one plugin host over the shared core store, with the app's services
 * (deferred map facade, http, i18n, notices, analytics from core), then the variant's plugins, each
 * imported lazily from plugins/<id>/index.ts. Never throws: failures become notices.
 */
import { createDeferredMapFacade, type DeferredMapFacade } from '../../core/map/deferredFacade';
import { createPluginHost, type PluginHost } from '../../core/plugin/host';
import { loadVariantPlugins, pluginCatalogueFromGlob, type LoadedPlugins, type VariantPlugins } from '../../core/plugin/loadVariantPlugins';
import { registerManifestOverlays } from '../../core/overlay/registerManifestOverlays';
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
  const host = createPluginHost({
    services: {
      store: appStore,
      map,
      notices: noticeService,
      i18n: createI18nService(() => appStore.getState().language),
    },
  });
  // Registered before any plugin activates, so drawers and search see every layer the variant allows.
  registerManifestOverlays(host.registries.overlays, overlayManifestFiles, {
    notices: noticeService,
    allowed: variant.overlays,
    format: (id, values) => host.services.i18n.format(id, values),
  });
  const loaded = loadVariantPlugins(host, variant, pluginCatalogueFromGlob(pluginModules)).catch((error: unknown) => {
    console.error('loading the variant plugins failed', error);
    return { active: [], failed: variant.plugins.map((plugin) => plugin.id), dispose: () => {} };
  });
  return { host, map, loaded };
}
