/**
 * Puts the valid catalogue records into `catalogue_records`: skipped when the files are unchanged since the last
 * seed (checksum in `seed_state`, as the place seed does), else every record is upserted and the rows of records
 * whose file is gone (or no longer valid) are deleted, in one transaction.
 */
import { LANGUAGES, type CatalogueRecord } from '../../core/contracts';
import { normaliseSearchText } from '../data/searchText';
import type { Db, Sql } from '../db';
import type { LoadedCatalogue } from './records';

/**
 * Part of the checksum: change it when the rows made from a record change (new column, other search text), so
 * unchanged files are still re-seeded after such an upgrade.
 */
const ROW_FORMAT_VERSION = 'catalogue-rows-1';
const SEED_NAME = 'catalogue';

/** Separates the texts in the search columns, so a term never matches across the end of one text. */
const TEXT_SEPARATOR = '\n';

/** The titles of all three languages, normalised as queries are (NFKC, lower case), one per line. */
export function titleSearchText(record: CatalogueRecord): string {
  return LANGUAGES.map((language) => normaliseSearchText(record.title[language])).join(TEXT_SEPARATOR);
}

/** Titles, abstracts and keywords of all three languages, normalised as queries are, one text per line. */
export function catalogueSearchText(record: CatalogueRecord): string {
  const texts = LANGUAGES.flatMap((language) => [record.title[language], record.abstract[language], ...record.keywords[language]]);
  return texts.map(normaliseSearchText).join(TEXT_SEPARATOR);
}

/**
 * Writes the records when the files changed; returns how many rows were written (0 when already current). The
 * transaction runs on one connection of `db`; callers that may race other processes hold the schema lock.
 */
export async function seedCatalogue(db: Db, catalogue: LoadedCatalogue): Promise<number> {
  const checksum = `${ROW_FORMAT_VERSION}:${catalogue.checksum}`;
  const { rows } = await db.query<{ checksum: string }>('SELECT checksum FROM seed_state WHERE name = $1', [SEED_NAME]);
  if (rows[0]?.checksum === checksum) return 0;
  await db.withConnection((connection) => writeRecords(connection, catalogue, checksum));
  return catalogue.records.length;
}

async function writeRecords(sql: Sql, catalogue: LoadedCatalogue, checksum: string): Promise<void> {
  await sql.query('BEGIN');
  try {
    for (const { record } of catalogue.records) {
      await sql.query(
        `INSERT INTO catalogue_records (id, record, category, status, update_frequency, formats, title_search, search_text)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6::text[], $7, $8)
         ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, category = EXCLUDED.category, status = EXCLUDED.status,
           update_frequency = EXCLUDED.update_frequency, formats = EXCLUDED.formats, title_search = EXCLUDED.title_search,
           search_text = EXCLUDED.search_text`,
        [
          record.id,
          JSON.stringify(record),
          record.category,
          record.status,
          record.updateFrequency,
          record.distributionFormats,
          titleSearchText(record),
          catalogueSearchText(record),
        ],
      );
    }
    await sql.query('DELETE FROM catalogue_records WHERE NOT (id = ANY($1::text[]))', [catalogue.records.map(({ record }) => record.id)]);
    await sql.query(
      `INSERT INTO seed_state (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, seeded_at = now()`,
      [SEED_NAME, checksum],
    );
    await sql.query('COMMIT');
  } catch (error) {
    await sql.query('ROLLBACK');
    throw error;
  }
}
