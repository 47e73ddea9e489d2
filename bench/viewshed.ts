/**
 * View shed benchmark (issue 16): the R2 horizon sweep of server/analysis/viewshed.ts against, as the baseline in
 * the same run and on the same grid, a plain line-of-sight march from the observer to every in-sector cell
 * (`viewshedByRayMarch`), at 1 km (5 m cells) and 5 km (20 m cells) all round, on the real DTM and the shipped
 * building files, from Lion Rock, a Central street and a Wong Tai Sin street. Median of several runs after a
 * warm-up; also the time to build the surface grid (shared by both) and how many cells the two disagree on.
 * Prints, never asserts.
 *
 *   npm run bench:viewshed [-- runs=7]
 */
import { join } from 'node:path';
import { viewshedCellSizeMetres } from '../core/contracts/analysis';
import { surfaceOver, viewshedGrid } from '../server/analysis/engine';
import { gridBounds, rasterise } from '../server/analysis/surface';
import { computeViewshed, viewshedByRayMarch, type ViewshedRequest } from '../server/analysis/viewshed';
import { loadDefaultBuildingRecords } from '../server/buildings/defaultSources';
import { createMemoryBuildingStore } from '../server/buildings/store';
import { getDemSampler } from '../server/terrain/dem';
import { heading, line, median, ratio } from './format';

const runs = Number((process.argv[2] ?? '7').replace(/^runs=/, ''));
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`The run count must be a whole number ≥ 1, got ${process.argv[2]}`);
  process.exit(1);
}
/** The baseline is 10–100 times slower: fewer runs keep the benchmark within a minute or two. */
const baselineRuns = Math.max(1, Math.ceil(runs / 2));

const OBSERVERS = [
  { name: 'Lion Rock summit', longitude: 114.1869, latitude: 22.3524 },
  { name: "Des Voeux Road Central", longitude: 114.1575, latitude: 22.283 },
  { name: 'Lung Cheung Road, Wong Tai Sin', longitude: 114.1935, latitude: 22.342 },
];
const DISTANCES = [1000, 5000];

function timeRuns(count: number, run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = join(import.meta.dirname, '..', 'data');
  const dem = getDemSampler(dataDir);
  const store = createMemoryBuildingStore(loadDefaultBuildingRecords(dataDir).records);
  heading(`View shed: R2 horizon sweep vs per-cell line-of-sight march (median of ${runs} / ${baselineRuns} runs)`);
  for (const distance of DISTANCES) {
    for (const observer of OBSERVERS) {
      const grid = viewshedGrid(observer, distance);
      let started = performance.now();
      const surface = await surfaceOver(dem, store, gridBounds(grid));
      const raster = rasterise(surface, dem, grid);
      const gridMs = performance.now() - started;
      const request: ViewshedRequest = { observerHeight: 1.6, heading: 0, horizontalAngle: 360, verticalAngle: 180, distance };
      let sweep = computeViewshed(raster, request);
      let march = viewshedByRayMarch(raster, request);
      const sweepMs = timeRuns(runs, () => (sweep = computeViewshed(raster, request)));
      const marchMs = timeRuns(baselineRuns, () => (march = viewshedByRayMarch(raster, request)));
      let differ = 0;
      let inSector = 0;
      for (let i = 0; i < sweep.cells.length; i++) {
        if (march.cells[i] !== '0') inSector++;
        if (sweep.cells[i] !== march.cells[i]) differ++;
      }
      started = performance.now();
      heading(`${observer.name}, ${distance / 1000} km`);
      line('grid', `${raster.size} × ${raster.size} cells of ${viewshedCellSizeMetres(distance)} m, ${surface.buildings.length} buildings; built in ${ms(gridMs)}`);
      line('R2 horizon sweep', `${ms(sweepMs)} (visible ${(sweep.visibleShare * 100).toFixed(1)} %)`);
      line('baseline: per-cell ray march', `${ms(marchMs)} (visible ${(march.visibleShare * 100).toFixed(1)} %)`);
      line('ratio sweep / baseline', ratio(sweepMs, marchMs));
      line('cells the two disagree on', `${differ.toLocaleString('en-US')} of ${inSector.toLocaleString('en-US')} (${((differ / Math.max(1, inSector)) * 100).toFixed(2)} %)`);
    }
  }
}

await main();
