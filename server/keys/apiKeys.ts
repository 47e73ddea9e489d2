/**
 * Download-API keys (SPEC §6): issued per environment and quarterly period, stored only as a SHA-256 hash,
 * checked in constant time, revocable. The table is migration 4 (server/db/migrations.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, apiKeyPeriodSchema, type ApiKeyEnvironment } from '../../core/contracts/download';
import type { Sql } from '../db';

/** Every key starts with this; 43 base64url characters (32 random bytes) follow. */
export const API_KEY_PREFIX = 'hk3d_';
const KEY_RANDOM_BYTES = 32;

/** The key the contracts' examples use, so the API explorer's "try it out" works on a development server. */
export const DEVELOPMENT_EXAMPLE_KEY = 'hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000';
export const DEVELOPMENT_EXAMPLE_KEY_ID = 'development-example';
const DEVELOPMENT_EXAMPLE_HOLDER = 'Documented example key (development only)';
/** The example key never expires in practice on a development server. */
const DEVELOPMENT_EXAMPLE_EXPIRY = new Date('2099-12-31T16:00:00Z');

/** Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset is exact. */
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;

export type ApiKeyState = 'valid' | 'expired' | 'revoked';

export interface ApiKeyRecord {
  id: string;
  environment: ApiKeyEnvironment;
  period: string;
  holder: string;
  issuedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Why a presented key was refused; only ever logged (at debug), never told to the client. */
export type ApiKeyRefusal = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired' | 'other-environment';

export type ApiKeyCheck = { ok: true; key: ApiKeyRecord } | { ok: false; reason: ApiKeyRefusal };

interface ApiKeyRow {
  id: string;
  key_hash: string;
  environment: ApiKeyEnvironment;
  period: string;
  holder: string;
  issued_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * A plain SHA-256 is enough: a key carries 256 random bits, so neither a dictionary nor brute force can invert
 * its hash; a slow password hash (scrypt, argon2) only protects low-entropy secrets and would cost every request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: `hk3d_` and 32 random bytes in base64url (matches API_KEY_PATTERN). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(KEY_RANDOM_BYTES).toString('base64url');
}

/** The first instant after a quarter (`2026Q4` → 2027-01-01 00:00 Hong Kong time), i.e. when its keys expire. */
export function periodEnd(period: string): Date {
  const parsed = apiKeyPeriodSchema.safeParse(period);
  if (!parsed.success) throw new Error(`Invalid key period '${period}': ${parsed.error.issues[0].message}`);
  const year = Number(period.slice(0, 4));
  const quarter = Number(period.slice(5));
  return new Date(Date.UTC(year, quarter * 3, 1) - HONG_KONG_OFFSET_MS);
}

/** The quarter (Hong Kong time) an instant falls in, e.g. `2026Q4`. */
export function periodOf(when: Date): string {
  const local = new Date(when.getTime() + HONG_KONG_OFFSET_MS);
  return `${local.getUTCFullYear()}Q${Math.floor(local.getUTCMonth() / 3) + 1}`;
}

/** The end of a calendar day in Hong Kong (`2027-03-31` → 2027-04-01 00:00 +08:00): a key "expires 2027-03-31" works all that day. */
export function endOfHongKongDay(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const start = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || new Date(start).toISOString().slice(0, 10) !== day) throw new Error(`'${day}' is not a calendar date (YYYY-MM-DD)`);
  return new Date(start + 86_400_000 - HONG_KONG_OFFSET_MS);
}

export function keyState(key: ApiKeyRecord, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export interface IssueApiKeyOptions {
  environment: ApiKeyEnvironment;
  period: string;
  holder: string;
  /** Overrides the end of the period; must be after `now`. */
  expiresAt?: Date;
  now?: Date;
}

/** Stores a new key and returns it with its record: the only time the key itself exists outside the client. */
export async function issueApiKey(db: Sql, options: IssueApiKeyOptions): Promise<{ key: string; record: ApiKeyRecord }> {
  const now = options.now ?? new Date();
  const holder = options.holder.trim();
  if (holder.length === 0 || holder.length > 200) throw new Error('The holder is a name and e-mail address of 1 to 200 characters');
  // Computed even when an explicit expiry is given: it validates the period.
  const endOfPeriod = periodEnd(options.period);
  const expiresAt = options.expiresAt ?? endOfPeriod;
  if (expiresAt.getTime() <= now.getTime()) throw new Error(`The key would already have expired (${expiresAt.toISOString()}); choose a current period or a later expiry`);
  const key = generateApiKey();
  const id = `key-${randomBytes(6).toString('hex')}`;
  await db.query(
    `INSERT INTO api_keys (id, key_hash, environment, period, holder, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, hashApiKey(key), options.environment, options.period, holder, now.toISOString(), expiresAt.toISOString()],
  );
  return { key, record: { id, environment: options.environment, period: options.period, holder, issuedAt: now, expiresAt, revokedAt: null } };
}

/** Every key (never the key itself), newest first; optionally of one environment. */
export async function listApiKeys(db: Sql, environment?: ApiKeyEnvironment): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT * FROM api_keys WHERE ($1::text IS NULL OR environment = $1) ORDER BY issued_at DESC, id`,
    [environment ?? null],
  );
  return rows.map(toRecord);
}

/** Revokes a key by id; false when there is no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Sql, id: string, now = new Date()): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id`,
    [id, now.toISOString()],
  );
  return rows.length > 0;
}

/**
 * Checks a presented key for the server's environment. The lookup is by hash (an index probe: its timing can
 * only tell an attacker about hashes, not keys); the stored and computed hashes are then compared in constant time.
 */
export async function verifyApiKey(db: Sql, presented: string | undefined, environment: ApiKeyEnvironment, now = new Date()): Promise<ApiKeyCheck> {
  if (presented === undefined || presented === '') return { ok: false, reason: 'missing' };
  if (!API_KEY_PATTERN.test(presented)) return { ok: false, reason: 'malformed' };
  const hash = hashApiKey(presented);
  const { rows } = await db.query<ApiKeyRow>(`SELECT * FROM api_keys WHERE key_hash = $1`, [hash]);
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return { ok: false, reason: 'unknown' };
  const key = toRecord(row);
  if (key.environment !== environment) return { ok: false, reason: 'other-environment' };
  const state = keyState(key, now);
  if (state !== 'valid') return { ok: false, reason: state };
  return { ok: true, key };
}

/**
 * On a development server only: stores the documented example key (the contracts' examples), so "try it out"
 * and the example requests of the tests answer 200. Never called for production or test (see routes/download.ts).
 */
export async function seedDevelopmentExampleKey(db: Sql, now = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO api_keys (id, key_hash, environment, period, holder, issued_at, expires_at)
     VALUES ($1, $2, 'development', $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [DEVELOPMENT_EXAMPLE_KEY_ID, hashApiKey(DEVELOPMENT_EXAMPLE_KEY), periodOf(now), DEVELOPMENT_EXAMPLE_HOLDER, now.toISOString(), DEVELOPMENT_EXAMPLE_EXPIRY.toISOString()],
  );
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    environment: row.environment,
    period: row.period,
    holder: row.holder,
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
  };
}
