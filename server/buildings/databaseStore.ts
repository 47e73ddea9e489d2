/**
 * The building store on the `buildings` table (migration 6; PGlite or PostgreSQL). Reads page through the table
 * by id, so a territory-wide store is never in memory at once; writes merge records in batches under the rule of
 * merge.ts, against the records already stored near them.
 *
 * The store's version is kept in `seed_state` (name `buildings-store`): every write replaces it, in the same
 * transaction, by a digest of the previous version and of what the write changed (ids and record digests), so it
 * changes whenever the contents change and reading it costs one row. Every write goes through this module.
 */
import { createHash } from 'node:crypto';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { Db, Sql } from '../db';
import { decideMerge, mergeBuildingRecords, mergeCandidate, type MergeCandidate } from './merge';
import { rankHits, recordHash, toleranceBounds, type BuildingStore, type LonLatBounds } from './store';

const VERSION_ROW = 'buildings-store';
/** Rows per page of `records()`. */
const PAGE_SIZE = 500;

export interface MergeCounts {
  /** Records written (new, or replacing a record of the same id or a lesser duplicate). */
  written: number;
  /** Stored records removed because an incoming record of higher priority is the same building. */
  replaced: number;
  /** Incoming records left out because a stored (or earlier incoming) record of the same building wins. */
  skipped: number;
}

export interface DatabaseBuildingStore extends BuildingStore {
  /** Merges a batch of records into the store (one transaction). */
  merge(records: readonly BuildingRecord[]): Promise<MergeCounts>;
  /** Removes every record of a dataset (before a dataset is seeded again). Returns the rows removed. */
  removeDataset(sourceDataset: string): Promise<number>;
}

interface RecordRow {
  record: BuildingRecord;
}

const boxOf = (index: number) => `box(point($${index}::float8, $${index + 1}::float8), point($${index + 2}::float8, $${index + 3}::float8))`;

/** Runs `work` in one transaction on one connection, then moves the version on by `changes`. */
async function writeTransaction<T>(db: Db, work: (sql: Sql) => Promise<{ result: T; changes: string[] }>): Promise<T> {
  return db.withConnection(async (sql) => {
    await sql.query('BEGIN');
    try {
      const { result, changes } = await work(sql);
      if (changes.length > 0) {
        const { rows } = await sql.query<{ checksum: string }>('SELECT checksum FROM seed_state WHERE name = $1', [VERSION_ROW]);
        const next = createHash('sha256')
          .update(rows[0]?.checksum ?? '')
          .update(changes.join('\n'))
          .digest('hex')
          .slice(0, 16);
        await sql.query(
          `INSERT INTO seed_state (name, checksum) VALUES ($1, $2)
           ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, seeded_at = now()`,
          [VERSION_ROW, next],
        );
      }
      await sql.query('COMMIT');
      return result;
    } catch (error) {
      await sql.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

export function createDatabaseBuildingStore(db: Db): DatabaseBuildingStore {
  return {
    async version() {
      const { rows } = await db.query<{ checksum: string }>('SELECT checksum FROM seed_state WHERE name = $1', [VERSION_ROW]);
      return rows[0]?.checksum ?? 'empty';
    },

    async count() {
      const { rows } = await db.query<{ count: number | string }>('SELECT count(*) AS count FROM buildings');
      return Number(rows[0].count);
    },

    async bounds() {
      const { rows } = await db.query<{ west: number | null; south: number; east: number; north: number }>(
        'SELECT min(west) AS west, min(south) AS south, max(east) AS east, max(north) AS north FROM buildings',
      );
      const row = rows[0];
      return row.west === null ? null : [row.west, row.south, row.east, row.north];
    },

    async *records(bounds?: LonLatBounds) {
      let after = '';
      for (;;) {
        const { rows } = bounds
          ? await db.query<RecordRow & { id: string }>(`SELECT id, record FROM buildings WHERE bounds && ${boxOf(1)} AND id > $5 ORDER BY id LIMIT ${PAGE_SIZE}`, [...bounds, after])
          : await db.query<RecordRow & { id: string }>(`SELECT id, record FROM buildings WHERE id > $1 ORDER BY id LIMIT ${PAGE_SIZE}`, [after]);
        for (const row of rows) yield row.record;
        if (rows.length < PAGE_SIZE) return;
        after = rows[rows.length - 1].id;
      }
    },

    async at(longitude, latitude, toleranceMetres) {
      const { rows } = await db.query<RecordRow>(`SELECT record FROM buildings WHERE bounds && ${boxOf(1)}`, toleranceBounds(longitude, latitude, toleranceMetres));
      return rankHits(
        rows.map((row) => row.record),
        longitude,
        latitude,
        toleranceMetres,
      );
    },

    async merge(records) {
      if (records.length === 0) return { written: 0, replaced: 0, skipped: 0 };
      // Within the batch first (one record per building), then against what is stored near each record.
      const batch = mergeBuildingRecords(records);
      const incoming = batch.records.map(mergeCandidate);
      return writeTransaction(db, async (sql) => {
        const near = await storedNear(sql, incoming);
        const removed = new Set<string>();
        const written: MergeCandidate[] = [];
        let skipped = batch.dropped.length;
        for (const candidate of incoming) {
          const decision = decideMerge(
            candidate,
            near.filter((other) => !removed.has(other.record.id)),
          );
          if (!decision.keep) {
            skipped += 1;
            continue;
          }
          for (const id of decision.replaces) removed.add(id);
          written.push(candidate);
        }
        const writtenIds = new Set(written.map((candidate) => candidate.record.id));
        const replacedOthers = [...removed].filter((id) => !writtenIds.has(id));
        if (removed.size > 0) await sql.query('DELETE FROM buildings WHERE id = ANY($1::text[])', [[...removed]]);
        await insertRecords(sql, written);
        const changes = [...replacedOthers.map((id) => `-${id}`), ...written.map((candidate) => `+${candidate.record.id}:${recordHash(candidate.record)}`)];
        return { result: { written: written.length, replaced: replacedOthers.length, skipped }, changes };
      });
    },

    async removeDataset(sourceDataset) {
      return writeTransaction(db, async (sql) => {
        const { rows } = await sql.query<{ id: string }>('DELETE FROM buildings WHERE source_dataset = $1 RETURNING id', [sourceDataset]);
        return { result: rows.length, changes: rows.map((row) => `-${row.id}`).sort() };
      });
    },
  };
}

/** Stored records whose bounds meet any incoming record's bounds, or that share an id with one. */
async function storedNear(sql: Sql, incoming: readonly MergeCandidate[]): Promise<MergeCandidate[]> {
  const columns: number[][] = [[], [], [], []];
  for (const candidate of incoming) candidate.bounds.forEach((value, index) => columns[index].push(value));
  const { rows } = await sql.query<RecordRow>(
    // Driven by the batch's bounds, each probing the GiST index (a join, not a scan of the table per batch).
    `SELECT b.record FROM buildings b
     WHERE b.id IN (
       SELECT near.id FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[]) AS q(west, south, east, north)
         JOIN buildings near ON near.bounds && box(point(q.west, q.south), point(q.east, q.north))
       UNION SELECT unnest($5::text[]))`,
    [...columns, incoming.map((candidate) => candidate.record.id)],
  );
  return rows.map((row) => mergeCandidate(row.record));
}

/** Rows per INSERT statement: each column goes as one array parameter, so a statement has nine parameters. */
const INSERT_ROWS = 1000;

async function insertRecords(sql: Sql, candidates: readonly MergeCandidate[]): Promise<void> {
  for (let start = 0; start < candidates.length; start += INSERT_ROWS) {
    const chunk = candidates.slice(start, start + INSERT_ROWS);
    const columns = {
      id: [] as string[],
      source: [] as string[],
      dataset: [] as string[],
      west: [] as number[],
      south: [] as number[],
      east: [] as number[],
      north: [] as number[],
      hash: [] as string[],
      record: [] as string[],
    };
    for (const { record, bounds } of chunk) {
      columns.id.push(record.id);
      columns.source.push(record.source);
      columns.dataset.push(record.sourceDataset);
      columns.west.push(bounds[0]);
      columns.south.push(bounds[1]);
      columns.east.push(bounds[2]);
      columns.north.push(bounds[3]);
      columns.hash.push(recordHash(record));
      columns.record.push(JSON.stringify(record));
    }
    await sql.query(
      `INSERT INTO buildings (id, source, source_dataset, west, south, east, north, bounds, record_hash, record)
       SELECT id, source, source_dataset, west, south, east, north, box(point(west, south), point(east, north)), record_hash, record::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::text[], $9::text[])
         AS row (id, source, source_dataset, west, south, east, north, record_hash, record)
       ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source, source_dataset = EXCLUDED.source_dataset, west = EXCLUDED.west,
         south = EXCLUDED.south, east = EXCLUDED.east, north = EXCLUDED.north, bounds = EXCLUDED.bounds,
         record_hash = EXCLUDED.record_hash, record = EXCLUDED.record`,
      Object.values(columns),
    );
  }
}
