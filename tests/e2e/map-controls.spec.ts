/**
 * Map controls (plugins/map-controls, plugins/navigation-help): the compass turns with the camera and a click or
 * Enter turns the map back to north (full variant: the second variant has no compass); navigation help opens
 * from the header's quick action menu and Escape closes it (second variant).
 */
import { expect, test } from '@playwright/test';
import { APP, skipLanding, waitForSettled } from './fixtures';

/** High over Victoria Harbour, looking down at 60°: few tiles, so the software renderer keeps up with the turns. */
const HARBOUR = { longitude: 114.17, latitude: 22.29, heightMeters: 20_000, pitchDegrees: -60 };

test('the compass follows the camera heading and resets north on a click or Enter', async ({ page }) => {
  await skipLanding(page);
  // Started high over the whole territory (the map's `bbox` parameter) rather than over Central's buildings.
  await page.goto('/mapviewer/app-full/map?bbox=113.83,22.15,114.43,22.56');
  // The compass follows the camera, not the tiles: the map existing is enough.
  await page.waitForFunction(() => window.__hkmap?.cameraState() != null, undefined, { timeout: 60_000, polling: 100 });
  const compass = page.getByTestId('compass');
  await expect(compass).toBeVisible();

  await page.evaluate((view) => window.__hkmap!.setView({ ...view, headingDegrees: 90 }), HARBOUR);
  await expect(compass).toHaveAttribute('data-heading', '90');
  await expect(compass).toHaveAccessibleName(/facing 90°/);
  // Facing east, north is a quarter turn to the left of straight up.
  await expect(compass.locator('.compass__needle')).toHaveAttribute('transform', 'rotate(-90)');

  await compass.click();
  await expect(compass).toHaveAttribute('data-heading', '0');
  const heading = await page.evaluate(() => window.__hkmap!.cameraState()!.headingDegrees);
  expect(Math.min(heading, 360 - heading)).toBeLessThan(0.5);
  // The turn back is a short flight: let it end before placing the camera again.
  await waitForSettled(page);

  await page.evaluate((view) => window.__hkmap!.setView({ ...view, headingDegrees: 200 }), HARBOUR);
  await expect(compass).toHaveAttribute('data-heading', '200');
  await compass.focus();
  await page.keyboard.press('Enter');
  await expect(compass).toHaveAttribute('data-heading', '0');
});

test('navigation help opens from the quick action menu, lists the real controls and closes with Escape', async ({ page }) => {
  await skipLanding(page);
  await page.goto(`${APP}/map`);
  const quick = page.getByRole('button', { name: 'Quick actions' });
  await quick.click();
  await page.locator('.quick-menu').getByRole('button', { name: 'Navigation help' }).click();

  const dialog = page.getByRole('dialog', { name: 'Navigation help' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Left button drag Move the map' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Two-finger pinch/ })).toBeVisible();
  // The navigation buttons the variant has, read from the tools registry.
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Zoom in' })).toBeVisible();
  const toolButton = page.locator('.tool-bar--tools').getByRole('button', { name: 'Navigation help' });
  await expect(toolButton).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toolButton).toHaveAttribute('aria-pressed', 'false');
  await expect(quick).toBeFocused();
});
