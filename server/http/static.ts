import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const APP_PATH = '/mapviewer/app/';

/**
 * Client addresses served index.html: the base path and the variant paths beside it (SPEC §2 address fragments,
 * e.g. /mapviewer/app-demo/, /mapviewer/app-mtr-indoor/), which app/routes `detectBasename` routes.
 */
const APP_ROUTE_PATH = /^\/mapviewer\/app[a-z0-9-]*\//i;

/** Paths that name a missing static file rather than a client route: these 404 instead of getting index.html. */
const ASSET_PATH = /^\/mapviewer\/app\/(assets|cesium)\/|\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|json|wasm|woff2?|ttf|glb|gltf|b3dm|pnts|terrain|xml|txt)$/i;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hong Kong 3D map: app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The app has not been built yet</h1>
<p>The data service is running, but there is no built web app in <code>dist/</code>.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds and then serves), then reload this page.</p>
</body></html>`;

/**
 * Serves the built app from `distDir` under /mapviewer/app/ with an SPA fallback: any /mapviewer/app/* path
 * that is not a file answers index.html, so client routes (e.g. /mapviewer/app/catalogue) survive a reload.
 * Hashed files under assets/ are cached for a year; index.html is revalidated every time.
 */
export async function staticRoutes(app: FastifyInstance, options: { distDir: string }): Promise<{ built: boolean; handleNotFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null }> {
  const { distDir } = options;
  const built = existsSync(join(distDir, 'index.html')) && statSync(join(distDir, 'index.html')).isFile();

  app.get('/', (_request, reply) => reply.redirect(APP_PATH, 302));
  app.get('/mapviewer/app', (_request, reply) => reply.redirect(APP_PATH, 301));
  app.get('/mapviewer', (_request, reply) => reply.redirect(APP_PATH, 302));
  app.get('/mapviewer/', (_request, reply) => reply.redirect(APP_PATH, 302));

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: APP_PATH,
      index: ['index.html'],
      wildcard: true,
      redirect: false,
      // Our own cache policy below: hashed assets forever, index.html never.
      cacheControl: false,
      setHeaders(res, path) {
        if (/[\\/]assets[\\/]/.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.get(`${APP_PATH}*`, (_request, reply) => reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE));
    app.get(APP_PATH, (_request, reply) => reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE));
  }

  /** The not-found step for app paths: index.html for client routes, null when the caller should 404. */
  const handleNotFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const path = request.url.split('?')[0];
    if (!built || !APP_ROUTE_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    if (ASSET_PATH.test(path)) return null;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  return { built, handleNotFound };
}
