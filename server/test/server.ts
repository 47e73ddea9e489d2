import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer, type BuildServerOptions } from '../app';
import { MEMORY_DATABASE } from '../db';
import { createTestDatabase, testDatabaseUrl } from './postgres';

/** What a test may choose: everything but the database, which the suite's backend decides. */
export type TestServerOptions = Omit<BuildServerOptions, 'databasePath' | 'databaseUrl'>;

/**
 * The one way server tests build a server, so the suite switches database backends in one place: an in-memory
 * PGlite by default; with TEST_DATABASE_URL set (vite.config.ts sets it for the PostgreSQL pass), a fresh
 * database `hk3d_test_<random>` on that server, dropped when the server closes.
 */
export async function buildTestServer(options: TestServerOptions = {}): Promise<FastifyInstance> {
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

/** Building a server opens the database, seeds it and loads every data file and the DEM: seconds on a busy machine. */
const BUILD_TIMEOUT_MS = 60_000;

/**
 * One test server for the calling test file: built before its first test, closed after its last. Returns a
 * getter, as the server exists only once those tests start.
 */
export function useTestServer(options: TestServerOptions = {}): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestServer(options);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('The test server is built in beforeAll: use it inside a test or hook');
    return app;
  };
}
