/**
 * Then-and-now comparison (issue 16 point 7) in the full variant, at 800 × 600 on SwiftShader: the share link opens
 * the terrain pair side by side — "2000 (SRTM)" on the SRTM terrain of 2000, "2020 (LandsD DTM)" on the map's own
 * terrain with the land that was at sea level in 2000 filled — and the Penny's Bay button flies both views there.
 * Over Penny's Bay (reclaimed 2000–2003) the 2020 view shows the reclaimed land in its fill colour and the 2000 view
 * does not: the two states differ where the data says they do (server/routes/comparison.test.ts checks the terrain
 * tiles' heights there: 0 m in 2000, over 5 m in 2020). The airport's third runway is not in the LandsD 2020 grid
 * (plugins/comparison/CONTEXT.md), so Penny's Bay stands in for it.
 */
import { expect, test, type Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { HIDE_MAP_CHROME, skipLanding, waitForTiles } from './fixtures';

test.use({ viewport: { width: 800, height: 600 } });
const FIRST_TILES_MS = 90_000;
test.describe.configure({ timeout: 150_000 });

/** Pixels of the land-since-2000 fill (#E67E22 at 55 % over the relief): strong red, clearly less blue. */
async function fillPixels(view: Locator): Promise<number> {
  const { data } = PNG.sync.read(await view.screenshot({ style: HIDE_MAP_CHROME, animations: 'disabled' }));
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const [red, green, blue] = [data[offset], data[offset + 1], data[offset + 2]];
    if (red > 170 && red - blue > 80 && green > blue) count += 1;
  }
  return count;
}

test("terrain of 2000 against 2020: the two views differ over Penny's Bay", async ({ page }, testInfo) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map?comparison=terrain');
  await waitForTiles(page, FIRST_TILES_MS);
  const drawer = page.getByTestId('comparison-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Out of date')).toBeVisible();
  const views = page.locator('.multi-view__view');
  await expect(views).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator('.multi-view__name', { hasText: '2000 (SRTM)' })).toBeVisible();
  await expect(page.locator('.multi-view__name', { hasText: '2020 (LandsD DTM)' })).toBeVisible();

  await drawer.getByRole('button', { name: "Penny's Bay (Disneyland)" }).click();
  const [then, now] = [views.nth(0), views.nth(1)];
  // The 2020 view fills Penny's Bay once its tiles and the layer have drawn; the 2000 view has no such land.
  await expect.poll(() => fillPixels(now), { timeout: 45_000 }).toBeGreaterThan(2000);
  await page.screenshot({ path: testInfo.outputPath('comparison-pennys-bay.png') });
  const [thenFill, nowFill] = [await fillPixels(then), await fillPixels(now)];
  expect(thenFill, `2000 view ${thenFill} fill pixels, 2020 view ${nowFill}`).toBeLessThan(nowFill / 10);

  // Ending the comparison gives the map back.
  await drawer.getByRole('button', { name: 'End the comparison' }).click();
  await expect(views).toHaveCount(0);
});
