/**
 * Starts the plugin side of the app: one plugin host over the shared core store, with the app's services
 * (deferred map facade, http, i18n, notices, analytics from core), then the variant's plugins, each
 * imported lazily from plugins/<id>/index.ts. Never throws: failures become notices.
 */
import { createDeferredMapFacade, type DeferredMapFacade } from '../../core/map/deferredFacade';
import { createPluginHost, type PluginHost } from '../../core/plugin/host';
import { loadVariantPlugins, pluginCatalogueFromGlob, type LoadedPlugins, type VariantPlugins } from '../../core/plugin/loadVariantPlugins';
import { appStore } from '../../core/store';
import { createI18nService } from './i18nService';
import { noticeService } from './notices';

/** Every plugin folder, as lazy loaders: a plugin is fetched only when the variant enables it. */
const pluginModules = import.meta.glob('../../plugins/*/index.ts');

export interface PluginBootstrap {
  host: PluginHost;
  /** The map facade plugins hold; app/map attaches the real Cesium-backed facade when the map exists. */
  map: DeferredMapFacade;
  /** Resolves when every enabled plugin has been activated or reported. */
  loaded: Promise<LoadedPlugins>;
}

export function bootstrapPlugins(variant: VariantPlugins & { id?: string }): PluginBootstrap {
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
  const loaded = loadVariantPlugins(host, variant, pluginCatalogueFromGlob(pluginModules)).catch((error: unknown) => {
    console.error('loading the variant plugins failed', error);
    return { active: [], failed: variant.plugins.map((plugin) => plugin.id), dispose: () => {} };
  });
  return { host, map, loaded };
}
