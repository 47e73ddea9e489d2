import type { FastifyInstance } from 'fastify';
import { placeSearchEndpoint, type Language, type Place, type PlaceKind, type PlaceSearchResponse } from '../../core/contracts';
import type { Db } from '../db';
import { registerEndpoint } from '../http/endpoint';

interface PlaceRow {
  id: string;
  kind: PlaceKind;
  name_en: string;
  name_tc: string;
  name_sc: string;
  longitude: number;
  latitude: number;
  outside_hong_kong: boolean;
}

const NAME_COLUMN: Record<Language, string> = { 'en-US': 'name_en', 'zh-HK': 'name_tc', 'zh-CN': 'name_sc' };

/** Escapes LIKE wildcards so the user's `%` or `_` match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Match tier of one name column: 0 exact, 1 prefix, 2 word prefix, 3 part, 4 fuzzy (pg_trgm), 9 none. */
function tier(column: string, fuzzy: boolean): string {
  const c = `lower(${column})`;
  return `CASE WHEN ${c} = $1 THEN 0 WHEN ${c} LIKE $2 THEN 1 WHEN ${c} LIKE $3 THEN 2 WHEN ${c} LIKE $4 THEN 3${
    fuzzy ? ` WHEN $1 <% ${c} THEN 4` : ''
  } ELSE 9 END`;
}

/**
 * Ranks places: an exact name first, then districts and stations before exits, then prefix > word prefix >
 * part > fuzzy, then district > station > exit, then closeness (trigram word similarity), then the shorter name.
 */
export function buildSearchSql(lang: Language, fuzzy: boolean): string {
  const langColumn = NAME_COLUMN[lang];
  return `
SELECT id, kind, name_en, name_tc, name_sc, longitude, latitude, outside_hong_kong FROM (
  SELECT *, LEAST(${tier('name_en', fuzzy)}, ${tier('name_tc', false)}, ${tier('name_sc', false)}) AS match_tier,
         word_similarity($1, lower(name_en)) AS closeness
  FROM places
) ranked
WHERE match_tier < 9
ORDER BY (match_tier <> 0), (kind = 'mtr-exit'), match_tier, kind_rank, closeness DESC, length(${langColumn}), ${langColumn}, id
LIMIT $5`;
}

export async function searchRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  registerEndpoint(app, placeSearchEndpoint, async ({ query }): Promise<PlaceSearchResponse> => {
    const text = query.q.toLowerCase().replace(/\s+/g, ' ');
    const like = escapeLike(text);
    // Fuzzy matching only for Latin text long enough to have trigrams; CJK is matched by substring.
    const fuzzy = text.length >= 3 && /^[\x20-\x7e]+$/.test(text);
    const { rows } = await db.query<PlaceRow>(buildSearchSql(query.lang, fuzzy), [
      text,
      `${like}%`,
      `% ${like}%`,
      `%${like}%`,
      query.limit,
    ]);
    const results: Place[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: { 'en-US': row.name_en, 'zh-HK': row.name_tc, 'zh-CN': row.name_sc },
      longitude: Number(row.longitude),
      latitude: Number(row.latitude),
      outsideHongKong: Boolean(row.outside_hong_kong),
    }));
    return { query: query.q, results };
  });
}
