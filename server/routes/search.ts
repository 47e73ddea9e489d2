import type { FastifyInstance } from 'fastify';
import {
  placeGeometryEndpoint,
  placeLocateEndpoint,
  placeSearchEndpoint,
  type Language,
  type Place,
  type PlaceKind,
  type PlaceLocateResponse,
  type PlaceSearchResponse,
} from '../../core/contracts';
import { loadDistrictIndex, type DistrictIndex } from '../data/districts';
import { loadPlaceGeometry, type PlaceGeometryIndex } from '../data/placeGeometry';
import { HttpError } from '../http/errors';
import { MINOR_KIND_RANK } from '../data/places';
import { normaliseSearchText, prefixTsQuery, searchWords } from '../data/searchText';
import type { Db } from '../db';
import { registerEndpoint } from '../http/endpoint';

interface PlaceRow {
  id: string;
  kind: PlaceKind;
  name_en: string;
  name_tc: string;
  name_sc: string;
  detail_en: string | null;
  detail_tc: string | null;
  detail_sc: string | null;
  longitude: number;
  latitude: number;
  outside_hong_kong: boolean;
}

const NAME_COLUMN: Record<Language, string> = { 'en-US': 'name_en', 'zh-HK': 'name_tc', 'zh-CN': 'name_sc' };

/** Escapes LIKE wildcards so the user's `%` or `_` match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** True when any of the three names (lower-cased) satisfies `<name> <test>`. */
function anyName(test: string): string {
  return `(lower(name_en) ${test} OR lower(name_tc) ${test} OR lower(name_sc) ${test})`;
}

/**
 * The search, in plain PostgreSQL (pg_trgm for fuzzy English). Each place gets a match tier over its three
 * names: 0 exact, 1 prefix, 2 starts at a word (Chinese words as the seed segmented them), 3 has every word
 * of the query (full text, the last word as a prefix), 4 contains the text, 5 close to it (trigram word
 * similarity; Latin text only, as pg_trgm counts Chinese characters as word characters only in some database
 * locales), else no match. Order: exact names first; then the many small places (exits, distance posts) after
 * all others; then tier; within the full-text tier the text rank (ts_rank); then kind importance (district,
 * station, the rest); then closeness to the English name (Latin text); then the shorter name in the asked
 * language.
 *
 * Parameters: $1 the normalised text, $2 prefix pattern, $3 word-start pattern (or null), $4 tsquery text
 * ('' when the text has no word), $5 substring pattern, $6 limit.
 */
export function buildSearchSql(lang: Language, fuzzy: boolean): string {
  const langColumn = NAME_COLUMN[lang];
  return `
WITH search AS (
  SELECT $1::text AS text, $2::text AS prefix, $3::text AS word_start, $5::text AS part,
         CASE WHEN $4::text = '' THEN NULL ELSE to_tsquery('simple', $4::text) END AS words
)
SELECT id, kind, name_en, name_tc, name_sc, detail_en, detail_tc, detail_sc, longitude, latitude, outside_hong_kong
FROM (
  SELECT places.*,
         CASE
           WHEN search.text IN (lower(name_en), lower(name_tc), lower(name_sc)) THEN 0
           WHEN ${anyName('LIKE search.prefix')} THEN 1
           WHEN ' ' || search_words LIKE search.word_start THEN 2
           WHEN search_vector @@ search.words THEN 3
           WHEN ${anyName('LIKE search.part')} THEN 4${fuzzy ? `
           WHEN search.text <% lower(name_en) THEN 5` : ''}
           ELSE 9
         END AS match_tier
  FROM places CROSS JOIN search
  -- OFFSET 0 keeps this subquery apart, so the tier is worked out once per place and the costlier ranking
  -- functions below run only for the places that match.
  OFFSET 0
) matched CROSS JOIN search
WHERE match_tier < 9
ORDER BY (match_tier <> 0), (kind_rank >= ${MINOR_KIND_RANK}), match_tier,
         CASE WHEN match_tier = 3 THEN ts_rank(search_vector, search.words) ELSE 0 END DESC,
         kind_rank,${fuzzy ? ' word_similarity(search.text, lower(name_en)) DESC,' : ''} length(${langColumn}), ${langColumn}, id
LIMIT $6`;
}

export async function searchRoutes(app: FastifyInstance, options: { db: Db; dataDir: string }): Promise<void> {
  const { db, dataDir } = options;
  // Read on first use: the boundary file is 370 kB and most runs never locate a point.
  let districts: DistrictIndex | null = null;
  let geometry: PlaceGeometryIndex | null = null;
  const districtIndex = () => (districts ??= loadDistrictIndex(dataDir));

  registerEndpoint(app, placeLocateEndpoint, async ({ query }): Promise<PlaceLocateResponse> => {
    const district = districtIndex().districtAt(query.longitude, query.latitude);
    return { longitude: query.longitude, latitude: query.latitude, outsideHongKong: district === null, ...(district ? { district: district.name } : {}) };
  });

  registerEndpoint(app, placeGeometryEndpoint, async ({ query }) => {
    geometry ??= loadPlaceGeometry(dataDir, districtIndex());
    const found = geometry.geometryOf(query.id);
    if (!found) throw new HttpError(404, `No district or trail has the id ${query.id}`);
    return found;
  });

  registerEndpoint(app, placeSearchEndpoint, async ({ query }): Promise<PlaceSearchResponse> => {
    const text = normaliseSearchText(query.q);
    // Text of control characters only passes the length rule but leaves nothing to look for.
    if (text === '') return { query: query.q, results: [] };
    const like = escapeLike(text);
    const words = searchWords(text);
    // Fuzzy matching only for Latin text long enough to have trigrams; Chinese is matched by words and parts.
    const fuzzy = text.length >= 3 && /^[\x20-\x7e]+$/.test(text);
    const { rows } = await db.query<PlaceRow>(buildSearchSql(query.lang, fuzzy), [
      text,
      `${like}%`,
      words.length > 0 ? `% ${escapeLike(words.join(' '))}%` : null,
      prefixTsQuery(words),
      `%${like}%`,
      query.limit,
    ]);
    const results: Place[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: { 'en-US': row.name_en, 'zh-HK': row.name_tc, 'zh-CN': row.name_sc },
      ...(row.detail_en !== null ? { detail: { 'en-US': row.detail_en, 'zh-HK': row.detail_tc ?? '', 'zh-CN': row.detail_sc ?? '' } } : {}),
      longitude: Number(row.longitude),
      latitude: Number(row.latitude),
      outsideHongKong: Boolean(row.outside_hong_kong),
    }));
    return { query: query.q, results };
  });
}
