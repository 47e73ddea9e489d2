import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildServerOptions } from '../app';
import { MEMORY_DATABASE } from '../db';
import { createTestDatabase, testDatabaseUrl } from './postgres';

/**
 * The one way server tests build a server, so the suite switches database backends in one place: an in-memory
 * PGlite by default; with TEST_DATABASE_URL set (vite.config.ts sets it for the PostgreSQL pass), a fresh
 * database `hk3d_test_<random>` on that server, dropped when the server closes.
 */
export async function buildTestServer(options: Omit<BuildServerOptions, 'databasePath' | 'databaseUrl'> = {}): Promise<FastifyInstance> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) return buildServer({ ...options, databasePath: MEMORY_DATABASE });

  const database = await createTestDatabase(adminUrl);
  let app: FastifyInstance;
  try {
    app = await buildServer({ ...options, databaseUrl: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  }
  // The database can be dropped only after the server's pool has let go of it, and Fastify takes no new
  // onClose hook once the server is ready: so closing this server is followed by the drop.
  const closeServer = app.close.bind(app) as () => Promise<undefined>;
  let closed: Promise<undefined> | undefined;
  const closeAndDrop = () => (closed ??= closeServer().finally(() => database.drop()));
  app.close = closeAndDrop as FastifyInstance['close'];
  return app;
}
