import type { Db } from './types';
import { migrate } from './migrate';
import { MEMORY_DATABASE, openPglite } from './pglite';
import { seedPlaces } from './seed';

export type { Db, QueryResult } from './types';
export { MEMORY_DATABASE } from './pglite';
export { migrate } from './migrate';
export { seedPlaces } from './seed';

export interface OpenDatabaseOptions {
  /** PGlite data folder, or ':memory:'. */
  databasePath: string;
  /** The data folder to seed from. */
  dataDir: string;
}

/** Opens the database once, brings the schema up to date and seeds the places. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  const db = await openPglite(options.databasePath ?? MEMORY_DATABASE);
  try {
    await migrate(db);
    await seedPlaces(db, options.dataDir);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
