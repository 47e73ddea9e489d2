import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db } from './types';

/** Where the embedded database lives: a folder on disk, or ':memory:' (tests). */
export const MEMORY_DATABASE = ':memory:';

/** Opens the embedded PostgreSQL (PGlite) with pg_trgm available. One instance per process. */
export async function openPglite(databasePath: string): Promise<Db> {
  const inMemory = databasePath === MEMORY_DATABASE;
  if (!inMemory) mkdirSync(databasePath, { recursive: true });
  const pg = await PGlite.create({
    ...(inMemory ? {} : { dataDir: databasePath }),
    extensions: { pg_trgm },
  });
  const db: Db = {
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pg.query<Row>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      try {
        await pg.exec(sql);
      } catch (error) {
        // A failed statement inside BEGIN ... leaves the transaction open and aborted; outside one this is a no-op.
        await pg.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    // PGlite is a single connection: every statement already shares one session.
    withConnection: (work) => work(db),
    async close() {
      await pg.close();
    },
  };
  return db;
}
