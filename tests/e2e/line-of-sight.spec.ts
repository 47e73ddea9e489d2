/**
 * Line of sight (plugins/line-of-sight): on the full variant, a line from Kowloon Tong to Tai Wai, both ends 100 m
 * above the ground, crosses the Lion Rock ridge. The server finds it blocked by the terrain ~0.9 km from the eye;
 * the panel says "Blocked" and names terrain at a place, and the map shows the line red past the ridge (where it
 * comes out of the hill over Tai Wai) and green over Kowloon Tong, each colour only where it belongs.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, skipLanding, waitForTiles } from './fixtures';

/** Kowloon Tong and Tai Wai on one meridian, 4 km apart, with the ridge west of Lion Rock between them. */
const EYE = { longitude: 114.179, latitude: 22.337 };
const TARGET = { longitude: 114.179, latitude: 22.373 };
/** Straight down from 6.5 km, centred 1.6 km west of the line so the line lies right of the panel. */
const VIEW = { longitude: 114.1635, latitude: 22.355, heightMeters: 6500, pitchDegrees: -90 };

type Rgb = readonly [number, number, number];

/** Pixels of `colour` (each channel within 40) in the square of side 2·radius + 1 around a canvas point. */
function pixelsOfColourNear(png: Buffer, centre: { x: number; y: number }, radius: number, colour: Rgb): number {
  const image = PNG.sync.read(png);
  let count = 0;
  for (let y = Math.round(centre.y) - radius; y <= Math.round(centre.y) + radius; y++) {
    for (let x = Math.round(centre.x) - radius; x <= Math.round(centre.x) + radius; x++) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const offset = (y * image.width + x) * 4;
      if (colour.every((channel, index) => Math.abs(image.data[offset + index] - channel) <= 40)) count += 1;
    }
  }
  return count;
}

/** The line's colours (plugins/line-of-sight/lineOfSightController.ts SIGHT_COLOURS). */
const GREEN: Rgb = [0x19, 0xc2, 0x4a];
const RED: Rgb = [0xe6, 0x28, 0x28];

async function clickPlace(page: Page, place: { longitude: number; latitude: number }) {
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const ground = (await page.evaluate((at) => window.__hkmap!.sampleHeight(at.longitude, at.latitude), place)) ?? 0;
  const at = (await page.evaluate(({ p, h }) => window.__hkmap!.screenPositionOf(p.longitude, p.latitude, h), { p: place, h: ground }))!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

test('a line of sight across the Lion Rock ridge is blocked by the terrain and drawn red past it', async ({ page }) => {
  test.setTimeout(120_000);
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
  await page.evaluate((at) => window.__hkmap!.setView(at), VIEW);
  await waitForTiles(page);
  const before = await captureCanvas(page);

  const tool = page.locator('.map-page').getByRole('button', { name: 'Line of sight', exact: true }).first();
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('line-of-sight-panel');
  await expect(panel).toBeVisible();
  const eyeHeight = panel.getByLabel('Eye height above the ground or roof (m)');
  // A height out of range is refused with its range named; the field keeps the text.
  await eyeHeight.fill('600');
  await expect(panel.getByRole('alert')).toHaveText('The height must be from 0 to 500 m above the ground or roof.');
  await eyeHeight.fill('100');
  await panel.getByLabel('Target height above the ground or roof (m)').fill('100');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await clickPlace(page, EYE);
  await expect(panel).toContainText('Now click the target');
  await clickPlace(page, TARGET);
  const verdict = panel.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'blocked', { timeout: 30_000 });
  await expect(verdict).toHaveText('Blocked: the view is blocked before the target.');
  await expect(panel.locator('[data-figure="obstruction"]')).toHaveText(/^terrain at 114\.17\d{3}, 22\.3\d{4}$/);
  await expect(panel.locator('[data-figure="length"]')).toHaveText(/^3\.9\d km$/);
  // Where the line runs 100 m over Kowloon Tong (seen part) and over Tai Wai (past the ridge), on the canvas.
  const seenAt = (await page.evaluate(() => window.__hkmap!.screenPositionOf(114.179, 22.341, 122)))!;
  const pastRidgeAt = (await page.evaluate(() => window.__hkmap!.screenPositionOf(114.179, 22.369, 118)))!;
  // The 3D line is built asynchronously (a frame or two after the answer): poll the canvas until it shows.
  await expect.poll(async () => pixelsOfColourNear(await captureCanvas(page), pastRidgeAt, 10, RED), { timeout: 20_000 }).toBeGreaterThan(20);
  const after = await captureCanvas(page);
  expect(pixelsOfColourNear(after, seenAt, 10, GREEN)).toBeGreaterThan(20);
  // Neither colour where the other belongs, and nothing of either there before the line was drawn.
  expect(pixelsOfColourNear(after, seenAt, 10, RED)).toBe(0);
  expect(pixelsOfColourNear(after, pastRidgeAt, 10, GREEN)).toBe(0);
  expect(pixelsOfColourNear(before, pastRidgeAt, 10, RED)).toBe(0);
});
