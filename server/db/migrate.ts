import type { Db } from './types';
import { MIGRATIONS } from './migrations';

/** Applies the migrations not yet recorded, each in its own transaction. Returns the versions applied. */
export async function migrate(db: Db, migrations: readonly string[] = MIGRATIONS): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((row) => Number(row.version)));
  const applied: number[] = [];
  for (let i = 0; i < migrations.length; i += 1) {
    const version = i + 1;
    if (done.has(version)) continue;
    try {
      await db.exec(`BEGIN;\n${migrations[i]}\nINSERT INTO schema_migrations (version) VALUES (${version});\nCOMMIT;`);
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Database migration ${version} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(version);
  }
  return applied;
}
