/**
 * The shadow view (plugins/shadow, core/map/lighting.ts) in the full variant: opened by its share link at 9:00 HKT
 * on 21 December 2026 over Central's towers, moved to 15:00 with the keyboard on the time slider — the sun moves
 * from the south-east to the south-west, so the towers' shadows swing from north-west to north-east and their lit
 * faces change: the two canvas pictures of the same view differ. Turned off, the same view at the same time
 * loses its shadows: the picture differs again.
 */
import { expect, test } from '@playwright/test';
import { captureCanvas, framesRendered, skipLanding, waitForRedraw, waitForSettled, waitForTiles } from './fixtures';
import { differingPixels, pixelStats } from './pixels';

/** South of Central, 600 m up, looking north-north-east 35° down over the towers to the harbour. */
const CENTRAL = { longitude: 114.1555, latitude: 22.2745, heightMeters: 600, headingDegrees: 20, pitchDegrees: -35 };

test.use({ viewport: { width: 800, height: 600 } });

test('shadows over Central change between 9:00 and 15:00 HKT', async ({ page }) => {
  test.setTimeout(120_000);
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map?shadow=2026-12-21T09:00');
  const panel = page.getByTestId('shadow-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('shadow-time')).toHaveText('09:00 HKT');
  await expect(page.getByRole('button', { name: 'Shadows', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText('Shadows cannot be shown')).toHaveCount(0);
  await waitForTiles(page);
  await page.evaluate((view) => window.__hkmap!.setView(view), CENTRAL);
  await waitForTiles(page);
  await waitForSettled(page);
  const morning = await captureCanvas(page);

  const before = await framesRendered(page);
  const slider = panel.getByRole('slider', { name: /^Time/ });
  await slider.focus();
  // 24 steps of 15 minutes: 9:00 → 15:00.
  for (let step = 0; step < 24; step += 1) await page.keyboard.press('ArrowRight');
  await expect(panel.getByTestId('shadow-time')).toHaveText('15:00 HKT');
  await expect(panel.getByTestId('shadow-azimuth')).toHaveText(/^2[0-4]\d\.\d°$/);
  await waitForRedraw(page, before);
  await waitForTiles(page);
  await waitForSettled(page);
  const afternoon = await captureCanvas(page);

  const { width, height } = pixelStats(morning);
  const share = differingPixels(morning, afternoon) / (width * height);
  console.log(`shadow view: ${(share * 100).toFixed(1)} % of the pixels differ between 9:00 and 15:00`);
  expect(share).toBeGreaterThan(0.05);

  // Off (the tools bar button): the engine's own sun at the same time lights the same view without shadows.
  const beforeOff = await framesRendered(page);
  await page.getByRole('button', { name: 'Shadows', exact: true }).click();
  await expect(panel).toBeHidden();
  await waitForRedraw(page, beforeOff);
  await waitForSettled(page);
  const withoutShadows = await captureCanvas(page);
  expect(differingPixels(afternoon, withoutShadows) / (width * height)).toBeGreaterThan(0.02);
});
