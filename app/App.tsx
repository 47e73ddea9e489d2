/**
 * The app root: configuration, plugin host and the router (basename /mapviewer/app). The first render comes
 * before the plugin host has started (app/plugins/pluginHostStart.ts); main.tsx renders again with each step
 * of its start, and the router, built from the configuration only, stays the same.
 */
import { BrowserRouter } from 'react-router';
import { AppConfigContext, type AppConfig } from './config';
import { DeferredMapContext, PluginHostContext, PluginHostStartContext } from './plugins/PluginHostContext';
import type { PluginHostStart } from './plugins/pluginHostStart';
import { AppRoutes } from './routes/routes';

export interface AppProps {
  config: AppConfig;
  plugins: PluginHostStart;
}

export function App({ config, plugins }: AppProps) {
  const bootstrap = plugins.status === 'started' ? plugins.bootstrap : null;
  return (
    <AppConfigContext.Provider value={config}>
      <PluginHostStartContext.Provider value={plugins}>
        <PluginHostContext.Provider value={bootstrap?.host ?? null}>
          <DeferredMapContext.Provider value={bootstrap?.map ?? null}>
            <BrowserRouter basename={config.basename}>
              <AppRoutes config={config} />
            </BrowserRouter>
          </DeferredMapContext.Provider>
        </PluginHostContext.Provider>
      </PluginHostStartContext.Provider>
    </AppConfigContext.Provider>
  );
}
