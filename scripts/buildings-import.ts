/**
 * `npm run buildings:import -- <file.geojson> [--source landsd|osm] [--no-tiles]`: streams a LandsD "Building
 * Footprint Public" export (HK1980 Grid) or an OpenStreetMap GeoJSON into the building store
 * (server/buildings/importer.ts), merging duplicates by footprint overlap, then regenerates the building 3D Tiles
 * for the new store version (server/buildings/tiles, into var/cache) so the first viewer does not wait.
 * Uses the server's database: DATABASE_URL (PostgreSQL) or DATABASE_PATH (PGlite folder, default var/db; stop the
 * server first, one PGlite folder takes one process).
 * Exit codes: 0 every row imported, 1 some rows were bad (each printed with its line and reason), 2 unusable
 * input or arguments.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabaseBuildingStore } from '../server/buildings/databaseStore';
import { UnusableGeoJsonError } from '../server/buildings/geojsonStream';
import { IMPORT_SOURCES, importBuildings, type ImportSource } from '../server/buildings/importer';
import { seedDefaultBuildings } from '../server/buildings/seed';
import { rebuildBuildingTiles } from '../server/buildings/tiles/cache';
import { openDatabase, redactDatabaseUrl } from '../server/db';

const ROOT_DIR = resolve(import.meta.dirname, '..');

const USAGE = 'Usage: npm run buildings:import -- <file.geojson> [--source landsd|osm] [--no-tiles]';

/** Where the command prints; tests pass their own. */
export interface ImportOutput {
  log(line: string): void;
  error(line: string): void;
}

export interface ImportCommandOptions {
  databasePath?: string;
  databaseUrl?: string;
  dataDir?: string;
  cacheDir?: string;
}

export async function runBuildingsImport(argv: string[], output: ImportOutput, options: ImportCommandOptions = {}): Promise<0 | 1 | 2> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { source: { type: 'string' }, 'no-tiles': { type: 'boolean' } } });
  } catch (error) {
    output.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  const source = parsed.values.source;
  if (!file || rest.length > 0) {
    output.error(USAGE);
    return 2;
  }
  if (source !== undefined && !(IMPORT_SOURCES as readonly string[]).includes(source)) {
    output.error(`--source must be landsd or osm, not "${source}"\n${USAGE}`);
    return 2;
  }
  if (!existsSync(file)) {
    output.error(`No such file: ${file}`);
    return 2;
  }

  const dataDir = options.dataDir ?? join(ROOT_DIR, 'data');
  const databaseUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const databasePath = resolve(options.databasePath ?? (process.env.DATABASE_PATH || join(ROOT_DIR, 'var', 'db')));
  const db = await openDatabase({ databasePath, databaseUrl, dataDir });
  try {
    output.log(databaseUrl ? `Database: PostgreSQL at ${redactDatabaseUrl(databaseUrl)}` : `Database: PGlite in ${databasePath}`);
    const store = createDatabaseBuildingStore(db);
    // The shipped sources first, as the server would, so the import merges against them.
    await seedDefaultBuildings(db, store, dataDir);
    const started = Date.now();
    const report = await importBuildings({
      file,
      store,
      source: source as ImportSource | undefined,
      onBadRow: (row) => output.error(`${file}:${row.line}: ${row.reason}`),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    output.log(
      `${report.rows} rows read as ${report.source ?? 'nothing'} in ${seconds} s: ${report.written} written, ${report.replaced} stored records replaced, ` +
        `${report.skipped} left out as duplicates, ${report.badRows} bad`,
    );
    if (report.rows === 0) {
      output.error(`${file}: no features`);
      return 2;
    }
    if (!parsed.values['no-tiles']) {
      const stats = await rebuildBuildingTiles(store, options.cacheDir ?? join(ROOT_DIR, 'var', 'cache'), dataDir);
      output.log(stats ? `Building tiles regenerated for store version ${await store.version()}` : 'Building tiles already current');
    }
    return report.badRows > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UnusableGeoJsonError)) throw error;
    output.error(`${file}: unusable input: ${error.message}`);
    return 2;
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runBuildingsImport(process.argv.slice(2), { log: console.log, error: console.error });
}
