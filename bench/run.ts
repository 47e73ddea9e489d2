/**
 * `npm run bench`: prints the performance figures of DESIGN "Performance principles", each against a baseline
 * measured in the same run. Prints, never asserts: the exit code is 0 unless a benchmark could not run.
 * Stops by itself: a watchdog ends the run (cleaning up the server and browser) after {@link BUDGET_MS}, a
 * build included. Order: 1, 2, 3, so the manifest timings run with the server and browser already stopped.
 *
 *   1. bundle.ts     gzip JavaScript before Cesium is requested vs the Cesium chunk(s); goal ≤ 150 kB
 *   2. frames.ts     idle frames in 5 s, requestRenderMode vs Cesium's continuous loop; goal 0
 *   3. manifests.ts  validateManifests over 1,000 overlay manifests vs a JSON deep copy; goal < 200 ms
 */
import { benchBundle } from './bundle';
import { ensureBuild } from './build';
import { benchFrames } from './frames';
import { benchManifests } from './manifests';
import { runBench } from './runner';

/** The whole run, a build included, stays under 2 minutes. */
const BUDGET_MS = 115_000;

runBench('bench', BUDGET_MS, async ({ elapsed, stopping }) => {
  let failures = 0;
  const attempt = async (name: string, run: () => unknown) => {
    if (stopping()) return;
    try {
      await run();
    } catch (error) {
      failures += 1;
      if (stopping()) return;
      console.error(`  ${name} could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // A fresh production build takes ~35 s on 2 cores.
  const buildMs = await ensureBuild(BUDGET_MS - 60_000);
  if (buildMs > 0) console.log(`built in ${(buildMs / 1000).toFixed(1)} s`);
  await attempt('bundle', () => benchBundle());
  // What is left, less start-up, the two 5 s windows and the manifest runs, may go to waiting for tiles.
  const left = BUDGET_MS - elapsed();
  await attempt('frames', () => benchFrames(Math.max(10_000, Math.min(40_000, (left - 35_000) / 2))));
  await attempt('manifests', () => benchManifests());
  return failures === 0 ? 0 : 1;
});
