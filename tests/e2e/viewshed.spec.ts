/**
 * View shed (plugins/viewshed): from Lion Rock's summit, on the full variant, the shed computed by the server is
 * drawn in both colours — the canvas gains green-tinted pixels (visible) and red-tinted ones (hidden) against the
 * same view before the observer was placed — and the drawer states the visible share.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, skipLanding, waitForTiles } from './fixtures';

/** Lion Rock's summit, between Kowloon and Sha Tin. */
const SUMMIT = { longitude: 114.1869, latitude: 22.3524 };
/** Straight down from 4 km, centred west of the summit so the summit lies right of the drawer. */
const VIEW = { longitude: 114.1805, latitude: 22.3524, heightMeters: 4000, pitchDegrees: -90 };

/** Pixels that turned green (visible: green up, now above red) and red (hidden: red up, now above green) from `before`. */
function tintedPixels(before: Buffer, after: Buffer): { green: number; red: number } {
  const a = PNG.sync.read(before).data;
  const b = PNG.sync.read(after).data;
  let green = 0;
  let red = 0;
  for (let offset = 0; offset < Math.min(a.length, b.length); offset += 4) {
    const [r0, g0] = [a[offset], a[offset + 1]];
    const [r1, g1, b1] = [b[offset], b[offset + 1], b[offset + 2]];
    if (g1 - g0 > 25 && g1 > r1 + 30 && g1 > b1 + 30) green += 1;
    if (r1 - r0 > 25 && r1 > g1 + 30 && r1 > b1 + 30) red += 1;
  }
  return { green, red };
}

async function clickPlace(page: Page, place: { longitude: number; latitude: number }) {
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const ground = (await page.evaluate((at) => window.__hkmap!.sampleHeight(at.longitude, at.latitude), place)) ?? 0;
  const at = (await page.evaluate(({ p, h }) => window.__hkmap!.screenPositionOf(p.longitude, p.latitude, h), { p: place, h: ground }))!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

test('a view shed from Lion Rock draws the visible and hidden areas in two colours', async ({ page }) => {
  test.setTimeout(150_000);
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
  await page.evaluate((at) => window.__hkmap!.setView(at), VIEW);
  await waitForTiles(page);
  const before = await captureCanvas(page);

  const tool = page.locator('.map-page').getByRole('button', { name: 'View shed' }).first();
  await tool.click();
  const drawer = page.getByTestId('viewshed-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Horizontal angle (°)', { exact: true }).fill('360');
  await drawer.getByLabel('Distance (m)', { exact: true }).fill('1000');
  // A value out of range is refused with the field and its range named.
  await drawer.getByLabel('Vertical angle (°)', { exact: true }).fill('200');
  await expect(drawer.getByRole('alert')).toHaveText('Vertical angle (°) must be a number from 1 to 180.');
  await drawer.getByLabel('Vertical angle (°)', { exact: true }).fill('180');
  await expect(drawer.getByRole('alert')).toHaveCount(0);

  await clickPlace(page, SUMMIT);
  await expect(drawer.getByTestId('viewshed-share')).toContainText(/Visible: \d+(\.\d)?% of the area in range/, { timeout: 30_000 });
  // The cells' ground primitives are built in web workers: wait until the canvas shows them. A 1 km shed seen from
  // 4 km covers about a fifth of the 800 × 600 canvas; both colours take a good part of it.
  let tinted = { green: 0, red: 0 };
  await expect
    .poll(
      async () => {
        await waitForTiles(page);
        tinted = tintedPixels(before, await captureCanvas(page));
        return Math.min(tinted.green, tinted.red);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(2000);
  console.log(`view shed pixels: ${tinted.green} green, ${tinted.red} red`);
});
