/**
 * A lazy chunk that fails to load (SPEC §8 ChunkLoadError and "CSS chunk load failed"; §7 120 s timeout) shows
 * the chunk-failure message with Retry, never a blank page or a dead button, and Retry recovers once the
 * network does (app/chunks, core/chunks/chunkLoading.ts). On a phone the map loading can be paused, and the
 * message says how to resume (SPEC §4).
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { APP, skipLanding, waitForTiles } from './fixtures';

/** Blocks requests whose path matches until `release()`; counts what it blocked. */
async function block(page: Page, pattern: RegExp) {
  let blocking = true;
  let blocked = 0;
  await page.route(pattern, (route: Route) => {
    if (!blocking) return route.continue();
    blocked += 1;
    return route.abort('connectionfailed');
  });
  return {
    blocked: () => blocked,
    release: () => {
      blocking = false;
    },
  };
}

test('a route chunk and a plugin drawer chunk that fail show Retry, and Retry recovers (1280x800, en-US)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await skipLanding(page);

  // A page (route) chunk: the catalogue.
  const pageChunk = await block(page, /\/assets\/CataloguePage-[^/]+\.js$/);
  await page.goto(`${APP}/catalogue`);
  const failure = page.getByTestId('chunk-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toHaveAttribute('data-kind', 'script');
  await expect(failure).toContainText('Part of this page could not be loaded');
  // The header still works: the page is not blank.
  await expect(page.getByRole('banner')).toBeVisible();
  expect(pageChunk.blocked()).toBeGreaterThan(0);
  // Retry while still offline asks again, fails again, and the button still answers.
  const blockedBefore = pageChunk.blocked();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => pageChunk.blocked()).toBeGreaterThan(blockedBefore);
  await expect(failure).toBeVisible();
  pageChunk.release();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(failure).toHaveCount(0);

  // A plugin contribution's chunk: the map style drawer. The message takes the drawer's place.
  const drawerChunk = await block(page, /\/assets\/MapStyleDrawer-[^/]+\.js$/);
  await page.goto(`${APP}/map`);
  await page.locator('[data-drawer="map-style"]').click();
  const drawer = page.getByRole('complementary', { name: 'Map style' });
  const inline = drawer.getByTestId('chunk-failure');
  await expect(inline).toBeVisible();
  expect(drawerChunk.blocked()).toBeGreaterThan(0);
  drawerChunk.release();
  // Reachable and usable by keyboard.
  await inline.getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('slider', { name: 'Brightness' })).toBeVisible();
  await expect(inline).toHaveCount(0);
});

test('the start-up chunk (validated variant) and the About dialog chunk that fail show Retry, and Retry recovers (1280x800, en-US)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await skipLanding(page);

  // The first render waits for the variant (app/startup.ts): when its chunk fails, the whole page says so.
  const startup = await block(page, /\/assets\/startup-[^/]+\.js$/);
  await page.goto(`${APP}/catalogue`);
  const failure = page.getByTestId('chunk-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Part of this page could not be loaded');
  expect(startup.blocked()).toBeGreaterThan(0);
  startup.release();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open Data catalogue' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-variant', /.+/);

  // The About dialog loads when first opened; a failure takes the dialog's place.
  const about = await block(page, /\/assets\/AboutDialog-[^/]+\.js$/);
  await page.getByRole('button', { name: 'All sections and information' }).click();
  await page.getByRole('button', { name: 'FAQ' }).click();
  const aboutFailure = page.getByTestId('chunk-failure');
  await expect(aboutFailure).toBeVisible();
  expect(about.blocked()).toBeGreaterThan(0);
  about.release();
  await aboutFailure.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'About Hong Kong 3D Map' });
  await expect(dialog.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
  await expect(aboutFailure).toHaveCount(0);
});

test('the plugin host chunk, which comes after the first render, that fails shows Retry on the map page only, and Retry recovers (1280x800, en-US)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await skipLanding(page);

  // The shell paints without the plugin host (app/plugins/pluginHostStart.ts); the map page waits for it.
  const host = await block(page, /\/assets\/bootstrap-[^/]+\.js$/);
  await page.goto(`${APP}/map`);
  const failure = page.getByTestId('chunk-failure');
  await expect(failure).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(host.blocked()).toBeGreaterThan(0);
  host.release();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-drawer="map-style"]')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test("the plugins' messages chunk that fails shows Retry on the map page, and Retry recovers with the plugins in the page language (1280x800, zh-HK)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await skipLanding(page);

  // The plugins' messages load with the plugin host, after the first render (app/i18n/messageParts.ts).
  const messages = await block(page, /\/assets\/messages-zh-HK-plugins-[^/]+\.js$/);
  await page.goto(`${APP}/map?l=zh-HK`);
  const failure = page.getByTestId('chunk-failure');
  await expect(failure).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(messages.blocked()).toBeGreaterThan(0);
  messages.release();
  await failure.getByRole('button', { name: '重試' }).click();
  await expect(page.getByRole('combobox', { name: '搜尋地點' })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a stylesheet chunk and the Cesium chunk that fail show Retry in zh-HK, and Retry recovers (390x844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await skipLanding(page);

  // The catalogue's stylesheet: Vite's preload fails ("CSS chunk load failed").
  const stylesheet = await block(page, /\/assets\/CataloguePage-[^/]+\.css$/);
  await page.goto(`${APP}/catalogue?l=zh-HK`);
  const failure = page.getByTestId('chunk-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toHaveAttribute('data-kind', 'stylesheet');
  await expect(failure).toContainText('此頁面的部分內容未能載入');
  stylesheet.release();
  await failure.getByRole('button', { name: '重試' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The stylesheet really is in the page now (Vite would not have inserted it again by itself).
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => /CataloguePage-[^/]+\.css$/.test(sheet.href ?? ''))))
    .toBe(true);

  // The map's Cesium chunk.
  const cesium = await block(page, /\/assets\/Cesium-[^/]+\.js$/);
  await page.goto(`${APP}/map?l=zh-HK`);
  const mapFailure = page.locator('.map-view').getByTestId('chunk-failure');
  await expect(mapFailure).toBeVisible({ timeout: 30_000 });
  expect(cesium.blocked()).toBeGreaterThan(0);
  cesium.release();
  await mapFailure.getByRole('button', { name: '重試' }).click();
  await waitForTiles(page, 120_000);
  await expect(mapFailure).toHaveCount(0);
});

test('on a phone, map loading can be paused; the message says to reload, and Reload resumes (390x844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await skipLanding(page);
  // Hold the base map tiles, so the map is certainly still loading when the button is pressed.
  const held: Route[] = [];
  let holding = true;
  let requested = 0;
  await page.route(/\/mapviewer\/api\/tiles\/relief\//, (route) => {
    requested += 1;
    return holding ? void held.push(route) : route.continue();
  });
  await page.goto(`${APP}/map`);
  const pause = page.getByRole('button', { name: 'Pause loading' });
  await expect(pause).toBeVisible();
  await page.waitForFunction(() => window.__hkmap !== undefined);
  await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(0);
  await pause.click();
  const paused = page.getByTestId('map-loading-paused');
  await expect(paused).toContainText('Map loading paused. Reload the page to resume.');
  expect(await page.evaluate(() => window.__hkmap!.loadingPaused())).toBe(true);

  // The held tiles arrive now, but the paused map draws nothing more and asks for no new tiles.
  const frames = await page.evaluate(() => window.__hkmap!.framesRendered());
  const requestedBefore = requested;
  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.__hkmap!.framesRendered())).toBe(frames);
  expect(requested).toBe(requestedBefore);
  expect(await page.evaluate(() => window.__hkmap!.tilesLoaded())).toBe(false);

  await paused.getByRole('button', { name: 'Reload' }).click();
  await waitForTiles(page, 120_000);
  expect(await page.evaluate(() => window.__hkmap!.loadingPaused())).toBe(false);
  // Loaded: the pause button is gone.
  await expect(pause).toHaveCount(0);
});
