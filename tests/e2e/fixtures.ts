/**
 * Shared helpers for the browser tests: the app's base path, a page that skips the welcome panel, and
 * condition waits on the map test hook (`window.__hkmap`, core/map/mapHost.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import type { MapTestHook } from '../../core/map/mapHost';

export const APP = '/mapviewer/app';
export const API = '/mapviewer/api';

/** Marks the welcome panel as dismissed for the session (app/pages/LandingPanel.tsx), so it never covers the map. */
export async function skipLanding(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.sessionStorage.setItem('hk3dmap.landingDismissed', '1');
    } catch {
      // no storage: the tests that need the map close the panel themselves
    }
  });
}

declare global {
  interface Window {
    __hkmap?: MapTestHook;
  }
}

/** Waits until the map hook exists and the globe reports every visible tile loaded. */
export async function waitForTiles(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => window.__hkmap?.tilesLoaded() === true, undefined, { timeout, polling: 100 });
}

/**
 * Waits until the map has drawn no frame for `quietMs`: the tiles are in and the overlays shown at start (map
 * labels) have fetched and drawn. Fails after `timeout`.
 */
export async function waitForSettled(page: Page, quietMs = 750, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const hook = window as unknown as { __hkmap?: { framesRendered(): number }; __settle?: { frames: number; since: number } };
      const frames = hook.__hkmap?.framesRendered() ?? -1;
      const now = performance.now();
      if (!hook.__settle || hook.__settle.frames !== frames) hook.__settle = { frames, since: now };
      return frames > 0 && now - hook.__settle.since >= quiet;
    },
    quietMs,
    { timeout, polling: 100 },
  );
}

/** Opens the map page (welcome panel skipped) and waits for the tiles. */
export async function openMap(page: Page, search = ''): Promise<void> {
  await skipLanding(page);
  await page.goto(`${APP}/map${search}`);
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
}

export async function cameraHeight(page: Page): Promise<number> {
  return page.evaluate(() => window.__hkmap!.cameraHeight());
}

/** Map chrome hidden while the canvas is captured, so only what WebGL drew is measured. */
export const HIDE_MAP_CHROME = `
  .map-page__frame, .map-page__corner, .map-page__drawers, .drawer-panel, .cesium-viewer-bottom, .cesium-widget-credits,
  .notices, .overlay-legends, .realtime-panels, .loading-overlay, .slow-client-notice { visibility: hidden !important; }
`;

/** PNG of the Cesium canvas with the map chrome hidden. */
export async function captureCanvas(page: Page): Promise<Buffer> {
  return page.locator('.map-view__canvas canvas').first().screenshot({ style: HIDE_MAP_CHROME, animations: 'disabled' });
}

/** Waits until the scene has drawn at least one more frame than `before`, then until the tiles are loaded again. */
export async function waitForRedraw(page: Page, before: number): Promise<void> {
  await page.waitForFunction((frames) => window.__hkmap!.framesRendered() > frames, before, { polling: 50 });
  await waitForTiles(page);
}

export async function framesRendered(page: Page): Promise<number> {
  return page.evaluate(() => window.__hkmap!.framesRendered());
}

/**
 * Clicks the map tool `toolId` (its `data-tool`) as a user would: in the tools bar, or, where the bar has no room
 * for it (app/components/ToolBar.tsx fits as many as the map's height allows), in the bar's "More tools" menu.
 * Tried again until it takes: plugins register their tools as they start, so for a moment after the map's start a
 * tool can still sit in the bar and then move into the menu when an earlier-ordered tool arrives.
 */
export async function clickMapTool(page: Page, toolId: string): Promise<void> {
  const tool = page.locator(`[data-tool="${toolId}"]`);
  await expect(async () => {
    if ((await tool.count()) === 0) await page.locator('.tool-bar__more > .header-menu__button').click();
    await tool.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Runs the tests of the enclosing describe block in order on one page (a map start costs seconds on SwiftShader):
 * before the first test it opens a page with the project's base URL and viewport, hands it to `receive`, then runs
 * `start` on it (listeners set there hear the page's start); after the last test it closes it. Each test leaves the
 * map as it found it. When one fails, the rest of the block is skipped (CI's retry runs the block again).
 */
export function shareOnePage(receive: (page: Page) => void, start: (page: Page) => Promise<void>): void {
  test.describe.configure({ mode: 'serial' });
  let opened: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    opened = await browser.newPage({ baseURL, viewport });
    receive(opened);
    await start(opened);
  });
  test.afterAll(async () => {
    await opened?.close();
  });
}
