/**
 * The app root: configuration, plugin host and the router (basename /mapviewer/app).
 */
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppConfigContext, type AppConfig } from './config';
import type { PluginBootstrap } from './plugins/bootstrap';
import { DeferredMapContext, PluginHostContext } from './plugins/PluginHostContext';
import { buildRoutes } from './routes/routes';

export interface AppProps {
  config: AppConfig;
  plugins: PluginBootstrap | null;
}

export function App({ config, plugins }: AppProps) {
  const router = useMemo(() => createBrowserRouter(buildRoutes(config), { basename: config.basename }), [config]);
  return (
    <AppConfigContext.Provider value={config}>
      <PluginHostContext.Provider value={plugins?.host ?? null}>
        <DeferredMapContext.Provider value={plugins?.map ?? null}>
          <RouterProvider router={router} />
        </DeferredMapContext.Provider>
      </PluginHostContext.Provider>
    </AppConfigContext.Provider>
  );
}
