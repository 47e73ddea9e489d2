/** The keys command line, run as `npm run keys` runs it (tsx), against a temporary PGlite folder. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../core/contracts/download';
import { openPglite } from '../server/db/pglite';
import { verifyApiKey } from '../server/keys/apiKeys';
import { runKeysCommand } from './api-keys';

const ROOT = resolve(import.meta.dirname, '..');
const folder = mkdtempSync(join(tmpdir(), 'api-keys-cli-'));
const databasePath = join(folder, 'db');

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** One command in this process, as the CLI runs it, with its output captured. */
async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runKeysCommand(args, { log: (line) => stdout.push(line), error: (line) => stderr.push(line) }, { DATABASE_PATH: databasePath });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** The real entry point, as `npm run keys` starts it. */
function spawnKeys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'api-keys.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_PATH: databasePath, DATABASE_URL: '' }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run keys', () => {
  it('names the wrong argument and exits 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Name a command/],
      [['issue', '--period', '2026Q4', '--holder', 'A'], /--environment is required/],
      [['issue', '--environment', 'staging', '--period', '2026Q4', '--holder', 'A'], /--environment must be/],
      [['issue', '--environment', 'test', '--period', '2022Q3', '--holder', 'A'], /--period "2022Q3": Key periods start at 2022Q4/],
      [['issue', '--environment', 'test', '--period', '2026Q4', '--holder', 'A', '--expires', '2027-02-30'], /--expires: '2027-02-30' is not a calendar date/],
      [['issue', '--environment', 'test', '--period', '2026Q4'], /--holder is required/],
      [['revoke'], /revoke takes one key id/],
      [['list', '--colour'], /Unknown option '--colour'/],
    ];
    for (const [args, message] of cases) {
      const result = await keys(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Usage:');
    }
  });

  it('issues a key once, lists it without the key, revokes it', async () => {
    const issued = await keys('issue', '--environment', 'production', '--period', '2026Q4', '--holder', 'Ada Lovelace <ada@example.org>', '--expires', '2099-03-31');
    expect(issued.code, issued.stderr).toBe(0);
    const key = issued.stdout.split('\n').find((line) => API_KEY_PATTERN.test(line));
    const id = /Issued key (key-[0-9a-f]+)/.exec(issued.stdout)?.[1];
    expect(key).toBeDefined();
    expect(id).toBeDefined();
    expect(issued.stdout).toContain('2099-03-31T16:00:00.000Z');

    const listed = await keys('list', '--environment', 'production');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+production\\s+2026Q4\\s+Ada Lovelace <ada@example.org>\\s+\\S+\\s+2099-03-31T16:00:00.000Z\\s+valid`));
    expect(listed.stdout).not.toContain(key);
    expect((await keys('list', '--environment', 'test')).stdout).toContain('No test keys.');

    expect((await keys('revoke', id!)).code).toBe(0);
    expect((await keys('list')).stdout).toMatch(new RegExp(`${id}.*revoked`));
    const unknown = await spawnKeys('revoke', 'key-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no key with id "key-000000000000"');

    // The key printed is the one stored (as its hash): the server now refuses it as revoked, not unknown.
    const db = await openPglite(databasePath);
    try {
      expect(await verifyApiKey(db, key, 'production')).toEqual({ ok: false, reason: 'revoked' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
