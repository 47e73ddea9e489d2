import pg from 'pg';
import type { Db, Sql } from './types';

const { Pool, types } = pg;

/** pg's own parser of a type; its typings accept only the built-in names, not every oid. */
const defaultParser = types.getTypeParser as (oid: number, format: 'text' | 'binary') => (value: string) => unknown;
const INT8_ARRAY = 1016;
const parseInt8Array = (text: string) => (defaultParser(INT8_ARRAY, 'text')(text) as Array<string | null>).map((n) => (n === null ? null : Number(n)));
const parseTimestampTz = defaultParser(types.builtins.TIMESTAMPTZ, 'text');

/**
 * How PGlite reads the types `pg` reads differently, so both backends hand callers the same values:
 * int8 as a number (exact up to 2^53; counts and sums here stay far below), `date` and `timestamp` (no zone)
 * as UTC instants rather than the server process's local time, `interval` as its text.
 */
const PGLITE_PARSERS = new Map<number, (text: string) => unknown>([
  [types.builtins.INT8, Number],
  [INT8_ARRAY, parseInt8Array],
  [types.builtins.DATE, (text) => parseAsUtc(text, ' 00:00:00')],
  [types.builtins.TIMESTAMP, (text) => parseAsUtc(text, '')],
  [types.builtins.INTERVAL, (text) => text],
]);

/** `2024-04-21` or `2024-04-21 10:00:00.5` read as UTC; `infinity` and `-infinity` as +/-Infinity, as PGlite does. */
function parseAsUtc(text: string, time: string): unknown {
  return parseTimestampTz(text.endsWith('infinity') ? text : `${text}${time}+00`);
}

const typeParsers = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    (format === 'text' ? PGLITE_PARSERS.get(oid) : undefined) ?? defaultParser(oid, format)) as typeof types.getTypeParser,
};

/**
 * Connects to a PostgreSQL server (`postgres://user:password@host:port/database`, any form `pg` accepts) through
 * a connection pool, and checks that it answers. The schema is created by the same migrations as PGlite's.
 */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new Pool({
    connectionString: url,
    // pg's default of 10 connections per server process; start-up needs 2 (the schema lock's and the seeding's).
    max: 10,
    types: typeParsers,
    application_name: 'hk3d-map',
  });
  // A connection that drops while idle (server restart, network) is discarded by the pool and replaced on the
  // next query; without a listener the 'error' event would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL connection to ${redactDatabaseUrl(url)} lost: ${error.message}`));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL at ${redactDatabaseUrl(url)}: ${(error as Error).message}`, { cause: error });
  }

  return {
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      const client = await pool.connect();
      try {
        await execOn(client, sql);
      } finally {
        client.release();
      }
    },
    async withConnection(work) {
      const client = await pool.connect();
      const connection: Sql = {
        async query<Row>(sql: string, params: unknown[] = []) {
          const result = await client.query(sql, params);
          return { rows: result.rows as Row[] };
        },
        exec: (sql) => execOn(client, sql),
      };
      let failed = false;
      try {
        return await work(connection);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        // After a failure the session may still hold a lock or an open transaction: close that connection
        // rather than hand it to the next caller.
        client.release(failed);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Runs several statements as one simple query; a transaction left open by a failing statement is rolled back. */
async function execOn(client: pg.PoolClient, sql: string): Promise<void> {
  try {
    await client.query(sql);
  } catch (error) {
    // The error arrives before the server says whether a transaction is open, so always roll back: outside
    // a transaction that is a warning, inside one it ends the aborted transaction.
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The URL without its password, for logs and messages: `postgres://hk3d@db.internal:5432/hk3d`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '';
    // Passwords may also sit in the query string (`?password=`), which pg accepts too.
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return '(a DATABASE_URL that is not a valid URL)';
  }
}
