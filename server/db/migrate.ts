import type { Db, Sql } from './types';
import { MIGRATIONS } from './migrations';

/**
 * Key of the PostgreSQL advisory lock that serialises schema work ('hk3d' in ASCII). Several server processes
 * starting at once on one database take turns: the first migrates and seeds, the others then find nothing to do.
 */
export const SCHEMA_LOCK_KEY = 0x686b3364;

/**
 * Runs `work` on one connection holding the schema lock (a session-level advisory lock, so it spans the several
 * transactions of a migration run and is released if the process dies). Nested calls on that connection are
 * fine: PostgreSQL counts a session's advisory locks.
 */
export async function withSchemaLock<T>(db: Db, work: (connection: Sql) => Promise<T>): Promise<T> {
  return db.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    try {
      return await work(connection);
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    }
  });
}

/** Applies the migrations not yet recorded, under the schema lock. Returns the versions applied. */
export async function migrate(db: Db, migrations: readonly string[] = MIGRATIONS): Promise<number[]> {
  return withSchemaLock(db, (connection) => applyMigrations(connection, migrations));
}

/**
 * Applies the migrations not yet recorded, each in its own transaction; the caller holds the schema lock.
 * Returns the versions applied; a failing migration is rolled back and named in the error.
 */
export async function applyMigrations(sql: Sql, migrations: readonly string[] = MIGRATIONS): Promise<number[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await sql.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((row) => Number(row.version)));
  const applied: number[] = [];
  for (let i = 0; i < migrations.length; i += 1) {
    const version = i + 1;
    if (done.has(version)) continue;
    try {
      // exec rolls the transaction back when a statement fails.
      await sql.exec(`BEGIN;\n${migrations[i]}\nINSERT INTO schema_migrations (version) VALUES (${version});\nCOMMIT;`);
    } catch (error) {
      throw new Error(`Database migration ${version} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(version);
  }
  return applied;
}
