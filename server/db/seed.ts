import type { Db } from './types';
import { KIND_RANK, loadPlaces, placesChecksum, type PlaceRecord } from '../data/places';
import { searchWords } from '../data/searchText';

const INSERT_CHUNK = 200;

/**
 * Loads the places of data/ into the `places` table when the table is empty or the files changed since the
 * last seed (checksum in `seed_state`). Returns the number of rows written (0 when already current).
 */
export async function seedPlaces(db: Db, dataDir: string): Promise<number> {
  const checksum = placesChecksum(dataDir);
  const { rows } = await db.query<{ checksum: string }>("SELECT checksum FROM seed_state WHERE name = 'places'");
  if (rows[0]?.checksum === checksum) return 0;
  const places = loadPlaces(dataDir);
  const statements: string[] = [];
  // Values are inlined as escaped literals so the whole reseed is one transaction in one exec call.
  for (let i = 0; i < places.length; i += INSERT_CHUNK) {
    const values = places.slice(i, i + INSERT_CHUNK).map((p) =>
      [
        literal(p.id),
        literal(p.kind),
        String(KIND_RANK[p.kind]),
        literal(p.name['en-US']),
        literal(p.name['zh-HK']),
        literal(p.name['zh-CN']),
        number(p.longitude),
        number(p.latitude),
        p.outsideHongKong ? 'true' : 'false',
        p.detail ? literal(p.detail['en-US']) : 'NULL',
        p.detail ? literal(p.detail['zh-HK']) : 'NULL',
        p.detail ? literal(p.detail['zh-CN']) : 'NULL',
        literal(placeSearchWords(p)),
      ].join(', '),
    );
    statements.push(
      `INSERT INTO places (id, kind, kind_rank, name_en, name_tc, name_sc, longitude, latitude, outside_hong_kong, detail_en, detail_tc, detail_sc, search_words) VALUES (${values.join('), (')});`,
    );
  }
  await db.exec(`BEGIN;
DELETE FROM places;
${statements.join('\n')}
INSERT INTO seed_state (name, checksum) VALUES ('places', ${literal(checksum)})
  ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, seeded_at = now();
COMMIT;`);
  return places.length;
}

/**
 * The words of a place's three names, space-separated, for `to_tsvector('simple', ...)` (migration 3) and the
 * word-start match. Each name's words stay together and in order; a name equal to an earlier one is left out.
 */
export function placeSearchWords(place: Pick<PlaceRecord, 'name'>): string {
  const names = [place.name['en-US'], place.name['zh-HK'], place.name['zh-CN']].map((name) => searchWords(name).join(' '));
  return [...new Set(names)].filter((words) => words !== '').join(' ');
}

/** A PostgreSQL string literal (standard_conforming_strings on: only quotes need doubling). */
function literal(text: string): string {
  if (text.includes('\0')) throw new Error('NUL byte in seed text');
  return `'${text.replace(/'/g, "''")}'`;
}

function number(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Seed coordinate is not a number: ${value}`);
  return String(value);
}
