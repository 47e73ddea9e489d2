/**
 * Schema migrations, oldest first. Migration N (1-based) is applied once and recorded in `schema_migrations`.
 * Append only: never edit or reorder a migration that has shipped. Plain PostgreSQL, no PGlite specifics.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: places for search; pg_trgm for case-insensitive partial and fuzzy English matching.
  `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE TABLE places (
    id text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('district', 'mtr-station', 'mtr-exit')),
    kind_rank smallint NOT NULL,
    name_en text NOT NULL,
    name_tc text NOT NULL,
    name_sc text NOT NULL,
    longitude double precision NOT NULL,
    latitude double precision NOT NULL,
    outside_hong_kong boolean NOT NULL DEFAULT false
  );
  CREATE INDEX places_name_en_trgm ON places USING gin (lower(name_en) gin_trgm_ops);
  CREATE TABLE seed_state (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    seeded_at timestamptz NOT NULL DEFAULT now()
  );
  `,
  // 2: analytics keeps counts only: no IP, no user agent, no free text.
  `
  CREATE TABLE analytics_counts (
    name text NOT NULL,
    item_id text NOT NULL DEFAULT '',
    day date NOT NULL,
    count bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (name, item_id, day)
  );
  CREATE INDEX analytics_counts_day ON analytics_counts (day);
  `,
  // 3: more kinds of place (peaks, trails, campsites, beaches, monuments); a detail line (district or trail)
  // in three languages; full-text search over the names' words (Chinese segmented into words by the seed,
  // since PostgreSQL's parser does not split Chinese), kept by PostgreSQL itself in a generated column.
  `
  ALTER TABLE places DROP CONSTRAINT places_kind_check;
  ALTER TABLE places ADD CONSTRAINT places_kind_check CHECK (kind IN (
    'district', 'mtr-station', 'mtr-exit', 'peak', 'trail', 'trail-section', 'distance-post', 'campsite', 'beach', 'monument'
  ));
  ALTER TABLE places
    ADD COLUMN detail_en text,
    ADD COLUMN detail_tc text,
    ADD COLUMN detail_sc text,
    ADD COLUMN search_words text NOT NULL DEFAULT '',
    ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_words)) STORED;
  CREATE INDEX places_search_vector ON places USING gin (search_vector);
  `,
  // 4: download API keys (SPEC §6): only a SHA-256 hash of each key is kept; a key belongs to one environment
  // and one quarterly period and can be revoked. Owned by server/keys.
  `
  CREATE TABLE api_keys (
    id text PRIMARY KEY,
    key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
    environment text NOT NULL CHECK (environment IN ('production', 'test', 'development')),
    period text NOT NULL CHECK (period ~ '^20[0-9][0-9]Q[1-4]$'),
    holder text NOT NULL CHECK (length(holder) BETWEEN 1 AND 200),
    issued_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL CHECK (expires_at > issued_at),
    revoked_at timestamptz
  );
  `,
  // 5: the open-data catalogue (SPEC §3 metadata): one row per dataset, the whole validated record as JSON plus
  // the columns search and filters read (sorting is done by the server in the asked language's collation, so it
  // is the same on every database). `title_search` (titles) and `search_text` (titles, abstracts, keywords) hold
  // the texts of all three languages, NFKC lower-cased, matched with LIKE '%term%': Chinese has no word breaks
  // and pg_trgm counts CJK characters as word characters only in some database locales, so a substring scan is
  // what finds 三維 in 三維可視化地圖 on every database; the trigram index serves Latin terms of three or more
  // letters once the catalogue grows. Owned by server/catalogue.
  `
  CREATE TABLE catalogue_records (
    id text PRIMARY KEY,
    record jsonb NOT NULL,
    category text NOT NULL,
    status text NOT NULL,
    update_frequency text NOT NULL,
    formats text[] NOT NULL,
    title_search text NOT NULL,
    search_text text NOT NULL
  );
  CREATE INDEX catalogue_records_search_trgm ON catalogue_records USING gin (search_text gin_trgm_ops);
  `,
  // 6: the one building store (issue "The 3D city"): each record whole as JSON (footprint included), its bounds
  // as numbers and as a box with a GiST index (the bounds queries of identify, the tiles and the building query),
  // and a digest of the record so the store's version can follow its contents. Owned by server/buildings.
  `
  CREATE TABLE buildings (
    id text PRIMARY KEY,
    source text NOT NULL,
    source_dataset text NOT NULL,
    west double precision NOT NULL,
    south double precision NOT NULL,
    east double precision NOT NULL,
    north double precision NOT NULL,
    bounds box NOT NULL,
    record_hash text NOT NULL,
    record jsonb NOT NULL
  );
  CREATE INDEX buildings_bounds ON buildings USING gist (bounds);
  CREATE INDEX buildings_source_dataset ON buildings (source_dataset);
  `,
];
