/**
 * Measurement frame-time benchmark (issue 14): the real map page (plugins/measurement) in headless Debian Chromium
 * on SwiftShader at 800x600. In one run, same browser, same server, same view over Victoria Harbour:
 *
 *   1. idle map: frame time while the camera turns a little each frame (so every frame is rendered), no measurement;
 *   2. drawing: the distance tool gets 1,000 clicks (a zigzag over the map) — the time until the panel lists the
 *      1,000 points, the time per point, and the frames drawn meanwhile;
 *   3. drawn: the same camera turns with the 1,000-vertex line (ground polyline, points and its total label) drawn.
 *
 * Frame time is the interval between animation frames while each one renders (median and 95th percentile, ms);
 * the figure to read is the ratio drawn / idle. Prints, never asserts.
 *
 * The clicks are pointer events dispatched on the map's canvas from inside the page, a batch per round trip: each
 * still goes through Cesium's click handler, the core's picking and the plugin, but no round trip to the browser
 * per click is timed (SwiftShader draws a frame in about half a second on a busy 2-core machine).
 *
 *   DIST_DIR=/tmp/some-build npx tsx bench/frames-measurement.ts   # a build made elsewhere
 *   npx tsx bench/frames-measurement.ts [vertices]                   # builds dist/ first when it is stale
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/chromium';
import { ensureBuild } from './build';
import { onCleanup } from './cleanup';
import { heading, line, median, ratio } from './format';
import { runBench } from './runner';
import { startServer } from './server';

/** Vertices of the measured line: 1,000, or the number given as the first argument (a quicker look). */
export const VERTICES = Number(process.argv[2] ?? 1_000);
/** Frames timed in each camera phase. */
const TIMED_FRAMES = 60;
/** Straight down from 5 km over the harbour (the browser test's view). */
const VIEW = { longitude: 114.1603, latitude: 22.2915, heightMeters: 5000, pitchDegrees: -90 };
/** The whole run, a build included: each click costs a picking pass, about half a second on SwiftShader. */
const BUDGET_MS = 1_200_000;
/** Clicks dispatched per round trip to the page. */
const CLICK_BATCH = 50;
/** Longest wait for the points to be listed. */
const DRAWING_TIMEOUT_MS = 900_000;

interface FrameTimes {
  medianMs: number;
  p95Ms: number;
  rendered: number;
}

/** Turns the camera by a hundredth of a degree per animation frame for `frames` frames; times each frame. */
async function timeFrames(page: Page, frames: number, view: typeof VIEW): Promise<FrameTimes> {
  const result = await page.evaluate(
    async ({ count, at }) => {
      const hook = window.__hkmap!;
      const before = hook.framesRendered();
      const intervals: number[] = [];
      // A plain loop, no named function: tsx would wrap one in a helper the page does not have.
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let step = 1; step <= count; step += 1) {
        hook.setView({ ...at, headingDegrees: (step % 2) * 0.01 });
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        intervals.push(now - last);
        last = now;
      }
      return { intervals, rendered: hook.framesRendered() - before };
    },
    { count: frames, at: view },
  );
  const sorted = [...result.intervals].sort((a, b) => a - b);
  return { medianMs: median(sorted), p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)], rendered: result.rendered };
}

const describeFrames = (times: FrameTimes) => `median ${times.medianMs.toFixed(1)} ms, p95 ${times.p95Ms.toFixed(1)} ms (${times.rendered} frames rendered)`;

/** Screen points of a zigzag over the right-hand part of the map (clear of the measure panel on the left). */
function zigzag(count: number, width: number, height: number): Array<{ x: number; y: number }> {
  const columns = 40;
  const left = 400;
  const right = width - 80;
  const top = 110;
  const bottom = height - 110;
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const across = row % 2 === 0 ? column : columns - 1 - column;
    return { x: left + ((right - left) * across) / (columns - 1), y: top + ((bottom - top) * (row % 25)) / 24 };
  });
}

runBench('bench:measurement', BUDGET_MS, async () => {
  if (!process.env.DIST_DIR) {
    const buildMs = await ensureBuild(240_000);
    if (buildMs > 0) console.log(`built in ${(buildMs / 1000).toFixed(1)} s`);
  }
  heading(`Measurement frame time: a ${VERTICES.toLocaleString('en')}-vertex distance line vs the idle map, headless Chromium + SwiftShader, 800x600`);
  const server = await startServer(60_000);
  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanup(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem('hk3dmap.landingDismissed', '1'));
    await page.goto(`${server.origin}/mapviewer/app/map`);
    await page.waitForFunction(() => window.__hkmap?.tilesLoaded() === true, undefined, { timeout: 120_000, polling: 100 });
    await page.evaluate((view) => window.__hkmap!.setView(view), VIEW);
    await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: 120_000, polling: 100 });
    // One untimed pass so both timed passes start with the tiles of this view in memory.
    await timeFrames(page, 10, VIEW);

    const idle = await timeFrames(page, TIMED_FRAMES, VIEW);
    line('idle map', describeFrames(idle));

    await page.getByRole('button', { name: 'Measure', exact: true }).click();
    await page.getByRole('button', { name: 'Distance', exact: true }).click();
    const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
    const framesBefore = await page.evaluate(() => window.__hkmap!.framesRendered());
    const started = performance.now();
    const points = zigzag(VERTICES, box.width, box.height);
    for (let from = 0; from < points.length; from += CLICK_BATCH) {
      await page.evaluate((batch) => {
        const canvas = document.querySelector<HTMLCanvasElement>('.map-view__canvas canvas')!;
        const box = canvas.getBoundingClientRect();
        for (const point of batch) {
          const init = { clientX: box.left + point.x, clientY: box.top + point.y, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true };
          canvas.dispatchEvent(new PointerEvent('pointerdown', init));
          canvas.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }));
        }
      }, points.slice(from, from + CLICK_BATCH));
    }
    const clickedMs = performance.now() - started;
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-measurement="1"] [data-quantity^="segment-"]').length === count - 1,
      VERTICES,
      { timeout: DRAWING_TIMEOUT_MS, polling: 250 },
    );
    const drawingMs = performance.now() - started;
    const drawingFrames = (await page.evaluate(() => window.__hkmap!.framesRendered())) - framesBefore;
    line('drawing: clicks sent', `${(clickedMs / 1000).toFixed(1)} s`);
    line(`drawing: ${VERTICES} points listed`, `${(drawingMs / 1000).toFixed(1)} s, ${(drawingMs / VERTICES).toFixed(1)} ms per point, ${drawingFrames} frames`);

    await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: 60_000, polling: 100 });
    const drawn = await timeFrames(page, TIMED_FRAMES, VIEW);
    line(`${VERTICES}-vertex line drawn`, describeFrames(drawn));
    line('ratio drawn / idle (median)', ratio(drawn.medianMs, idle.medianMs));
    line('ratio drawn / idle (p95)', ratio(drawn.p95Ms, idle.p95Ms));
    await context.close();
    return 0;
  } finally {
    await browser.close();
    await server.stop();
  }
});
