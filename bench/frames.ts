/**
 * Idle frames benchmark: frames drawn in 5 s by the idle map page once its first tiles are loaded, our
 * `requestRenderMode` map (goal 0) against Cesium's default render loop (`?renderLoop=continuous`, a
 * benchmark-only switch of core/map/mapHost.ts) in the same run, same browser, same server.
 *
 * Headless Debian Chromium on SwiftShader at 800x600; Playwright sets navigator.webdriver, so both pages run
 * the map's lite settings (as the end-to-end tests do).
 */
import { chromium, type Browser } from '@playwright/test';
import { onCleanup } from './cleanup';
import { heading, line, ratio } from './format';
import { startServer } from './server';
import { chromiumLaunchOptions } from '../tests/chromium';

export const IDLE_WINDOW_MS = 5_000;
const MAP_PATH = '/mapviewer/app/map';

interface HookWindow {
  __hkmap?: { tilesLoaded(): boolean; framesRendered(): number };
}

interface IdleCount {
  frames: number;
  elapsedMs: number;
  /** When in the window the last frame was seen, ms (50 ms polling), or null when none. */
  lastFrameMs: number | null;
  loadMs: number;
  tilesLoaded: boolean;
}

async function countIdleFrames(browser: Browser, url: string, tilesTimeoutMs: number): Promise<IdleCount> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    let tilesLoaded = true;
    try {
      await page.waitForFunction(() => (window as unknown as HookWindow).__hkmap?.tilesLoaded() === true, undefined, {
        timeout: tilesTimeoutMs,
        polling: 100,
      });
    } catch {
      tilesLoaded = false; // count anyway; the figure says the tiles were not all there
      await page.waitForFunction(() => (window as unknown as HookWindow).__hkmap !== undefined, undefined, { timeout: 5_000 });
    }
    const loadMs = performance.now() - started;
    // Counted inside the page so no round trip to the browser falls into the window.
    const counted = await page.evaluate(async (windowMs) => {
      const hook = (window as unknown as HookWindow).__hkmap!;
      const before = hook.framesRendered();
      const from = performance.now();
      // Polled every 50 ms only to tell when the last frame fell (settling right after load vs a steady loop).
      let seen = before;
      let lastFrameMs: number | null = null;
      const poll = setInterval(() => {
        const now = hook.framesRendered();
        if (now !== seen) {
          seen = now;
          lastFrameMs = performance.now() - from;
        }
      }, 50);
      await new Promise((resolve) => setTimeout(resolve, windowMs));
      clearInterval(poll);
      const frames = hook.framesRendered() - before;
      return { frames, elapsedMs: performance.now() - from, lastFrameMs: frames > seen - before ? performance.now() - from : lastFrameMs };
    }, IDLE_WINDOW_MS);
    return { ...counted, loadMs, tilesLoaded };
  } finally {
    await context.close();
  }
}

function describe(count: IdleCount): string {
  const fps = (count.frames * 1000) / count.elapsedMs;
  const tiles = count.tilesLoaded ? `tiles loaded after ${(count.loadMs / 1000).toFixed(1)} s` : `tiles NOT loaded after ${(count.loadMs / 1000).toFixed(1)} s`;
  const last = count.lastFrameMs === null ? '' : `, last at +${(count.lastFrameMs / 1000).toFixed(2)} s`;
  return `${count.frames} frames in ${(count.elapsedMs / 1000).toFixed(2)} s (${fps.toFixed(1)} fps${last}; ${tiles})`;
}

export interface FrameFigures {
  ours: number;
  baseline: number;
}

export async function benchFrames(tilesTimeoutMs: number): Promise<FrameFigures> {
  heading(`2. Idle frames: ${IDLE_WINDOW_MS / 1000} s after the first tiles, headless Chromium + SwiftShader, 800x600`);
  const server = await startServer(30_000);
  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanup(() => browser.close());
  try {
    const ours = await countIdleFrames(browser, `${server.origin}${MAP_PATH}`, tilesTimeoutMs);
    line('requestRenderMode (ours)', describe(ours));
    const baseline = await countIdleFrames(browser, `${server.origin}${MAP_PATH}?renderLoop=continuous`, tilesTimeoutMs);
    line('baseline: continuous render loop', describe(baseline));
    line('ratio ours / continuous', `${ratio(ours.frames, baseline.frames)} (${ours.frames} / ${baseline.frames})`);
    line('goal', `0 frames while idle: ${ours.frames === 0 ? 'met' : 'not met'}`);
    return { ours: ours.frames, baseline: baseline.frames };
  } finally {
    await browser.close();
    await server.stop();
  }
}
