/**
 * Cross section (plugins/cross-section) in the full variant: a line drawn by clicking either side of Tai Mo Shan
 * (957 m, Hong Kong's highest summit) gives a profile whose highest ground is between 900 and 960 mPD, read from the
 * panel's summary; the CSV download holds one row per sample of that profile.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { skipLanding, waitForSettled, waitForTiles } from './fixtures';

/** West and east of the summit (114.1244° E, 22.4105° N), about 3 km apart on its latitude. */
const WEST = { longitude: 114.1095, latitude: 22.4105 };
const EAST = { longitude: 114.1395, latitude: 22.4105 };
/** Straight down from 9 km, west of the summit, so both ends lie right of the panel on the left. */
const VIEW = { longitude: 114.1045, latitude: 22.4105, heightMeters: 9000, pitchDegrees: -90 };

async function clickPlace(page: Page, place: { longitude: number; latitude: number }): Promise<void> {
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const ground = (await page.evaluate((at) => window.__hkmap!.sampleHeight(at.longitude, at.latitude), place)) ?? 0;
  const at = (await page.evaluate(({ p, height }) => window.__hkmap!.screenPositionOf(p.longitude, p.latitude, height), { p: place, height: ground }))!;
  // Clear of the cross-section panel on the left and the tool bars on the right.
  expect(at.x).toBeGreaterThan(380);
  expect(at.x).toBeLessThan(box.width - 70);
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

test('a cross section over Tai Mo Shan peaks between 900 and 960 m, and its CSV has a row per sample', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await waitForTiles(page);
  await page.evaluate((at) => window.__hkmap!.setView(at), VIEW);
  await waitForTiles(page);
  await waitForSettled(page);
  // A software renderer is told about light mode under the search box; answered, the notice goes.
  const keepLight = page.getByRole('button', { name: 'Keep light mode' });
  if (await keepLight.isVisible()) await keepLight.click();

  const tool = page.getByRole('button', { name: 'Cross section', exact: true });
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('region', { name: 'Cross section' });
  await clickPlace(page, WEST);
  await expect(panel.getByText('1 point.')).toBeVisible();
  await clickPlace(page, EAST);
  await expect(panel.getByText('2 points.')).toBeVisible();
  await panel.getByRole('button', { name: 'Show profile' }).click();

  const highest = panel.locator('[data-summary="highest-ground"] dd');
  await expect(highest).toBeVisible({ timeout: 30_000 });
  const summit = Number(await highest.getAttribute('data-value'));
  expect(summit).toBeGreaterThan(900);
  expect(summit).toBeLessThan(960);
  const length = Number(await panel.locator('[data-summary="length"] dd').getAttribute('data-value'));
  expect(length).toBeGreaterThan(2900);
  expect(length).toBeLessThan(3300);

  // The chart's cursor, by keyboard: End reads the line's end.
  const chart = panel.getByRole('slider', { name: /Profile chart/ });
  await chart.focus();
  await page.keyboard.press('End');
  await expect(chart).toHaveAttribute('aria-valuenow', String(Math.round(length)));

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cross-section-114\.\d{4}_22\.\d{4}-\d+m\.csv$/);
  const rows = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
  expect(rows[0]).toBe('distance_m,longitude,latitude,ground_m,roof_m,building');
  // 5 m spacing over ~3 km: one row per sample, the end included.
  expect(rows.length - 1).toBeGreaterThanOrEqual(Math.floor(length / 5));
  const grounds = rows.slice(1).map((row) => Number(row.split(',')[3]));
  expect(Math.max(...grounds)).toBeCloseTo(summit, 1);
});
