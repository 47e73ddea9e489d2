import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE_PATH, type ErrorBody } from '../core/contracts';
import { MEMORY_DATABASE, openDatabase, type Db } from './db';
import { installErrorHandler } from './http/errors';
import { staticRoutes } from './http/static';
import { analyticsRoutes } from './routes/analytics';
import { healthRoutes } from './routes/health';
import { realtimeRoutes } from './routes/realtime';
import { searchRoutes } from './routes/search';
import { terrainRoutes } from './terrain/index';

/** The repository root (server/..). */
export const ROOT_DIR = resolve(import.meta.dirname, '..');

export interface BuildServerOptions {
  /** The real data folder; default <root>/data. */
  dataDir?: string;
  /** PGlite folder (persisted), or ':memory:' for tests; default <root>/var/db. */
  databasePath?: string;
  /** The built app; default <root>/dist. */
  distDir?: string;
  /** Cache folder for derived files (terrain tiles); default <root>/var/cache. */
  cacheDir?: string;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database opened at start-up; closed with the server. */
    db: Db;
  }
}

/**
 * Builds the data service: opens and migrates the database, seeds places, registers every route, and returns
 * a ready (not yet listening) Fastify instance. Closing it closes the database.
 */
export async function buildServer(options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir ?? join(ROOT_DIR, 'data'));
  const databasePath = options.databasePath === MEMORY_DATABASE ? MEMORY_DATABASE : resolve(options.databasePath ?? join(ROOT_DIR, 'var', 'db'));
  const distDir = resolve(options.distDir ?? join(ROOT_DIR, 'dist'));
  const cacheDir = resolve(options.cacheDir ?? join(ROOT_DIR, 'var', 'cache'));

  const app = Fastify({
    logger: options.logger ?? false,
    // The app's URLs are case-sensitive; bodies are small JSON (analytics sets its own smaller limit).
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    // The portal may sit behind one proxy or CDN; its address is never stored.
    trustProxy: false,
  });
  const db = await openDatabase({ databasePath, dataDir });
  app.decorate('db', db);
  app.decorate('registeredEndpoints', new Set<string>());
  app.addHook('onClose', async () => {
    await db.close();
  });

  installErrorHandler(app);

  await app.register(healthRoutes);
  await app.register(realtimeRoutes, { dataDir });
  await app.register(searchRoutes, { db });
  await app.register(analyticsRoutes, { db });
  // DEM terrain and relief tiles (server/terrain/, owned separately); tiles cached under var/cache/tiles.
  await app.register(terrainRoutes, { dataDir, cacheDir: join(cacheDir, 'tiles') });
  const { handleNotFound } = await staticRoutes(app, { distDir });

  app.setNotFoundHandler((request, reply) => {
    const spa = handleNotFound(request, reply);
    if (spa) return spa;
    const path = request.url.split('?')[0];
    const what = path.startsWith(`${API_BASE_PATH}/`) || path === API_BASE_PATH ? 'No API route' : 'Nothing';
    const body: ErrorBody = { error: 'Not Found', message: `${what} at ${request.method} ${path}` };
    return reply.status(404).send(body);
  });

  await app.ready();
  return app;
}
