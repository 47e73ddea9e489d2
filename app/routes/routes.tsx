/**
 * React Router objects for the route table of ./routeTable.ts. Pages are split into chunks; the map page
 * (and with it Cesium) loads only when /map is visited. A page chunk that fails to load or times out (SPEC §7,
 * 120 s) shows the chunk-failure message with Retry in the page area (app/chunks), never a blank page.
 *
 * The routes are rendered by `useRoutes` under a `BrowserRouter` (app/App.tsx), not by a data router
 * (`createBrowserRouter`): the portal uses no loaders, actions or fetchers, and the data router's code is 17 kB
 * gzip of the first paint (issue 13 point 6).
 */
import { Suspense, useMemo, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import type { AppConfig } from '../config';
import { AppShell } from '../AppShell';
import { ChunkBoundary } from '../chunks/ChunkBoundary';
import { retryableLazy as lazy } from '../chunks/retryableLazy';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { RouteRedirect } from './RouteRedirect';
import { API_DOC_PAGES, SWAGGER_ROUTE_NAME } from './routeTable';

const MapLayout = lazy(() => import('../pages/MapLayout'));
const MapPage = lazy(() => import('../map/MapPage'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoonPage'));
const CataloguePage = lazy(() => import('../pages/catalogue/CataloguePage'));
const MetadataPage = lazy(() => import('../pages/metadata/MetadataPage'));
const DownloadApiPage = lazy(() => import('../pages/api/DownloadApiPage'));
const ApiLandingPage = lazy(() => import('../pages/api/ApiLandingPage'));
const ApiGetStartedPage = lazy(() => import('../pages/api/ApiGetStartedPage'));
const ApiApplyKeyPage = lazy(() => import('../pages/api/ApiApplyKeyPage'));
const ApiDocPage = lazy(() => import('../pages/api/ApiDocPage'));
const SwaggerPage = lazy(() => import('../pages/api/explorer/SwaggerPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

function page(node: ReactNode): ReactNode {
  return (
    <ChunkBoundary>
      <Suspense fallback={<LoadingOverlay />}>{node}</Suspense>
    </ChunkBoundary>
  );
}

/** The route objects for a configuration (catalogue-only mode and the sdk rule change what exists). */
export function buildRoutes(config: Pick<AppConfig, 'catalogueOnly' | 'sdkAllowed'>): RouteObject[] {
  const children: RouteObject[] = [{ index: true, element: <RouteRedirect /> }];
  if (!config.catalogueOnly) {
    children.push(
      {
        path: 'map',
        element: page(<MapLayout />),
        children: [{ index: true, element: page(<MapPage />) }],
      },
      { path: 'download-api', element: page(<DownloadApiPage />) },
      { path: 'download/:metadataId', element: page(<MetadataPage />) },
      {
        path: 'api',
        children: [
          { index: true, element: page(<ApiLandingPage />) },
          { path: 'get-started', element: page(<ApiGetStartedPage />) },
          { path: 'apply-key', element: page(<ApiApplyKeyPage />) },
          ...API_DOC_PAGES.map((apiPage) => ({ path: apiPage, element: page(<ApiDocPage apiPage={apiPage} />) })),
          { path: 'f2', element: <RouteRedirect /> },
          { path: 'f1_0', element: <RouteRedirect /> },
          { id: SWAGGER_ROUTE_NAME, path: 'swaggerui', element: page(<SwaggerPage />) },
        ],
      },
    );
    if (config.sdkAllowed) children.push({ path: 'sdk', element: page(<ComingSoonPage />) });
  }
  children.push(
    { path: 'catalogue', element: page(<CataloguePage />) },
    { path: 'metadata/:metadataId', element: page(<MetadataPage />) },
    { path: '*', element: page(<NotFoundPage />) },
  );
  return [{ path: '/', element: <AppShell />, children }];
}

/** The app's routes for a configuration, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes({ config }: { config: Pick<AppConfig, 'catalogueOnly' | 'sdkAllowed'> }) {
  const { catalogueOnly, sdkAllowed } = config;
  const routes = useMemo(() => buildRoutes({ catalogueOnly, sdkAllowed }), [catalogueOnly, sdkAllowed]);
  return useRoutes(routes);
}
