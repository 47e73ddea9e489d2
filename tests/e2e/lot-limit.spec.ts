/**
 * Lot and GLA mode (SPEC §9: height limit 500 m, pitch limit -25°): switching the lot boundaries on frames the
 * nearest sample lots (manifest focusOnShow), a notice says why the camera is held while the limit holds, and
 * its button turns the layer off, which frees the camera (core/overlay/engine.ts, cameraLimits.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { API, APP, cameraHeight, skipLanding, waitForSettled, waitForTiles } from './fixtures';

/** The centres of the sample lots, from the data service. */
async function lotCentres(page: Page): Promise<Array<[number, number]>> {
  const lots = (await (await page.request.get(`${API}/lots?timestamp=${Date.now()}`)).json()) as {
    sample: boolean;
    features: Array<{ geometry: { coordinates: number[][][] } }>;
  };
  expect(lots.sample).toBe(true);
  return lots.features.map((lot) => {
    const ring = lot.geometry.coordinates[0];
    return [ring.reduce((sum, point) => sum + point[0], 0) / ring.length, ring.reduce((sum, point) => sum + point[1], 0) / ring.length];
  });
}

/** How many of the places are on screen (on the ground: a point under the terrain counts as hidden). */
async function onScreen(page: Page, places: Array<[number, number]>): Promise<number> {
  return page.evaluate((all) => {
    const canvas = document.querySelector('.map-view__canvas canvas') as HTMLCanvasElement;
    return all.filter(([longitude, latitude]) => {
      const ground = window.__hkmap!.heightAt(longitude, latitude) ?? 0;
      const point = window.__hkmap!.screenPositionOf(longitude, latitude, ground + 2);
      return point !== null && point.x >= 0 && point.y >= 0 && point.x <= canvas.clientWidth && point.y <= canvas.clientHeight;
    }).length;
  }, places);
}

async function switchLotsOn(page: Page, drawerName: string, layerName: string, accept: string): Promise<void> {
  await page.locator('[data-drawer="layers"]').click();
  const drawer = page.getByRole('complementary', { name: drawerName });
  await drawer.getByRole('checkbox', { name: new RegExp(`^${layerName}`) }).check();
  await page.getByRole('alertdialog').getByRole('button', { name: accept, exact: true }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

test('switching the lot boundaries on frames the sample lots and says why the camera is held; the notice turns the layer off (1280x800, en-US)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await skipLanding(page);
  await page.goto(`${APP}/map`);
  await waitForTiles(page, 120_000);
  const lots = await lotCentres(page);
  // The start view is kilometres up, away from any lot seen closely.
  expect(await cameraHeight(page)).toBeGreaterThan(5000);

  await switchLotsOn(page, 'Layers', 'Lot boundaries', 'Accept');
  const notice = page.getByRole('status').filter({ hasText: 'The “Lot boundaries” layer is shown only below 500 m' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('the camera is held at or below 500 m and tilted at least 25° down');

  // Framed: down at or below 500 m, looking at least 25° down, with several sample lots in view.
  await expect.poll(() => cameraHeight(page), { timeout: 30_000 }).toBeLessThanOrEqual(501);
  await waitForSettled(page, 750, 60_000);
  const pitch = await page.evaluate(() => window.__hkmap!.cameraState()!.pitchDegrees);
  expect(pitch).toBeLessThanOrEqual(-25 + 0.1);
  // Without the framing the camera would come down over the start view's centre, the harbour: no lot in view.
  expect(await onScreen(page, lots)).toBeGreaterThanOrEqual(1);

  // The notice's button turns the layer off, and the camera is free again.
  await notice.getByRole('button', { name: 'Turn off Lot boundaries' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Layers' }).getByRole('checkbox', { name: /^Lot boundaries/ })).not.toBeChecked();
  await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.17, latitude: 22.3, heightMeters: 3000, pitchDegrees: -45 }));
  await waitForSettled(page, 750, 60_000);
  expect(await cameraHeight(page)).toBeGreaterThan(2000);
});

test('the lot-limit notice in zh-HK, and its button, on a phone (390x844)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await skipLanding(page);
  await page.goto(`${APP}/map?l=zh-HK`);
  await waitForTiles(page, 120_000);
  await switchLotsOn(page, '圖層', '地段界線', '接受');
  const notice = page.getByRole('status').filter({ hasText: '「地段界線」圖層只在 500 米以下顯示' });
  await expect(notice).toContainText('鏡頭會保持在 500 米或以下，並最少向下傾斜 25°');
  await expect.poll(() => cameraHeight(page), { timeout: 30_000 }).toBeLessThanOrEqual(501);
  await notice.getByRole('button', { name: '關閉地段界線' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('complementary', { name: '圖層' }).getByRole('checkbox', { name: /^地段界線/ })).not.toBeChecked();
});
