/**
 * `npm run keys -- <command>`: issue, list and revoke download-API keys (server/keys/). Uses the database the
 * server uses: DATABASE_URL (PostgreSQL) or DATABASE_PATH (embedded PGlite folder, default var/db; stop the
 * server first, as one PGlite folder takes one process). Exit codes: 0 done, 1 failed (e.g. no such key),
 * 2 bad arguments.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { apiKeyEnvironmentSchema, apiKeyPeriodSchema, type ApiKeyEnvironment } from '../core/contracts/download';
import { migrate, redactDatabaseUrl, type Db } from '../server/db';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { endOfHongKongDay, issueApiKey, periodEnd as endOfPeriod, keyState, listApiKeys, revokeApiKey, type ApiKeyRecord } from '../server/keys/apiKeys';

const USAGE = `Usage:
  npm run keys -- issue --environment <production|test|development> --period <2026Q4> --holder "Name <e-mail>" [--expires YYYY-MM-DD]
  npm run keys -- list [--environment <production|test|development>]
  npm run keys -- revoke <key id>`;

/** A problem with the command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

function environmentArgument(value: string | undefined, required: boolean): ApiKeyEnvironment | undefined {
  if (value === undefined) {
    if (required) throw new UsageError('--environment is required (production, test or development)');
    return undefined;
  }
  const parsed = apiKeyEnvironmentSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--environment must be production, test or development, not "${value}"`);
  return parsed.data;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { environment: { type: 'string' }, period: { type: 'string' }, holder: { type: 'string' }, expires: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function formatRow(key: ApiKeyRecord, now: Date): string[] {
  return [key.id, key.environment, key.period, key.holder, key.issuedAt.toISOString(), key.expiresAt.toISOString(), keyState(key, now)];
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

/** Where the command prints; the test passes its own. */
export interface KeysOutput {
  log(line: string): void;
  error(line: string): void;
}

async function openKeyDatabase(env: NodeJS.ProcessEnv): Promise<{ db: Db; where: string }> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl) return { db: await openPostgres(databaseUrl), where: `PostgreSQL at ${redactDatabaseUrl(databaseUrl)}` };
  const databasePath = resolve(env.DATABASE_PATH || 'var/db');
  return { db: await openPglite(databasePath), where: `PGlite in ${databasePath}` };
}

async function run(argv: string[], output: KeysOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  // Every argument is checked before the database is opened.
  let work: (db: Db) => Promise<number>;
  switch (command) {
    case 'issue': {
      if (rest.length > 0) throw new UsageError(`issue takes no positional arguments (got "${rest.join(' ')}")`);
      const environment = environmentArgument(values.environment, true)!;
      if (values.period === undefined) throw new UsageError('--period is required, e.g. --period 2026Q4');
      const period = apiKeyPeriodSchema.safeParse(values.period);
      if (!period.success) throw new UsageError(`--period "${values.period}": ${period.error.issues[0].message}`);
      if (values.holder === undefined || values.holder.trim() === '') throw new UsageError('--holder is required: the name and e-mail address of the key holder');
      let expiresAt: Date | undefined;
      if (values.expires !== undefined) {
        try {
          expiresAt = endOfHongKongDay(values.expires);
        } catch (error) {
          throw new UsageError(`--expires: ${(error as Error).message}`);
        }
      }
      const expiry = expiresAt ?? endOfPeriod(period.data);
      if (expiry.getTime() <= Date.now()) {
        throw new UsageError(`The key would already have expired (${expiry.toISOString()}): choose a current --period or a later --expires`);
      }
      const holder = values.holder;
      work = async (db) => {
        const { key, record } = await issueApiKey(db, { environment, period: period.data, holder, expiresAt });
        output.log(`Issued key ${record.id} (${record.environment}, ${record.period}) for ${record.holder}, valid until ${record.expiresAt.toISOString()}.`);
        output.log('The key is shown only now; only its hash is stored:');
        output.log(key);
        return 0;
      };
      break;
    }
    case 'list': {
      if (rest.length > 0) throw new UsageError(`list takes no positional arguments (got "${rest.join(' ')}")`);
      if (values.period !== undefined || values.holder !== undefined || values.expires !== undefined) throw new UsageError('list takes only --environment');
      const environment = environmentArgument(values.environment, false);
      work = async (db) => {
        const now = new Date();
        const keys = await listApiKeys(db, environment);
        if (keys.length === 0) {
          output.log(environment ? `No ${environment} keys.` : 'No keys.');
          return 0;
        }
        output.log(table([['id', 'environment', 'period', 'holder', 'issued', 'expires', 'state'], ...keys.map((key) => formatRow(key, now))]));
        return 0;
      };
      break;
    }
    case 'revoke': {
      if (rest.length !== 1) throw new UsageError('revoke takes one key id (see `npm run keys -- list`)');
      if (Object.values(values).some((value) => value !== undefined)) throw new UsageError('revoke takes only a key id');
      const [id] = rest;
      work = async (db) => {
        if (!(await revokeApiKey(db, id))) {
          output.error(`api-keys: there is no key with id "${id}"`);
          return 1;
        }
        output.log(`Revoked key ${id}.`);
        return 0;
      };
      break;
    }
    case undefined:
      throw new UsageError('Name a command: issue, list or revoke');
    default:
      throw new UsageError(`Unknown command "${command}" (issue, list or revoke)`);
  }

  const { db, where } = await openKeyDatabase(env);
  try {
    await migrate(db);
    output.error(`Database: ${where}`);
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Runs one command (argv without `node script`); resolves to the exit code. Never throws. */
export async function runKeysCommand(argv: string[], output: KeysOutput = console, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await run(argv, output, env);
  } catch (error) {
    if (error instanceof UsageError) {
      output.error(`api-keys: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    output.error(`api-keys: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runKeysCommand(process.argv.slice(2));
}
