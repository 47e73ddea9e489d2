/**
 * The catalogue list: search, filters and sorting over `catalogue_records` (see seed.ts for the search columns).
 *
 * - `q` is normalised like the stored texts (NFKC, lower case) and cut into terms (see catalogueSearchTerms);
 *   every term must occur somewhere in the record's titles, abstracts or keywords, in any of the three languages
 *   (`LIKE '%term%'`, wildcards in the term escaped). So English partial words ('tempera') and Chinese
 *   fragments ('三維', '溫度' in the Traditional texts, '温度' in the Simplified ones) both match.
 * - Relevance: a title that starts with the whole query, then a title containing it, then titles holding every
 *   term, then titles holding some term, then the rest (terms only in abstracts or keywords); ties by title.
 * - Titles are ordered with `Intl.Collator` of the asked language (English alphabetical, Traditional Chinese
 *   by stroke, Simplified Chinese by pinyin, as ICU orders them) in the server, not by the database's collation,
 *   so PGlite and PostgreSQL give the same order.
 *
 * Every value reaches SQL as a parameter.
 */
import {
  CATALOGUE_CATEGORIES,
  type CatalogueFormat,
  type CatalogueListQuery,
  type CatalogueListResponse,
  type CatalogueRecord,
  type CatalogueSummary,
  type Language,
} from '../../core/contracts';
import { normaliseSearchText, searchWords } from '../data/searchText';
import type { Sql } from '../db';

/** Escapes LIKE wildcards (backslash is PostgreSQL's default LIKE escape) so `%` and `_` match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const HAN = /\p{Script=Han}/u;

/**
 * The query's terms: normalised and split at white space; a piece with Chinese characters is further cut into
 * words (ICU's dictionary, as the place search does), since Chinese is typed without spaces: 三維地圖 needs 三維
 * and 地圖, which finds 三維可視化地圖. Other pieces stay whole, punctuation included, so `%` looks for a `%`.
 */
export function catalogueSearchTerms(q: string | undefined): string[] {
  if (q === undefined) return [];
  const text = normaliseSearchText(q);
  if (text === '') return [];
  const terms = text.split(' ').flatMap((piece) => {
    if (!HAN.test(piece)) return [piece];
    const words = searchWords(piece);
    return words.length > 0 ? words : [piece];
  });
  return [...new Set(terms)];
}

/** Relevance tiers, best first (see the file comment). */
const TITLE_STARTS_WITH_QUERY = 0;
const TITLE_CONTAINS_QUERY = 1;
const TITLE_HAS_EVERY_TERM = 2;
const TITLE_HAS_SOME_TERM = 3;
const TEXT_ONLY = 4;

interface CatalogueRow {
  record: CatalogueRecord;
  tier: number;
}

/** SQL and parameters of the matching rows with their relevance tier. */
export function buildCatalogueQuery(query: CatalogueListQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parameter = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.category) where.push(`category = ${parameter(query.category)}`);
  if (query.status) where.push(`status = ${parameter(query.status)}`);
  if (query.updateFrequency) where.push(`update_frequency = ${parameter(query.updateFrequency)}`);
  if (query.format) where.push(`${parameter(query.format)} = ANY(formats)`);

  const terms = catalogueSearchTerms(query.q);
  let tier = String(TEXT_ONLY);
  if (terms.length > 0) {
    const patterns = terms.map((term) => parameter(`%${escapeLike(term)}%`));
    for (const pattern of patterns) where.push(`search_text LIKE ${pattern}`);
    const titleMatches = patterns.map((pattern) => `title_search LIKE ${pattern}`);
    // title_search is one title per line: a line starting with the query is a title starting with it.
    const whole = escapeLike(normaliseSearchText(query.q ?? ''));
    const startsWith = parameter(`%\n${whole}%`);
    const contains = parameter(`%${whole}%`);
    tier = `CASE
      WHEN (E'\\n' || title_search) LIKE ${startsWith} THEN ${TITLE_STARTS_WITH_QUERY}
      WHEN title_search LIKE ${contains} THEN ${TITLE_CONTAINS_QUERY}
      WHEN ${titleMatches.join(' AND ')} THEN ${TITLE_HAS_EVERY_TERM}
      WHEN ${titleMatches.join(' OR ')} THEN ${TITLE_HAS_SOME_TERM}
      ELSE ${TEXT_ONLY} END`;
  }
  const sql = `SELECT record, ${tier} AS tier FROM catalogue_records${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return { sql, params };
}

export function catalogueSummary(record: CatalogueRecord, formatsOnRequest: CatalogueFormat[] = []): CatalogueSummary {
  return {
    id: record.id,
    category: record.category,
    title: record.title,
    abstract: record.abstract,
    status: record.status,
    updateFrequency: record.updateFrequency,
    distributionFormats: record.distributionFormats,
    classification: record.classification,
    sample: record.sample,
    revisionDate: record.dates.revision,
    downloadKind: record.download.kind,
    formatsOnRequest,
  };
}

const collators = new Map<Language, Intl.Collator>();
function collator(language: Language): Intl.Collator {
  let found = collators.get(language);
  if (!found) {
    found = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, found);
  }
  return found;
}

/** The catalogue order of a query without search terms under `relevance`: the portal's categories in turn. */
const CATEGORY_RANK = new Map(CATALOGUE_CATEGORIES.map((category, index) => [category, index]));

export function sortCatalogueRows(rows: readonly CatalogueRow[], query: CatalogueListQuery): CatalogueRecord[] {
  const language = query.lang ?? 'en-US';
  const byTitle = (a: CatalogueRecord, b: CatalogueRecord) => collator(language).compare(a.title[language], b.title[language]) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byRevision = (a: CatalogueRecord, b: CatalogueRecord) => (a.dates.revision < b.dates.revision ? -1 : a.dates.revision > b.dates.revision ? 1 : 0);
  const sort = query.sort ?? 'relevance';
  const searching = catalogueSearchTerms(query.q).length > 0;
  const compare = (a: CatalogueRow, b: CatalogueRow): number => {
    switch (sort) {
      case 'title':
        return byTitle(a.record, b.record);
      case 'revision-newest':
        return byRevision(b.record, a.record) || byTitle(a.record, b.record);
      case 'revision-oldest':
        return byRevision(a.record, b.record) || byTitle(a.record, b.record);
      case 'relevance':
        return searching
          ? a.tier - b.tier || byTitle(a.record, b.record)
          : (CATEGORY_RANK.get(a.record.category) ?? 0) - (CATEGORY_RANK.get(b.record.category) ?? 0) || byTitle(a.record, b.record);
    }
  };
  return [...rows].sort(compare).map((row) => row.record);
}

/** `onRequest` gives each record's formats on request (server/catalogue/serve.ts); none without it. */
export async function searchCatalogue(
  sql: Sql,
  query: CatalogueListQuery,
  onRequest: (record: CatalogueRecord) => Promise<CatalogueFormat[]> = async () => [],
): Promise<CatalogueListResponse> {
  const { sql: text, params } = buildCatalogueQuery(query);
  const { rows } = await sql.query<{ record: CatalogueRecord; tier: number }>(text, params);
  const records = sortCatalogueRows(
    rows.map((row) => ({ record: row.record, tier: Number(row.tier) })),
    query,
  );
  return { total: records.length, records: await Promise.all(records.map(async (record) => catalogueSummary(record, await onRequest(record)))) };
}

/** One record by id, or null. */
export async function findCatalogueRecord(sql: Sql, id: string): Promise<CatalogueRecord | null> {
  const { rows } = await sql.query<{ record: CatalogueRecord }>('SELECT record FROM catalogue_records WHERE id = $1', [id]);
  return rows[0]?.record ?? null;
}
