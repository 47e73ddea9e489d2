import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { loadPlaces } from '../data/places';
import { MIGRATIONS } from './migrations';
import { migrate, openDatabase } from './index';

const dataDir = join(ROOT_DIR, 'data');
const placeCount = loadPlaces(dataDir).length;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('database', () => {
  it('persists on disk, applies each migration once and seeds places once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hk3d-db-'));
    dirs.push(dir);
    const first = await openDatabase({ databasePath: dir, dataDir });
    await first.query("INSERT INTO analytics_counts (name, item_id, day, count) VALUES ('x::on', '', '2024-04-21', 7)");
    const seededAt = (await first.query<{ seeded_at: Date }>("SELECT seeded_at FROM seed_state WHERE name = 'places'")).rows[0].seeded_at;
    await first.close();

    const second = await openDatabase({ databasePath: dir, dataDir });
    const versions = await second.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(await migrate(second)).toEqual([]);
    const count = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
    expect(count.rows[0].n).toBe(placeCount);
    const again = (await second.query<{ seeded_at: Date }>("SELECT seeded_at FROM seed_state WHERE name = 'places'")).rows[0].seeded_at;
    expect(again).toEqual(seededAt);
    const kept = await second.query<{ count: number }>("SELECT count::int AS count FROM analytics_counts WHERE name = 'x::on'");
    expect(kept.rows[0].count).toBe(7);
    await second.close();
  });

  it('rolls back a failing migration and names it', async () => {
    const db = await openDatabase({ databasePath: ':memory:', dataDir });
    await expect(migrate(db, [...MIGRATIONS, 'CREATE TABLE ok_table (id int); SELECT * FROM no_such_table;'])).rejects.toThrow(
      `Database migration ${MIGRATIONS.length + 1} failed`,
    );
    const table = await db.query("SELECT to_regclass('ok_table') AS t");
    expect(table.rows[0]).toEqual({ t: null });
    await db.close();
  });
});
