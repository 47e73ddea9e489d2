import type { Db } from './types';
import { applyMigrations, withSchemaLock } from './migrate';
import { MEMORY_DATABASE, openPglite } from './pglite';
import { openPostgres } from './postgres';
import { seedPlaces } from './seed';

export type { Db, QueryResult, Sql } from './types';
export { MEMORY_DATABASE } from './pglite';
export { migrate, withSchemaLock } from './migrate';
export { redactDatabaseUrl } from './postgres';
export { seedPlaces } from './seed';

export interface OpenDatabaseOptions {
  /** PGlite data folder, or ':memory:'. Ignored when `databaseUrl` is set. */
  databasePath: string;
  /**
   * A PostgreSQL server to use instead of the embedded PGlite (`postgres://user:password@host:port/database`).
   * Read from DATABASE_URL by server/main.ts; never from the environment here, so tests cannot reach a real
   * database by accident.
   */
  databaseUrl?: string;
  /** The data folder to seed from. */
  dataDir: string;
}

/**
 * Opens the database, brings the schema up to date and seeds the places. Migrating and seeding happen under
 * one schema lock, so several server processes starting at once on one PostgreSQL do it once, in turn.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.databasePath ?? MEMORY_DATABASE);
  try {
    await withSchemaLock(db, async (connection) => {
      await applyMigrations(connection);
      // Seeding may use any connection: the lock held by `connection` is what keeps other processes out.
      await seedPlaces(db, options.dataDir);
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
