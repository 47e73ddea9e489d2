import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the tests may use: a superuser URL of a throwaway cluster (.ci/run starts one), or
 * undefined when TEST_DATABASE_URL is unset or empty (vite.config.ts empties it for the PGlite pass).
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export interface TestDatabase {
  /** The URL of the new, empty database (the admin URL with its database name replaced). */
  url: string;
  name: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** Creates an empty database `hk3d_test_<random>` on the server of `adminUrl`, for one test server or test. */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `hk3d_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    name,
    drop: () => (dropped ??= asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
