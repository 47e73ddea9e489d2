/**
 * `npm run bench:buildings` (issue 11): the same buildings drawn as Cesium Entities (one extruded polygon each, the
 * baseline) and as our 3D Tiles (the server's generator, server/buildings/tiles), in the same run, same browser,
 * same page: time to first complete frame and median frame time over a scripted flight, at the real building
 * count and at 10x (synthetic copies, offset in space so every copy is drawn beside the real ones; for the tiles a
 * test-only tileset generated from a memory store of the copies into a temp folder). Then helper A's importer
 * benchmark (bench/buildings-import.ts, 350,000 generated buildings) when it is there. Prints, never asserts;
 * a watchdog bounds the whole run.
 *
 * The buildings come from `GET /mapviewer/api/buildings?bbox=` of a portal started for the run, cell by cell over
 * the covered areas (`/buildings/coverage`); without those calls they are read with the store's own loader (the
 * same records the server seeds), and the figures say which. Headless Debian Chromium on SwiftShader at 800x600, page bundled with vite
 * and served with Cesium's prebuilt build by the harness shared with bench/cluster.ts (bench/cesiumPage.ts).
 */
import type { Browser } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUILDING_QUERY_MAX_LIMIT,
  BUILDING_QUERY_MAX_SPAN_DEGREES,
  buildingCoverageResponseSchema,
  buildingQueryResponseSchema,
  type BuildingRecord,
} from '../core/contracts/buildings';
import { loadDefaultBuildingRecords } from '../server/buildings/defaultSources';
import { createMemoryBuildingStore } from '../server/buildings/store';
import { overlayManifestSchema } from '../core/manifests/schemas';
import { tilesetOptions } from '../core/overlay/sources/tilesetSource';
import { buildingExtent } from '../server/buildings/tiles/geometry';
import { writeBuildingTileset } from '../server/buildings/tiles/writeTileset';
import { getDemSampler } from '../server/terrain/dem';
import type { BenchBuilding, BenchRunFigures, BenchRunOptions } from './buildings/page';
import { ROOT } from './build';
import { newBenchContext, openBenchPage, startCesiumBenchPage } from './cesiumPage';
import { onCleanup, onExit } from './cleanup';
import { heading, line, median, ratio } from './format';
import { runBench } from './runner';
import { startServer } from './server';

/** The whole run, importer included. */
const BUDGET_MS = 540_000;
/** The importer benchmark's share of it (it runs last; 350,000 buildings). */
const IMPORTER_BUDGET_MS = 300_000;
const DATA_DIR = join(ROOT, 'data');
/** Copies per building at 10x: the real one and nine offset ones. */
const COPIES = 10;
/** Offset between copies, degrees (about 110 m east, 130 m north steps): copies sit beside the real buildings. */
const COPY_STEP = { longitude: 0.0011, latitude: 0.0012 };
/** The flight: a 45° orbit of Kwun Tong and Kowloon Bay (the densest covered area), then a low pass. */
const FLIGHT = { centre: { longitude: 114.2215, latitude: 22.3135 }, orbitRadiusMetres: 1_800, frames: 60 };
/** Per run: time for the first complete frame, and for the flight (the baseline's frames are slow). */
const FIRST_FRAME_TIMEOUT_MS = 90_000;
const FLIGHT_BUDGET_MS = 25_000;

/** The buildings layer's tileset options (screen-space errors of full rendering and light mode). */
const TILESET_OPTIONS = tilesetOptions(overlayManifestSchema.parse(JSON.parse(readFileSync(join(ROOT, 'manifests', 'overlays', 'buildings.json'), 'utf8'))));

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** Bounds [west, south, east, north] of every position under a GeoJSON coordinates array. */
function coordinateBounds(coordinates: unknown, bounds = [Infinity, Infinity, -Infinity, -Infinity]): number[] {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') {
    const [longitude, latitude] = coordinates as number[];
    return [Math.min(bounds[0], longitude), Math.min(bounds[1], latitude), Math.max(bounds[2], longitude), Math.max(bounds[3], latitude)];
  }
  return Array.isArray(coordinates) ? coordinates.reduce((all: number[], child) => coordinateBounds(child, all), bounds) : bounds;
}

/**
 * Every building of the portal through its own calls: the covered areas (`GET /mapviewer/api/buildings/coverage`),
 * each cut into cells the bbox call accepts (sides ≤ BUILDING_QUERY_MAX_SPAN_DEGREES), each cell read with
 * `GET /mapviewer/api/buildings?bbox=` (halved again when an answer is truncated), de-duplicated by id. Falls back
 * to the store's loader (the records the server seeds) when those calls are not there, and says so.
 */
async function loadBuildings(): Promise<{ records: BuildingRecord[]; from: string }> {
  const server = await startServer(120_000);
  try {
    const coverage = await fetch(`${server.origin}/mapviewer/api/buildings/coverage`);
    if (!coverage.ok) return { records: loadDefaultBuildingRecords(DATA_DIR).records, from: `the store loader (the coverage call answered HTTP ${coverage.status})` };
    const areas = buildingCoverageResponseSchema.parse(await coverage.json()).features.map((feature) => coordinateBounds(feature.geometry.coordinates));
    const records = new Map<string, BuildingRecord>();
    let calls = 0;
    const readCell = async (west: number, south: number, east: number, north: number): Promise<void> => {
      const bbox = [west, south, east, north].map((value) => value.toFixed(6)).join(',');
      const response = await fetch(`${server.origin}/mapviewer/api/buildings?bbox=${bbox}&limit=${BUILDING_QUERY_MAX_LIMIT}`);
      calls += 1;
      if (!response.ok) throw new Error(`GET /mapviewer/api/buildings?bbox=${bbox}: HTTP ${response.status}`);
      const answer = buildingQueryResponseSchema.parse(await response.json());
      if (answer.truncated) {
        const middleLongitude = (west + east) / 2;
        const middleLatitude = (south + north) / 2;
        for (const [w, s, e, n] of [
          [west, south, middleLongitude, middleLatitude],
          [middleLongitude, south, east, middleLatitude],
          [west, middleLatitude, middleLongitude, north],
          [middleLongitude, middleLatitude, east, north],
        ]) await readCell(w, s, e, n);
        return;
      }
      for (const record of answer.records) records.set(record.id, record);
    };
    const step = BUILDING_QUERY_MAX_SPAN_DEGREES * 0.99;
    for (const [west, south, east, north] of areas) {
      for (let cellWest = west; cellWest < east; cellWest += step) {
        for (let cellSouth = south; cellSouth < north; cellSouth += step) {
          await readCell(cellWest, cellSouth, Math.min(east + 1e-6, cellWest + step), Math.min(north + 1e-6, cellSouth + step));
        }
      }
    }
    return { records: [...records.values()], from: `${calls} calls of GET /mapviewer/api/buildings?bbox= over the ${areas.length} covered areas` };
  } finally {
    await server.stop();
  }
}

/** `copies` copies of every record, copy k offset by k steps on a 5-wide grid, with ids of their own. */
export function copiedRecords(records: readonly BuildingRecord[], copies: number): BuildingRecord[] {
  const result: BuildingRecord[] = [];
  for (let k = 0; k < copies; k += 1) {
    const dLongitude = (k % 5) * COPY_STEP.longitude;
    const dLatitude = Math.floor(k / 5) * COPY_STEP.latitude;
    for (const record of records) {
      result.push(
        k === 0
          ? record
          : {
              ...record,
              id: `${record.id.slice(0, 56)}#copy${k}`,
              footprint: record.footprint.map((ring) => ring.map(([longitude, latitude]) => [longitude + dLongitude, latitude + dLatitude] as [number, number])),
            },
      );
    }
  }
  return result;
}

/** Writes the tileset of `records` (the server's generator on a memory store) and the entities' JSON into `dir`. */
async function prepare(records: BuildingRecord[], dir: string): Promise<{ tiles: number; contentBytes: number; generatedMs: number }> {
  const dem = getDemSampler(DATA_DIR);
  const written = await writeBuildingTileset({
    store: createMemoryBuildingStore(records),
    dem,
    contentDir: join(dir, 'content'),
    contentUriPrefix: 'content',
    tilesetVersion: 'bench',
  });
  if (!written) throw new Error('no buildings to tile');
  writeFileSync(join(dir, 'tileset.json'), JSON.stringify(written.tileset));
  // The entities stand exactly where the tiles do: the generator's own base and roof heights.
  const buildings: BenchBuilding[] = records.map((record) => {
    const extent = buildingExtent(record, dem);
    return { ring: record.footprint[0].slice(0, -1).flat(), baseMetres: extent.baseMetres, topMetres: extent.topMetres };
  });
  writeFileSync(join(dir, 'buildings.json'), JSON.stringify(buildings));
  return { tiles: written.stats.tiles, contentBytes: written.stats.contentBytes, generatedMs: written.stats.milliseconds };
}

async function runInPage(browser: Browser, origin: string, options: BenchRunOptions): Promise<BenchRunFigures | null> {
  const context = await newBenchContext(browser);
  try {
    const page = await openBenchPage(context, origin, '__buildingsBench', (message) => {
      if (process.env.BUILDINGS_BENCH_VERBOSE) console.log(`    [${options.engine}] ${message.text()}`);
    });
    const pageLimitMs = options.firstFrameTimeoutMs + options.flightBudgetMs + 60_000;
    return await Promise.race([
      page.evaluate(
        (runOptions) =>
          (window as unknown as { __buildingsBench: { run(o: typeof runOptions): Promise<BenchRunFigures> } }).__buildingsBench.run(runOptions),
        options,
      ),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), pageLimitMs)),
    ]);
  } finally {
    await context.close();
  }
}

function describeRun(label: string, figures: BenchRunFigures | null): number | null {
  if (!figures) {
    line(label, 'did not finish in time');
    return null;
  }
  const first = figures.firstCompleteFrameMs === null ? `not complete within ${seconds(FIRST_FRAME_TIMEOUT_MS)}` : seconds(figures.firstCompleteFrameMs);
  const frame = figures.frameMs.length ? median(figures.frameMs) : Number.NaN;
  line(label, `first complete frame ${first} (${figures.framesToComplete} frames); flight median ${ms(frame)} over ${figures.frameMs.length} frames, max ${ms(Math.max(...figures.frameMs))}`);
  return figures.firstCompleteFrameMs;
}

async function benchRendering(deadline: number): Promise<void> {
  heading('Buildings: 3D Tiles vs Entities (extruded polygons), headless Chromium + SwiftShader, 800x600');
  const loaded = await loadBuildings();
  line('buildings', `${loaded.records.length.toLocaleString('en-US')} from ${loaded.from}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'hkmap-buildings-bench-data-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const { origin, browser } = await startCesiumBenchPage({
    title: 'buildings bench',
    entry: join(ROOT, 'bench', 'buildings', 'page.ts'),
    tempPrefix: 'hkmap-buildings-bench-page-',
    dataRoots: { '/data/': dataDir },
  });
  try {
    for (const copies of [1, COPIES]) {
      const records = copiedRecords(loaded.records, copies);
      const folder = `x${copies}`;
      const prepared = await prepare(records, join(dataDir, folder));
      console.log(`\n  ${copies}x: ${records.length.toLocaleString('en-US')} buildings (tileset: ${prepared.tiles} tiles, ${(prepared.contentBytes / 1e6).toFixed(1)} MB GLB, generated in ${seconds(prepared.generatedMs)})`);
      const common = { ...FLIGHT, firstFrameTimeoutMs: FIRST_FRAME_TIMEOUT_MS, flightBudgetMs: FLIGHT_BUDGET_MS };
      if (performance.now() > deadline) {
        line('skipped', 'out of time');
        break;
      }
      const entities = await runInPage(browser, origin, { engine: 'entities', buildingsUrl: `${origin}/data/${folder}/buildings.json`, ...common });
      const entitiesFirst = describeRun('Entities (baseline)', entities);
      // The layer's own screen-space errors (manifests/overlays/buildings.json): full rendering and light mode.
      for (const [mode, error] of [
        ['full', TILESET_OPTIONS.maximumScreenSpaceError],
        ['light mode', TILESET_OPTIONS.liteMaximumScreenSpaceError],
      ] as const) {
        const tiles = await runInPage(browser, origin, { engine: 'tiles', tilesetUrl: `${origin}/data/${folder}/tileset.json`, maximumScreenSpaceError: error, ...common });
        const tilesFirst = describeRun(`3D Tiles (ours, ${mode}, SSE ${error})`, tiles);
        if (!tiles || !entities || !tiles.frameMs.length || !entities.frameMs.length) continue;
        const tilesFrame = median(tiles.frameMs);
        const entitiesFrame = median(entities.frameMs);
        line('  ratio tiles / entities, frame', `${ratio(tilesFrame, entitiesFrame)} (${(entitiesFrame / tilesFrame).toFixed(1)}x faster per frame)`);
        if (tilesFirst !== null && entitiesFirst !== null) {
          line('  ratio tiles / entities, first frame', `${ratio(tilesFirst, entitiesFirst)} (${(entitiesFirst / tilesFirst).toFixed(1)}x sooner)`);
        } else if (tilesFirst !== null) {
          line('  ratio tiles / entities, first frame', `< ${ratio(tilesFirst, FIRST_FRAME_TIMEOUT_MS)} (the baseline never completed; a bound)`);
        }
        if (copies === COPIES) line('  goal at 10x', `3D Tiles ≥ 10x faster per frame: ${entitiesFrame / tilesFrame >= 10 ? 'met' : 'not met'}`);
      }
    }
  } finally {
    await browser.close();
  }
}

/** Runs helper A's importer benchmark (350,000 generated buildings) as its own process, its output as it comes. */
function benchImporter(budgetMs: number): Promise<void> {
  heading('Importer (bench/buildings-import.ts)');
  const script = join(ROOT, 'bench', 'buildings-import.ts');
  if (!existsSync(script)) {
    line('importer benchmark', 'bench/buildings-import.ts is not in this checkout yet: not run');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const kill = () => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    };
    const removeExit = onExit(kill);
    const timer = setTimeout(() => {
      line('importer benchmark', `stopped after ${seconds(budgetMs)}`);
      kill();
    }, budgetMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      removeExit();
      if (code !== 0) line('importer benchmark', `exited with ${code}`);
      resolve();
    });
  });
}

runBench('bench:buildings', BUDGET_MS, async ({ started }) => {
  await benchRendering(started + BUDGET_MS - IMPORTER_BUDGET_MS - 30_000);
  await benchImporter(Math.max(10_000, started + BUDGET_MS - 15_000 - performance.now()));
  return 0;
});
