/**
 * First-person frame-time benchmark (issue 14): the real map page (plugins/first-person) in headless Debian Chromium
 * on SwiftShader at 800x600. In one run, same browser, same server, same place (the open ground of Happy Valley
 * Recreation Ground, the browser test's):
 *
 *   1. idle map: the camera at eye height there, turned a hair each frame (so every frame is rendered), no tool;
 *   2. walking: first-person view entered there by its tool and a click, W held — the walker's own frames (it samples
 *      the ground ahead with the 3D buildings and places the camera every frame).
 *
 * Frame time is the interval between animation frames (median and 95th percentile, ms); the figure to read is the
 * ratio walking / idle. Prints, never asserts.
 *
 *   DIST_DIR=/tmp/some-build npx tsx bench/frames-first-person.ts   # a build made elsewhere
 *   npx tsx bench/frames-first-person.ts                             # builds dist/ first when it is stale
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/chromium';
import { ensureBuild } from './build';
import { onCleanup } from './cleanup';
import { heading, line, median, ratio } from './format';
import { runBench } from './runner';
import { startServer } from './server';

/** Frames timed in each phase. */
const TIMED_FRAMES = 60;
const PLACE = { longitude: 114.1825, latitude: 22.2725 };
const EYE_HEIGHT_METERS = 1.7;
/** The whole run, a build included. */
const BUDGET_MS = 600_000;

interface FrameTimes {
  medianMs: number;
  p95Ms: number;
  rendered: number;
}

function summarise(result: { intervals: number[]; rendered: number }): FrameTimes {
  const sorted = [...result.intervals].sort((a, b) => a - b);
  return { medianMs: median(sorted), p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)], rendered: result.rendered };
}

/** Times `count` animation frames; with `view`, turns the camera there by a hundredth of a degree each frame. */
async function timeFrames(page: Page, count: number, view: { longitude: number; latitude: number; heightMeters: number } | null): Promise<FrameTimes> {
  const result = await page.evaluate(
    async ({ frames, at }) => {
      const hook = window.__hkmap!;
      const before = hook.framesRendered();
      const intervals: number[] = [];
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let step = 1; step <= frames; step += 1) {
        if (at) hook.setView({ ...at, headingDegrees: (step % 2) * 0.01, pitchDegrees: 0 });
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        intervals.push(now - last);
        last = now;
      }
      return { intervals, rendered: hook.framesRendered() - before };
    },
    { frames: count, at: view },
  );
  return summarise(result);
}

const describeFrames = (times: FrameTimes) => `median ${times.medianMs.toFixed(1)} ms, p95 ${times.p95Ms.toFixed(1)} ms (${times.rendered} frames rendered)`;

runBench('bench:first-person', BUDGET_MS, async () => {
  if (!process.env.DIST_DIR) {
    const buildMs = await ensureBuild(240_000);
    if (buildMs > 0) console.log(`built in ${(buildMs / 1000).toFixed(1)} s`);
  }
  heading('First-person frame time: walking vs the idle map at eye height, headless Chromium + SwiftShader, 800x600');
  const server = await startServer(60_000);
  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanup(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem('hk3dmap.landingDismissed', '1'));
    await page.goto(`${server.origin}/mapviewer/app/map`);
    await page.waitForFunction(() => window.__hkmap?.tilesLoaded() === true, undefined, { timeout: 120_000, polling: 100 });
    const ground = (await page.evaluate((place) => window.__hkmap!.sampleHeight(place.longitude, place.latitude), PLACE)) ?? 0;
    const eye = { ...PLACE, heightMeters: ground + EYE_HEIGHT_METERS };
    await page.evaluate((view) => window.__hkmap!.setView({ ...view, headingDegrees: 0, pitchDegrees: 0 }), eye);
    await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: 120_000, polling: 100 });
    // One untimed pass so both timed passes start with the tiles of this view in memory.
    await timeFrames(page, 10, eye);
    const idle = await timeFrames(page, TIMED_FRAMES, eye);
    line('idle map at eye height', describeFrames(idle));

    // Enter as a user does: the tool, then a click on the place seen from above.
    await page.evaluate((place) => window.__hkmap!.setView({ ...place, longitude: place.longitude - 0.003, heightMeters: 1500, headingDegrees: 0, pitchDegrees: -90 }), PLACE);
    await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: 120_000, polling: 100 });
    await page.getByRole('button', { name: 'First-person view', exact: true }).click();
    const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
    const at = (await page.evaluate(({ place, height }) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, height), { place: PLACE, height: ground }))!;
    await page.mouse.click(box.x + at.x, box.y + at.y);
    await page.getByTestId('first-person-panel').and(page.locator('[data-phase="walking"]')).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: 120_000, polling: 100 });
    const start = await page.evaluate(() => window.__hkmap!.cameraState()!);
    await page.keyboard.down('w');
    const walking = await timeFrames(page, TIMED_FRAMES, null);
    await page.keyboard.up('w');
    const end = await page.evaluate(() => window.__hkmap!.cameraState()!);
    const walkedMeters = Math.hypot((end.latitude - start.latitude) * 110_760, (end.longitude - start.longitude) * 110_760 * Math.cos((PLACE.latitude * Math.PI) / 180));
    line('walking (W held)', `${describeFrames(walking)}, ${walkedMeters.toFixed(1)} m walked`);
    line('ratio walking / idle (median)', ratio(walking.medianMs, idle.medianMs));
    line('ratio walking / idle (p95)', ratio(walking.p95Ms, idle.p95Ms));
    await context.close();
    return 0;
  } finally {
    await browser.close();
    await server.stop();
  }
});
