import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { loadPlaces } from '../data/places';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test/postgres';
import { MIGRATIONS } from './migrations';
import { SCHEMA_LOCK_KEY } from './migrate';
import { MEMORY_DATABASE, migrate, openDatabase, redactDatabaseUrl, type Db } from './index';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

const dataDir = join(ROOT_DIR, 'data');
const placeCount = loadPlaces(dataDir).length;
const adminUrl = testDatabaseUrl();
const databases: TestDatabase[] = [];
const opened: Db[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => undefined)));
  await Promise.all(databases.map((database) => database.drop()));
});

async function freshDatabase(): Promise<string> {
  const database = await createTestDatabase(adminUrl!);
  databases.push(database);
  return database.url;
}

async function track(db: Promise<Db>): Promise<Db> {
  opened.push(await db);
  return opened[opened.length - 1];
}

describe('PostgreSQL URL handling', () => {
  it('never shows the password', () => {
    expect(redactDatabaseUrl('postgres://hk3d:s3cret@db.internal:5432/hk3d')).toBe('postgres://hk3d@db.internal:5432/hk3d');
    expect(redactDatabaseUrl('postgres://hk3d@db.internal/hk3d?password=s3cret&sslmode=require')).toBe('postgres://hk3d@db.internal/hk3d?sslmode=require');
    expect(redactDatabaseUrl('not a url')).not.toContain('not a url');
  });

  it('names the server it cannot reach, without the password', async () => {
    const failure = openPostgres('postgres://hk3d:s3cret@127.0.0.1:1/hk3d');
    await expect(failure).rejects.toThrow('Cannot connect to PostgreSQL at postgres://hk3d@127.0.0.1:1/hk3d: ');
    await expect(failure).rejects.not.toThrow('s3cret');
  });
});

describe.skipIf(!adminUrl)('PostgreSQL backend (TEST_DATABASE_URL)', () => {
  it('applies each migration once, seeds places once and keeps data across connections', async () => {
    const url = await freshDatabase();
    const first = await openDatabase({ databasePath: MEMORY_DATABASE, databaseUrl: url, dataDir });
    await first.query("INSERT INTO analytics_counts (name, item_id, day, count) VALUES ('x::on', '', '2024-04-21', 7)");
    const seededAt = (await first.query<{ seeded_at: Date }>("SELECT seeded_at FROM seed_state WHERE name = 'places'")).rows[0].seeded_at;
    await first.close();

    const second = await track(openDatabase({ databasePath: MEMORY_DATABASE, databaseUrl: url, dataDir }));
    const versions = await second.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(await migrate(second)).toEqual([]);
    const count = await second.query<{ n: number }>('SELECT count(*) AS n FROM places');
    expect(count.rows[0].n).toBe(placeCount);
    const again = (await second.query<{ seeded_at: Date }>("SELECT seeded_at FROM seed_state WHERE name = 'places'")).rows[0].seeded_at;
    expect(again).toEqual(seededAt);
    const kept = await second.query<{ count: number }>("SELECT count FROM analytics_counts WHERE name = 'x::on'");
    expect(kept.rows[0].count).toBe(7);
  });

  it('lets one of several processes starting at once migrate, and the others wait for it', async () => {
    const url = await freshDatabase();
    // Separate pools stand for separate server processes: they share nothing but the database.
    const pools = await Promise.all([1, 2, 3, 4].map(() => track(openPostgres(url))));
    const applied = await Promise.all(pools.map((db) => migrate(db)));
    expect(applied.filter((versions) => versions.length > 0)).toEqual([MIGRATIONS.map((_, i) => i + 1)]);
    expect(applied.filter((versions) => versions.length === 0)).toHaveLength(3);

    // Whole start-ups (migrate, then seed) at once on another fresh database: all succeed, one seed is kept.
    const seededUrl = await freshDatabase();
    const servers = await Promise.all([1, 2, 3].map(() => track(openDatabase({ databasePath: MEMORY_DATABASE, databaseUrl: seededUrl, dataDir }))));
    const places = await servers[0].query<{ n: number }>('SELECT count(*) AS n FROM places');
    expect(places.rows[0].n).toBe(placeCount);
    const seeds = await servers[1].query<{ n: number }>('SELECT count(*) AS n FROM seed_state');
    expect(seeds.rows[0].n).toBe(1);
  });

  it('rolls back a failing migration, names it, and leaves the connection and the lock free', async () => {
    const db = await track(openDatabase({ databasePath: MEMORY_DATABASE, databaseUrl: await freshDatabase(), dataDir }));
    await expect(migrate(db, [...MIGRATIONS, 'CREATE TABLE ok_table (id int); SELECT * FROM no_such_table;'])).rejects.toThrow(
      `Database migration ${MIGRATIONS.length + 1} failed: relation "no_such_table" does not exist`,
    );
    const table = await db.query("SELECT to_regclass('ok_table') AS t");
    expect(table.rows[0]).toEqual({ t: null });
    const recorded = await db.query<{ n: number }>('SELECT count(*) AS n FROM schema_migrations');
    expect(recorded.rows[0].n).toBe(MIGRATIONS.length);
    // Every pooled connection is usable (none left in an aborted transaction)...
    const answers = await Promise.all(Array.from({ length: 12 }, () => db.query<{ one: number }>('SELECT 1 AS one')));
    expect(answers.map((result) => result.rows[0].one)).toEqual(Array(12).fill(1));
    // ...and no session of this database kept the schema lock. (Trying the lock from concurrent statements
    // would race with itself: one statement briefly holds what the other tries.)
    const held = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM pg_locks
       WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [SCHEMA_LOCK_KEY],
    );
    expect(held.rows[0].n).toBe(0);
  });

  it('reads values as the embedded database does', async () => {
    const probe = `SELECT 9007199254740991::int8 AS int8, ARRAY[1, NULL, 3]::int8[] AS int8s, 2::int4 AS int4, 1.5::numeric AS numeric,
      1.5::float8 AS float8, '2024-04-21'::date AS date, '2024-04-21 10:00:00.25+08'::timestamptz AS timestamptz,
      '2024-04-21 10:00:00.25'::timestamp AS timestamp, 'infinity'::date AS date_infinity,
      '-infinity'::timestamp AS timestamp_minus_infinity,
      '1 day 02:00:00'::interval AS interval, true AS bool,
      '{"a": [1, "b"]}'::jsonb AS jsonb, ARRAY['a', 'b''c']::text[] AS texts, NULL::text AS nothing, $1::text AS param`;
    const postgres = await track(openPostgres(await freshDatabase()));
    const pglite = await track(openPglite(MEMORY_DATABASE));
    const [fromPostgres, fromPglite] = await Promise.all([postgres.query(probe, ['香港']), pglite.query(probe, ['香港'])]);
    expect(fromPostgres.rows).toEqual(fromPglite.rows);
    expect(fromPostgres.rows[0]).toMatchObject({ int8: 9007199254740991, date: new Date('2024-04-21T00:00:00Z'), param: '香港' });
  });
});
