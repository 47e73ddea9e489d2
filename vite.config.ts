import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cpSync } from 'node:fs';
import { resolve } from 'node:path';
import { precompileMessages } from './app/i18n/precompileMessages';
import { standaloneModules } from './app/build/standaloneModules';
import { messageChunkName } from './app/i18n/messageParts';

/** Base path of the viewer (SPEC §9). */
export const APP_BASE_PATH = '/mapviewer/app/';

const cesiumBuildDir = resolve(import.meta.dirname, 'node_modules/cesium/Build/Cesium');
const cesiumStaticFolders = ['Workers', 'Assets', 'ThirdParty', 'Widgets'];

/**
 * Cesium loads its web workers, sky box and widget CSS at run time from CESIUM_BASE_URL, so those files
 * must sit beside the bundle; nothing may be fetched from a CDN.
 */
function copyCesiumStaticFiles() {
  return {
    name: 'copy-cesium-static-files',
    writeBundle(options: { dir?: string }) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      for (const folder of cesiumStaticFolders) {
        cpSync(resolve(cesiumBuildDir, folder), resolve(outDir, 'cesium', folder), { recursive: true });
      }
    },
  };
}

/**
 * The server tests of what reads or writes the database: the database layer, the building store and its importer,
 * the catalogue, downloads and keys, the whole server built on it (app.test.ts: migrations and seeds; the contracts
 * test, which calls every endpoint) and the routes that query it (search, identify's geometry, building tiles,
 * analysis, catalogue, download). The rest of the server (terrain, feeds, static layers, the bad-request property
 * test, whose 400s come before any query) answers the same whichever database is behind it, so the PostgreSQL
 * pass does not run it twice. A new route that queries the database adds its test here.
 */
const DATABASE_TESTS = [
  'server/db/**/*.test.ts',
  'server/buildings/**/*.test.ts',
  'server/catalogue/**/*.test.ts',
  'server/download/**/*.test.ts',
  'server/keys/**/*.test.ts',
  'server/app.test.ts',
  'server/contracts.test.ts',
  'server/routes/{search,geometry,buildingTiles,analysis,catalogue,catalogueFormats,download}.test.ts',
];

/**
 * With TEST_DATABASE_URL set (a superuser URL of a throwaway PostgreSQL cluster; `.ci/with-postgres` starts one),
 * the server tests of {@link DATABASE_TESTS} run a second time, each test server on a fresh database of that
 * cluster. Without it, that pass is skipped, and server/test/postgres-pass-note.ts says so.
 */
function postgresTestProjects(): TestProjectInlineConfiguration[] {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl) return [];
  return [
    {
      extends: true,
      test: {
        name: 'postgres',
        include: DATABASE_TESTS,
        // db.test.ts is about PGlite's own files on disk; postgres.test.ts is this pass's counterpart.
        exclude: ['server/db/db.test.ts', 'node_modules/**'],
        env: { TEST_DATABASE_URL: testDatabaseUrl },
      },
    },
  ];
}

export default defineConfig({
  root: 'app',
  base: APP_BASE_PATH,
  publicDir: false,
  // precompileMessages applies to `vite build` only: ICU messages become ASTs, so the bundle needs no ICU parser.
  // standaloneModules too: the variant check the first render waits for carries only its own part of zod.
  plugins: [react(), copyCesiumStaticFiles(), precompileMessages(), standaloneModules(['core/variants/variants.ts'])],
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
    /** dist/.vite/manifest.json: bench/bundle.ts reads the entry's static-import closure from it. */
    manifest: true,
    rollupOptions: {
      output: {
        // One chunk per language and message part (app/i18n/messageParts.ts) rather than one per namespace file;
        // a file also imported statically (the chunk-failure texts, in the entry) stays where its importer is.
        manualChunks(id, { getModuleInfo }) {
          const name = messageChunkName(id);
          if (!name || (getModuleInfo(id)?.importers.length ?? 0) > 0) return undefined;
          return name;
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/mapviewer/api': 'http://127.0.0.1:8080',
      '/mapviewer/geopin': 'http://127.0.0.1:8080',
      '/mapviewer/gm': 'http://127.0.0.1:8080',
      '/geoserver': 'http://127.0.0.1:8080',
    },
  },
  test: {
    root: import.meta.dirname,
    environment: 'node',
    testTimeout: 20000,
    // A beforeAll that builds a test server (PGlite start, migrations, seeding) takes several seconds on two busy
    // cores, more while the PostgreSQL pass runs beside it.
    hookTimeout: 30000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['{core,app,plugins,server,scripts,tests}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          // This pass is the embedded database's, whatever the shell says (server/test/server.ts reads it).
          env: { TEST_DATABASE_URL: '' },
          globalSetup: ['server/test/postgres-pass-note.ts'],
        },
      },
      ...postgresTestProjects(),
    ],
  },
});
