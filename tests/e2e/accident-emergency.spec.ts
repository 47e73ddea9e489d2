/**
 * Accident and emergency (plugins/accident-emergency, full variant): a pin dropped in Mong Kok lists the A&E
 * hospitals with driving distance, time and arrival, Kwong Wah (about 0.7 km away) first, and draws its route with
 * the access legs labelled on the map.
 */
import { expect, test } from '@playwright/test';
import { skipLanding, waitForTiles } from './fixtures';

/** A street corner in Mong Kok (Nathan Road at Argyle Street). */
const MONG_KOK = { longitude: 114.1694, latitude: 22.3193 };
/** Looking straight down from 4 km, west of Mong Kok, so the pin's place is clear of the drawer on the left. */
const KOWLOON_VIEW = { longitude: 114.158, latitude: 22.3193, heightMeters: 4000, pitchDegrees: -90 };

test('a map pin in Kowloon lists the hospitals with driving times and draws the route to the nearest', async ({ page }, testInfo) => {
  // The full variant (A&E is not in the public second variant).
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await page.waitForFunction(() => window.__hkmap?.cameraState() != null, undefined, { timeout: 60_000 });
  await page.evaluate((view) => window.__hkmap!.setView(view), KOWLOON_VIEW);
  await waitForTiles(page);

  // The drawer sits in the living function group's menu when the group has several drawers.
  const drawerButton = page.locator('[data-drawer="aande"]');
  if (!(await drawerButton.isVisible())) await page.getByRole('button', { name: /^Living/ }).click();
  await drawerButton.click();
  const drawer = page.locator('[data-drawer-panel="aande"]');
  await expect(drawer.getByRole('heading', { name: 'Accident and emergency' })).toBeVisible();
  // The waiting times arrive first (the offline sample, marked so).
  await expect(drawer.getByText('Sample waiting times, not real data', { exact: false })).toBeVisible();
  await expect(drawer.locator('[data-hospital]')).toHaveCount(18);

  await drawer.getByRole('button', { name: 'Drop a pin on the map' }).click();
  await expect(drawer.getByText('Click the map where the drive starts')).toBeVisible();
  const at = (await page.evaluate((place) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, 10), MONG_KOK))!;
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);

  const first = drawer.locator('[data-hospital]').first();
  await expect(first).toHaveAttribute('data-hospital', 'kwong-wah-hospital');
  await expect(first).toContainText(/\d\.\d km · \d+ min drive · arrive about \d\d:\d\d/);
  // Every hospital joined by road has its drive; St John (Cheung Chau) has no road route.
  await expect(drawer.locator('[data-hospital]').filter({ hasText: /min drive/ })).toHaveCount(17);
  await expect(drawer.locator('[data-hospital="st-john-hospital"]')).toContainText('No road route');
  await expect(first.getByRole('button', { name: 'Show the driving route to Kwong Wah Hospital' })).toHaveAttribute('aria-pressed', 'true');

  // The route is on the map: its labels (the hospital, the access legs) are drawn.
  await expect
    .poll(() => page.evaluate(() => window.__hkmap!.visibleLabelRects().map((label) => label.text)))
    .toEqual(expect.arrayContaining(['Kwong Wah Hospital', expect.stringMatching(/^Access leg — no road data \(\d+ m\)$/)]));
  await page.screenshot({ path: testInfo.outputPath('accident-emergency.png') });
});
