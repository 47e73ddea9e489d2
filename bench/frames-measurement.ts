/**
 * Measurement frame-time benchmark (issue 14), on the shared harness bench/frameTime.ts: frame time while a
 * 1,000-vertex distance line is drawn click by click (bench/measurementScenario.ts) against the idle map, same
 * page, same run, headless Debian Chromium on SwiftShader at 800x600. Prints, never asserts.
 *
 *   DIST_DIR=/tmp/some-build npx tsx bench/frames-measurement.ts   # a build made elsewhere
 *   npx tsx bench/frames-measurement.ts [vertices]                   # builds dist/ first when it is stale
 */
import { ensureBuild } from './build';
import { benchFrameTimes } from './frameTime';
import { MEASUREMENT_LINE_VERTICES, measurementLineScenario } from './measurementScenario';
import { runBench } from './runner';

/** The whole run, a build included: each click costs a picking pass, about half a second on SwiftShader. */
const BUDGET_MS = 1_200_000;

runBench('bench:measurement', BUDGET_MS, async () => {
  if (!process.env.DIST_DIR) {
    const buildMs = await ensureBuild(240_000);
    if (buildMs > 0) console.log(`built in ${(buildMs / 1000).toFixed(1)} s`);
  }
  const vertices = Number(process.argv[2] ?? MEASUREMENT_LINE_VERTICES);
  await benchFrameTimes([measurementLineScenario(vertices)]);
  return 0;
});
