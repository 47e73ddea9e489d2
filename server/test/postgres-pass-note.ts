/**
 * Vitest global setup of the PGlite pass (vite.config.ts): says, once per run, when the PostgreSQL pass of the
 * server tests is skipped, so a run without TEST_DATABASE_URL does not look like a full one.
 */
export default function notePostgresPass(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      '\nNote: the PostgreSQL pass of the server tests is skipped: TEST_DATABASE_URL is not set. ' +
        'Run `.ci/with-postgres npx vitest run server` (or set TEST_DATABASE_URL to a superuser URL of a throwaway cluster) to include it.\n',
    );
  }
}
