/**
 * Frame time of a scenario against the idle map, in the same page of the same run (issue 14's benchmark: drawing
 * a 1,000-vertex measurement line, a first-person walk; bench/run-frame-time.ts, `npm run bench:frames`). Prints,
 * never asserts.
 *
 * Each scenario gets a fresh page of the built app (the portal serves `DIST_DIR`, default dist/) at 800x600 in
 * Debian's Chromium on SwiftShader (tests/chromium.ts), with `?renderLoop=continuous` so the idle map draws frames
 * to time at all (on demand it draws none) and the scenario runs under the same loop. After the first tiles and
 * the scenario's `prepare`, every frame is timed for {@link FrameTimeOptions.idleWindowMs} of the idle map; then,
 * after the scenario's untimed `beforeRun`, while its `run` lasts: each frame's interval (from the end of the frame
 * before, what the user sees as frame time) and its render time (scene.preUpdate → postRender, the map's
 * `onFrameTime` through the test hook; on SwiftShader the rasterising happens after it, in the GPU process, so the
 * interval is the honest figure).
 */
import { chromium, type Page } from '@playwright/test';
import { onCleanup } from './cleanup';
import { heading, line, median, ratio } from './format';
import { startServer } from './server';
import { chromiumLaunchOptions } from '../tests/chromium';

/** What a scenario does; its frames are timed against the idle map's. */
export interface FrameTimeScenario {
  /** Printed, e.g. `drawing a 1,000-vertex measurement line`. */
  name: string;
  /** Query string of the map page besides the render loop, e.g. `?v=dev` or `?l=zh-HK`; default none. */
  search?: string;
  /** The map page's path, which picks the variant (e.g. `/mapviewer/app-full/map`); default the public `/mapviewer/app/map`. */
  path?: string;
  /** Not timed: opens a tool, places the camera ... The idle window follows, so it times the map as prepared. */
  prepare?(page: Page): Promise<void>;
  /**
   * Not timed, after the idle window: what `run` needs that the idle map must not have, e.g. entering first-person
   * view, whose walker would otherwise be in the idle frames. The tiles are waited for again after it.
   */
  beforeRun?(page: Page): Promise<void>;
  /** Timed: every frame drawn from its start until it resolves. What it resolves to (e.g. `42 m walked`) is printed. */
  run(page: Page): Promise<string | void>;
}

export interface FrameTimeOptions {
  /** How long the idle map is timed, ms. Default 3,000. */
  idleWindowMs?: number;
  /**
   * Fewest frame intervals the idle window holds: it goes on past {@link idleWindowMs} until there are this many,
   * so a slow renderer (SwiftShader: ~0.5 s a frame) still gives a baseline of as many frames as the scenario.
   * Default 0.
   */
  idleMinFrames?: number;
  /**
   * Frames drawn untimed after each untimed step (`prepare`, `beforeRun`) and its tiles, before the timed window:
   * the step's own settling (a new view's labels and tiles decoded, shaders of a tool compiled) is not timed.
   * Default 5.
   */
  warmUpFrames?: number;
  /** How long to wait for the first tiles, ms. Default 60,000. */
  tilesTimeoutMs?: number;
  /** How long to wait for the portal to start, ms. Default 60,000 (a busy two-core machine needs more than 30 s). */
  serverTimeoutMs?: number;
}

/** Render times of a window of frames, ms. */
export interface FrameStats {
  frames: number;
  meanMs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** One window's frames: intervals between frame ends and render times, ms. */
export interface FrameWindow {
  intervals: FrameStats;
  render: FrameStats;
}

export interface FrameTimeResult {
  name: string;
  /** What the scenario's run said it did. */
  note?: string;
  idle: FrameWindow;
  scenario: FrameWindow;
}

/** The `fraction` quantile (nearest rank) of `values`; NaN when there are none. */
export function quantile(values: ReadonlyArray<number>, fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export function frameStats(milliseconds: ReadonlyArray<number>): FrameStats {
  if (milliseconds.length === 0) return { frames: 0, meanMs: Number.NaN, medianMs: Number.NaN, p95Ms: Number.NaN, maxMs: Number.NaN };
  return {
    frames: milliseconds.length,
    meanMs: milliseconds.reduce((sum, value) => sum + value, 0) / milliseconds.length,
    medianMs: median(milliseconds),
    p95Ms: quantile(milliseconds, 0.95),
    maxMs: Math.max(...milliseconds),
  };
}

export function describeStats(stats: FrameStats): string {
  if (stats.frames === 0) return 'no frame drawn';
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${stats.frames} frames: median ${ms(stats.medianMs)}, mean ${ms(stats.meanMs)}, p95 ${ms(stats.p95Ms)}, max ${ms(stats.maxMs)}`;
}

interface FrameTimeWindow {
  __frameTimes?: { render: number[]; intervals: number[]; stop(): void };
  __hkmap?: { tilesLoaded(): boolean; framesRendered(): number; onFrameTime(listener: (milliseconds: number) => void): () => void };
}

/** Starts recording the page's frame render times. */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as FrameTimeWindow;
    const render: number[] = [];
    const intervals: number[] = [];
    let last: number | null = null;
    const stop = win.__hkmap!.onFrameTime((milliseconds) => {
      const now = performance.now();
      render.push(milliseconds);
      if (last !== null) intervals.push(now - last);
      last = now;
    });
    win.__frameTimes = { render, intervals, stop };
  });
}

/** Stops recording and sums up the frames since {@link startRecording}. */
async function stopRecording(page: Page): Promise<FrameWindow> {
  const { render, intervals } = await page.evaluate(() => {
    const win = window as unknown as FrameTimeWindow;
    const recording = win.__frameTimes!;
    recording.stop();
    delete win.__frameTimes;
    return { render: recording.render, intervals: recording.intervals };
  });
  return { intervals: frameStats(intervals), render: frameStats(render) };
}

async function waitForTiles(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => (window as unknown as FrameTimeWindow).__hkmap?.tilesLoaded() === true, undefined, { timeout, polling: 100 });
}

/** Resolves once the map has drawn `count` more frames (a scenario's run may last a number of frames with it). */
export async function waitForFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(async (frames) => {
    const hook = (window as unknown as FrameTimeWindow).__hkmap!;
    const until = hook.framesRendered() + frames;
    while (hook.framesRendered() < until) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** Waits for the tiles, then for `frames` more frames to be drawn. */
async function settle(page: Page, tilesTimeoutMs: number, frames: number): Promise<void> {
  await waitForTiles(page, tilesTimeoutMs);
  await waitForFrames(page, frames);
}

/** Lets the recording run for `windowMs` and on until it holds `minFrames` intervals (each within `frameTimeoutMs`). */
async function recordFor(page: Page, windowMs: number, minFrames: number, frameTimeoutMs: number): Promise<void> {
  await page.waitForTimeout(windowMs);
  const recorded = () => page.evaluate(() => (window as unknown as FrameTimeWindow).__frameTimes!.intervals.length);
  for (let count = await recorded(); count < minFrames; ) {
    await page.waitForFunction((after) => (window as unknown as FrameTimeWindow).__frameTimes!.intervals.length > after, count, {
      timeout: frameTimeoutMs,
      polling: 50,
    });
    count = await recorded();
  }
}

/** Times each scenario against the idle map of its own page; prints and returns the figures. */
export async function benchFrameTimes(scenarios: ReadonlyArray<FrameTimeScenario>, options: FrameTimeOptions = {}): Promise<FrameTimeResult[]> {
  const idleWindowMs = options.idleWindowMs ?? 3_000;
  const tilesTimeoutMs = options.tilesTimeoutMs ?? 60_000;
  const idleMinFrames = options.idleMinFrames ?? 0;
  const warmUpFrames = options.warmUpFrames ?? 5;
  heading('Frame time: a scenario against the idle map, same page, headless Chromium + SwiftShader, 800x600');
  const server = await startServer(options.serverTimeoutMs ?? 60_000);
  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanup(() => browser.close());
  const results: FrameTimeResult[] = [];
  try {
    for (const scenario of scenarios) {
      const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
      try {
        const page = await context.newPage();
        // The welcome panel would cover the map (app/pages/LandingPanel.tsx).
        await page.addInitScript(() => window.sessionStorage.setItem('hk3dmap.landingDismissed', '1'));
        const query = new URLSearchParams(scenario.search ?? '');
        query.set('renderLoop', 'continuous');
        await page.goto(`${server.origin}${scenario.path ?? '/mapviewer/app/map'}?${query}`, { waitUntil: 'domcontentloaded' });
        await waitForTiles(page, tilesTimeoutMs);
        await scenario.prepare?.(page);
        await settle(page, tilesTimeoutMs, warmUpFrames);
        await startRecording(page);
        await recordFor(page, idleWindowMs, idleMinFrames, tilesTimeoutMs);
        const idle = await stopRecording(page);
        if (scenario.beforeRun) {
          await scenario.beforeRun(page);
          await settle(page, tilesTimeoutMs, warmUpFrames);
        }
        await startRecording(page);
        const started = performance.now();
        const note = (await scenario.run(page)) ?? undefined;
        const runMs = performance.now() - started;
        const during = await stopRecording(page);
        console.log(`  ${scenario.name}${note ? ` (${note})` : ''}`);
        line('idle map, frame interval', describeStats(idle.intervals));
        line('idle map, render time', describeStats(idle.render));
        line(`during (${(runMs / 1000).toFixed(1)} s), frame interval`, describeStats(during.intervals));
        line('during, render time', describeStats(during.render));
        line('median frame interval / idle', ratio(during.intervals.medianMs, idle.intervals.medianMs));
        results.push({ name: scenario.name, note, idle, scenario: during });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
