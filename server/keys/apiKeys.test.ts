import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../core/contracts/download';
import { applyMigrations } from '../db/migrate';
import { openPglite, MEMORY_DATABASE } from '../db/pglite';
import type { Db } from '../db';
import {
  DEVELOPMENT_EXAMPLE_KEY,
  endOfHongKongDay,
  generateApiKey,
  hashApiKey,
  issueApiKey,
  listApiKeys,
  periodEnd,
  periodOf,
  revokeApiKey,
  seedDevelopmentExampleKey,
  verifyApiKey,
} from './apiKeys';

let db: Db;
beforeAll(async () => {
  db = await openPglite(MEMORY_DATABASE);
  await applyMigrations(db);
});
afterAll(async () => {
  await db.close();
});

describe('key periods', () => {
  it('ends a quarter at midnight Hong Kong time (UTC+8)', () => {
    expect(periodEnd('2026Q4').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(periodEnd('2022Q4').toISOString()).toBe('2022-12-31T16:00:00.000Z');
    expect(periodEnd('2023Q1').toISOString()).toBe('2023-03-31T16:00:00.000Z');
  });

  it('refuses periods before 2022Q4 or not a quarter', () => {
    expect(() => periodEnd('2022Q3')).toThrow(/2022Q4/);
    expect(() => periodEnd('2023Q5')).toThrow(/year and quarter/);
  });

  it('puts an instant in its Hong Kong quarter', () => {
    expect(periodOf(new Date('2026-12-31T15:59:59Z'))).toBe('2026Q4');
    expect(periodOf(new Date('2026-12-31T16:00:00Z'))).toBe('2027Q1');
  });

  it('ends an explicit expiry day at the next Hong Kong midnight, and refuses non-dates', () => {
    expect(endOfHongKongDay('2027-03-31').toISOString()).toBe('2027-03-31T16:00:00.000Z');
    expect(() => endOfHongKongDay('2027-02-30')).toThrow(/calendar date/);
    expect(() => endOfHongKongDay('31/03/2027')).toThrow(/calendar date/);
  });
});

describe('API keys', () => {
  const now = new Date('2026-11-21T00:00:00Z');

  it('generates keys of the documented shape, all different', () => {
    const keys = new Set(Array.from({ length: 50 }, generateApiKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(API_KEY_PATTERN);
  });

  it('stores only the hash and accepts the key in its environment until the quarter ends', async () => {
    const { key, record } = await issueApiKey(db, { environment: 'production', period: '2026Q4', holder: 'Ada <ada@example.org>', now });
    expect(record.expiresAt.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [record.id]);
    expect(rows[0].key_hash).toBe(hashApiKey(key));
    expect(JSON.stringify(rows[0])).not.toContain(key);

    expect(await verifyApiKey(db, key, 'production', now)).toMatchObject({ ok: true, key: { id: record.id } });
    expect(await verifyApiKey(db, key, 'test', now)).toEqual({ ok: false, reason: 'other-environment' });
    expect(await verifyApiKey(db, key, 'production', new Date('2026-12-31T16:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses missing, malformed, unknown and revoked keys', async () => {
    const { key, record } = await issueApiKey(db, { environment: 'test', period: '2026Q4', holder: 'Bo', now });
    expect(await verifyApiKey(db, undefined, 'test', now)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyApiKey(db, 'not-a-key', 'test', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyApiKey(db, generateApiKey(), 'test', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(await revokeApiKey(db, record.id, now)).toBe(true);
    expect(await verifyApiKey(db, key, 'test', now)).toEqual({ ok: false, reason: 'revoked' });
    expect(await revokeApiKey(db, 'key-none', now)).toBe(false);
  });

  it('honours an explicit later expiry and refuses one already past', async () => {
    const expiresAt = endOfHongKongDay('2027-03-31');
    const { key } = await issueApiKey(db, { environment: 'development', period: '2026Q4', holder: 'Cy', expiresAt, now });
    expect((await verifyApiKey(db, key, 'development', new Date('2027-03-31T15:59:00Z'))).ok).toBe(true);
    await expect(issueApiKey(db, { environment: 'development', period: '2026Q3', holder: 'Cy', now })).rejects.toThrow(/already have expired/);
  });

  it('lists keys with their state, per environment', async () => {
    const production = await listApiKeys(db, 'production');
    expect(production.length).toBeGreaterThan(0);
    expect(production.every((key) => key.environment === 'production')).toBe(true);
    const all = await listApiKeys(db);
    expect(all.some((key) => key.revokedAt !== null)).toBe(true);
  });

  it('seeds the documented example key once, for development only', async () => {
    await seedDevelopmentExampleKey(db, now);
    await seedDevelopmentExampleKey(db, now);
    expect((await verifyApiKey(db, DEVELOPMENT_EXAMPLE_KEY, 'development', now)).ok).toBe(true);
    expect(await verifyApiKey(db, DEVELOPMENT_EXAMPLE_KEY, 'production', now)).toEqual({ ok: false, reason: 'other-environment' });
  });
});
