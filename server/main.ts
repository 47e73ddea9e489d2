import { resolve } from 'node:path';
import { apiKeyEnvironmentSchema } from '../core/contracts/download';
import { buildServer } from './app';
import { redactDatabaseUrl } from './db';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);
const databasePath = process.env.DATABASE_PATH || 'var/db';
// Set, the server uses that PostgreSQL server instead of the embedded PGlite (several processes may share it).
const databaseUrl = process.env.DATABASE_URL || undefined;
// The built viewer to serve; default dist/. Lets several builds (e.g. `vite build --outDir /tmp/x`) run side by side.
const distDir = process.env.DIST_DIR || undefined;

// The download API accepts only keys of this environment (production, test or development; SPEC §6).
const keyEnvironment = apiKeyEnvironmentSchema.safeParse(process.env.API_KEY_ENVIRONMENT || 'development');
if (!keyEnvironment.success) {
  console.error(`API_KEY_ENVIRONMENT must be production, test or development, not "${process.env.API_KEY_ENVIRONMENT}"`);
  process.exit(1);
}
// Behind nginx: sheet downloads answer X-Accel-Redirect to these internal locations (server/download/CONTEXT.md).
const accelStoragePrefix = process.env.DOWNLOAD_ACCEL_STORAGE_PREFIX || undefined;
const accelCachePrefix = process.env.DOWNLOAD_ACCEL_CACHE_PREFIX || undefined;
if (Boolean(accelStoragePrefix) !== Boolean(accelCachePrefix)) {
  console.error('Set both DOWNLOAD_ACCEL_STORAGE_PREFIX and DOWNLOAD_ACCEL_CACHE_PREFIX (nginx internal locations), or neither');
  process.exit(1);
}
const downloadAccelRedirect = accelStoragePrefix && accelCachePrefix ? { storagePrefix: accelStoragePrefix, cachePrefix: accelCachePrefix } : undefined;

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}"`);
  process.exit(1);
}

const app = await buildServer({ databasePath, databaseUrl, distDir, keyEnvironment: keyEnvironment.data, downloadAccelRedirect, logger: process.env.LOG === '1' }).catch((error: unknown) => {
  // One line naming the cause (an unreachable DATABASE_URL, a failing migration) rather than a stack trace.
  console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
await app.listen({ host, port, backlog: 4096 });
console.log(databaseUrl ? `Database: PostgreSQL at ${redactDatabaseUrl(databaseUrl)}` : `Database: embedded PGlite in ${resolve(databasePath)}`);
console.log(`Hong Kong 3D map ready at http://${host}:${port}/mapviewer/app/`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
