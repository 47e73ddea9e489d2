/**
 * `npm run bench:buildings:import [-- --count 350000]`: the building importer on a territory-sized input.
 * Generates N synthetic buildings in the LandsD "Building Footprint Public" format (HK1980 Grid rectangles on a
 * 60 m lattice over 810–860 km E, 810–845 km N, one feature per line) into a temporary file, generated for this
 * run only and deleted after. Then, each in its own process so each peak memory is its own:
 *   - baseline: stream and read the same file (tokenizer, JSON.parse, reader) without a database;
 *   - import: the same into a fresh temporary PGlite (tiles not rebuilt: their time is the tiles' benchmark's).
 * Prints time, rate and peak RSS of both and the ratio. Goal (issue 11): 350 000 buildings under 5 minutes and
 * 1 GB. Prints, never asserts.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabaseBuildingStore } from '../server/buildings/databaseStore';
import { geoJsonFileFeatures } from '../server/buildings/geojsonStream';
import { importBuildings } from '../server/buildings/importer';
import { BuildingRowError, readLandsdFootprintFeature, type GeoJsonFeature } from '../server/buildings/readers';
import { openPglite } from '../server/db/pglite';
import { applyMigrations } from '../server/db/migrate';
import { mulberry32 } from '../server/data/seededRandom';

const LATTICE_METRES = 60;
const COLUMNS = Math.floor((860_000 - 810_000) / LATTICE_METRES);
const CATEGORIES = ['Residential', 'Commercial', 'Industrial', 'Government, Institution or Community', 'Religious', 'Others'];

async function writeSyntheticExport(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  // Seeded, so every run imports the same file.
  const next = mulberry32(11);
  await write('{"type":"FeatureCollection","name":"BUILDING_STRUCTURE","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::2326"}},"features":[\n');
  for (let index = 0; index < count; index += 1) {
    const east = 810_000 + (index % COLUMNS) * LATTICE_METRES + next() * 10;
    const north = 810_000 + Math.floor(index / COLUMNS) * LATTICE_METRES + next() * 10;
    const width = 10 + next() * 30;
    const depth = 10 + next() * 30;
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const ring = [
      [east, north],
      [east + width, north],
      [east + width, north + depth],
      [east, north + depth],
      [east, north],
    ].map(([e, n]) => [round(e), round(n)]);
    const base = Math.round(next() * 800) / 10;
    const storeys = 1 + Math.floor(next() * 60);
    const properties = {
      BUILDINGCSUID: `${String(8_000_000_000 + index).padStart(10, '0')}T20200101`,
      BASEHEIGHT: base,
      TOPHEIGHT: Math.round((base + storeys * 3.1) * 10) / 10,
      NUMABOVEGROUNDSTOREYS: storeys,
      CATEGORY: CATEGORIES[index % CATEGORIES.length],
      OFFICIALBUILDINGNAMEEN: index % 7 === 0 ? `Synthetic Building ${index}` : null,
      OFFICIALBUILDINGNAMETC: index % 7 === 0 ? `合成大廈${index}` : null,
    };
    await write(`${index === 0 ? '' : ',\n'}{"type":"Feature","properties":${JSON.stringify(properties)},"geometry":{"type":"Polygon","coordinates":[${JSON.stringify(ring)}]}}`);
  }
  await write('\n]}\n');
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

interface PhaseResult {
  seconds: number;
  peakRssMegabytes: number;
  rows: number;
  written?: number;
  skipped?: number;
  badRows: number;
}

/** Runs inside a child process: one phase, its figures as one JSON line. */
async function runPhase(phase: 'parse' | 'import', file: string, databaseDir: string): Promise<PhaseResult> {
  const started = performance.now();
  if (phase === 'parse') {
    const read = readLandsdFootprintFeature('bench');
    let rows = 0;
    let badRows = 0;
    for await (const item of geoJsonFileFeatures(file)) {
      rows += 1;
      try {
        if ('error' in item) throw new BuildingRowError(item.error);
        read(JSON.parse(item.text) as GeoJsonFeature);
      } catch {
        badRows += 1;
      }
    }
    return { seconds: (performance.now() - started) / 1000, peakRssMegabytes: process.resourceUsage().maxRSS / 1024, rows, badRows };
  }
  const db = await openPglite(databaseDir);
  await applyMigrations(db);
  const report = await importBuildings({ file, store: createDatabaseBuildingStore(db) });
  await db.close();
  return {
    seconds: (performance.now() - started) / 1000,
    peakRssMegabytes: process.resourceUsage().maxRSS / 1024,
    rows: report.rows,
    written: report.written,
    skipped: report.skipped,
    badRows: report.badRows,
  };
}

function child(phase: 'parse' | 'import', file: string, databaseDir: string): PhaseResult {
  const result = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--phase', phase, '--file', file, '--db', databaseDir], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (result.status !== 0) throw new Error(`${phase} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as PhaseResult;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '350000' }, phase: { type: 'string' }, file: { type: 'string' }, db: { type: 'string' } } });
  if (values.phase === 'parse' || values.phase === 'import') {
    console.log(JSON.stringify(await runPhase(values.phase, values.file ?? '', values.db ?? '')));
    return;
  }
  const count = Number(values.count);
  const folder = await mkdtemp(join(tmpdir(), 'buildings-import-bench-'));
  try {
    const file = join(folder, 'synthetic_building_structure.geojson');
    const generationStarted = performance.now();
    await writeSyntheticExport(file, count);
    console.log(`Generated ${count} synthetic LandsD buildings in ${((performance.now() - generationStarted) / 1000).toFixed(1)} s (${file}, deleted after the run)`);
    const parse = child('parse', file, '');
    const imported = child('import', file, join(folder, 'db'));
    const line = (name: string, result: PhaseResult) =>
      `${name.padEnd(34)} ${result.seconds.toFixed(1).padStart(7)} s  ${Math.round(result.rows / result.seconds).toString().padStart(7)} rows/s  peak RSS ${Math.round(result.peakRssMegabytes)} MB`;
    console.log(line('baseline: stream + read, no database', parse));
    console.log(line('import into a fresh PGlite', imported));
    console.log(`  ${imported.written} written, ${imported.skipped} left out as duplicates, ${imported.badRows} bad rows`);
    console.log(`import / baseline time: ${(imported.seconds / parse.seconds).toFixed(1)}x; goal: under 300 s and 1024 MB -> ${imported.seconds < 300 && imported.peakRssMegabytes < 1024 ? 'met' : 'NOT met'}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
