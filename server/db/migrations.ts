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
];
