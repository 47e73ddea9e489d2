/**
 * `npm run bench:shadows`: issue 16's shadow benchmark on the shared harness bench/frameTime.ts — frame time with
 * the shadow view on against the same scene with it off, same page, same run (bench/shadowScenario.ts), headless
 * Debian Chromium on SwiftShader at 800x600. Prints the ratio, never asserts: the exit code is 0 unless the
 * scenario could not run.
 *
 *   DIST_DIR=/tmp/some-build npm run bench:shadows   # a build made elsewhere
 *   npm run bench:shadows [-- <frames>]              # builds dist/ first when it is stale
 */
import { ensureBuildUnlessGiven } from './build';
import { benchFrameTimes } from './frameTime';
import { SHADOW_FRAMES, shadowScenario } from './shadowScenario';
import { runBench } from './runner';

/** The whole run, a build included; the watchdog cleans up and stops it after this. */
const BUDGET_MS = 900_000;

runBench('bench:shadows', BUDGET_MS, async () => {
  const frames = Number(process.argv[2] ?? SHADOW_FRAMES);
  if (!Number.isInteger(frames) || frames < 2) {
    console.error(`bench:shadows: the frame count must be a whole number of at least 2, not "${process.argv[2]}"`);
    return 1;
  }
  await ensureBuildUnlessGiven(240_000);
  await benchFrameTimes([shadowScenario(frames)], { idleWindowMs: 10_000, idleMinFrames: frames });
  return 0;
});
