/**
 * Split layers and multi view (issue 16 points 5 and 6) in the full variant, at 800 × 600 on SwiftShader: the split
 * shows the map's own relief left of the divider and the dark style right of it, and the divider moves by keyboard;
 * multi view shows the main map beside a companion view in the dark style, and a camera move in the companion is
 * mirrored to the main map (and back, the companion's picture following the main map's move).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, framesRendered, HIDE_MAP_CHROME, skipLanding, waitForRedraw, waitForTiles } from './fixtures';

test.use({ viewport: { width: 800, height: 600 } });
// The full variant draws its buildings too: on a busy machine SwiftShader needs more than the default minute for them.
const FIRST_TILES_MS = 90_000;
test.describe.configure({ timeout: 150_000 });

/** Mean luminance (0–255) of the columns from `from` to `to` (fractions of the width) of a PNG. */
function luminance(png: Buffer, from = 0, to = 1): number {
  const { width, height, data } = PNG.sync.read(png);
  const [first, last] = [Math.floor(width * from), Math.ceil(width * to)];
  let sum = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = first; x < last; x += 1) {
      const offset = (y * width + x) * 4;
      sum += 0.2126 * data[offset] + 0.7152 * data[offset + 1] + 0.0722 * data[offset + 2];
    }
  }
  return sum / (height * (last - first));
}

async function shot(locator: Locator): Promise<Buffer> {
  return locator.screenshot({ style: HIDE_MAP_CHROME, animations: 'disabled' });
}

async function redrawn(page: Page, change: () => Promise<void>): Promise<Buffer> {
  const before = await framesRendered(page);
  await change();
  await waitForRedraw(page, before);
  return captureCanvas(page);
}

test('split layers: relief on the left, the dark style on the right, the divider moved by keyboard', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map?split=0.5,-,dark');
  await waitForTiles(page, FIRST_TILES_MS);
  const divider = page.getByRole('separator', { name: 'Split divider' });
  await expect(divider).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByText(/^Right: Dark/)).toBeVisible();

  const split = await captureCanvas(page);
  // Margins of 5 % keep the divider's line out of the measure.
  const [left, right] = [luminance(split, 0, 0.45), luminance(split, 0.55, 1)];
  expect(right, `dark side ${right.toFixed(0)} against relief side ${left.toFixed(0)}`).toBeLessThan(left * 0.7);

  await divider.focus();
  for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowLeft');
  await expect(divider).toHaveAttribute('aria-valuenow', '40');
  // End takes the divider to the right edge: the relief everywhere.
  const whole = await redrawn(page, () => page.keyboard.press('End'));
  await expect(divider).toHaveAttribute('aria-valuenow', '100');
  expect(luminance(whole, 0.55, 1)).toBeGreaterThan(right + 30);

  // Ending the split restores the map.
  await page.getByRole('button', { name: 'End split' }).first().click();
  await expect(divider).toHaveCount(0);
});

test('multi view: a companion view in another style, cameras in step both ways', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map?mv=2,dark.ellipsoid.0');
  await waitForTiles(page, FIRST_TILES_MS);
  const companion = page.locator('.multi-view__view canvas');
  await expect(companion).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('View 2: Dark')).toBeVisible();
  await expect(page.getByText('View 1: this map')).toBeVisible();
  const main = page.locator('.map-view__canvas canvas').first();
  const mainBox = await main.boundingBox();
  expect(mainBox!.width, 'the main map takes the left half').toBeLessThan(420);

  // The companion has drawn its dark tiles when its picture is dark and varied.
  await expect.poll(async () => luminance(await shot(companion)), { timeout: 30_000 }).toBeLessThan(90);
  const mainLuminance = luminance(await captureCanvas(page));
  expect(mainLuminance, 'the main map keeps its relief').toBeGreaterThan(luminance(await shot(companion)) + 40);

  // A zoom in the companion view moves the main map's camera.
  const before = await page.evaluate(() => window.__hkmap!.cameraState()!.heightMeters);
  const box = (await companion.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -600);
  await expect.poll(() => page.evaluate(() => window.__hkmap!.cameraState()!.heightMeters), { timeout: 15_000 }).toBeLessThan(before * 0.9);

  // A move of the main map moves the companion's picture.
  const companionBefore = await shot(companion);
  await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.17, latitude: 22.35, heightMeters: 40_000 }));
  await expect.poll(async () => Buffer.compare(await shot(companion), companionBefore) !== 0, { timeout: 15_000 }).toBe(true);

  await page.getByRole('button', { name: 'Back to one map' }).first().click();
  await expect(companion).toHaveCount(0);
  expect((await main.boundingBox())!.width).toBeGreaterThan(700);
});
