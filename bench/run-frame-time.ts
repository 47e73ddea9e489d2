/**
 * `npm run bench:frames`: issue 14's frame-time benchmark on the shared harness bench/frameTime.ts — frame time
 * during a first-person walk (bench/firstPersonScenario.ts) and while a 1,000-vertex measurement line is drawn
 * click by click (bench/measurementScenario.ts), each against the idle map of its own page in the same run,
 * headless Debian Chromium on SwiftShader at 800x600. Prints, never asserts: the exit code is 0 unless a scenario
 * could not run. The walk goes first so its figures are out within minutes; the line takes the most time.
 *
 * Not part of `npm run bench` (bench/run.ts), whose figures come within 2 minutes: on SwiftShader each click of
 * the line costs a picking pass and a frame (about half a second each), so this run takes some 10–20 minutes.
 *
 *   DIST_DIR=/tmp/some-build npm run bench:frames   # a build made elsewhere
 *   npm run bench:frames [-- <vertices>]             # builds dist/ first when it is stale; a shorter line to try
 */
import { ensureBuildUnlessGiven } from './build';
import { WALK_FRAMES, firstPersonWalkScenario } from './firstPersonScenario';
import { benchFrameTimes } from './frameTime';
import { MEASUREMENT_LINE_VERTICES, measurementLineScenario } from './measurementScenario';
import { runBench } from './runner';

/** The whole run, a build included; the watchdog cleans up and stops it after this. */
const BUDGET_MS = 1_500_000;
/** Idle map timed per scenario: 10 s and at least as many frames as the walk (~0.5 s a frame on SwiftShader). */
const IDLE_WINDOW_MS = 10_000;

runBench('bench:frames', BUDGET_MS, async () => {
  const vertices = Number(process.argv[2] ?? MEASUREMENT_LINE_VERTICES);
  if (!Number.isInteger(vertices) || vertices < 2) {
    console.error(`bench:frames: the vertex count must be a whole number of at least 2, not "${process.argv[2]}"`);
    return 1;
  }
  await ensureBuildUnlessGiven(240_000);
  await benchFrameTimes([firstPersonWalkScenario(), measurementLineScenario(vertices)], { idleWindowMs: IDLE_WINDOW_MS, idleMinFrames: WALK_FRAMES });
  return 0;
});
