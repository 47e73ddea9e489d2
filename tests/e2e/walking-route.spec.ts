/**
 * Walking route search (plugins/walking-route, full variant): two places found by the place search in Wong Tai
 * Sin (exits of two MTR stations the walking network joins), the walk between them with its distance and time
 * drawn on the map, saved as a bookmark that is still listed after a reload and opens the route again.
 */
import { expect, test } from '@playwright/test';
import { skipLanding } from './fixtures';

/** Straight down from 3 km over Wong Tai Sin and Diamond Hill. */
const WONG_TAI_SIN_VIEW = { longitude: 114.192, latitude: 22.3415, heightMeters: 3000, pitchDegrees: -90 };
const BOOKMARK = 'Wong Tai Sin Exit A → Diamond Hill Exit A1';

test('a walking route between two searched places, saved as a bookmark that survives a reload', async ({ page }, testInfo) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await page.waitForFunction(() => window.__hkmap?.cameraState() != null, undefined, { timeout: 60_000 });
  await page.evaluate((view) => window.__hkmap!.setView(view), WONG_TAI_SIN_VIEW);

  const drawer = page.locator('[data-drawer-panel="routing"]');
  // By keyboard: the drawer button works while the map's loading veil still takes the clicks.
  const openDrawer = async () => {
    if (!(await drawer.isVisible())) await page.locator('[data-drawer="routing"]').press('Enter');
    await expect(drawer.getByRole('heading', { name: 'Walking route' })).toBeVisible();
  };
  await openDrawer();

  // Origin by keyboard: one character is refused (SPEC §5), then the first suggestion is chosen with Enter.
  const origin = drawer.getByRole('combobox', { name: 'Origin' });
  await origin.fill('W');
  await expect(drawer.getByText('Please input at least 2 English characters')).toBeVisible();
  await origin.fill('Wong Tai Sin Exit A');
  await expect(drawer.getByRole('option').first()).toContainText('Wong Tai Sin Exit A');
  await origin.press('Enter');
  await expect(origin).toHaveValue('Wong Tai Sin Exit A');

  const destination = drawer.getByRole('combobox', { name: 'Destination' });
  await destination.fill('Diamond Hill Exit A1');
  await drawer.getByRole('option', { name: /^Diamond Hill Exit A1/ }).click();
  await expect(destination).toHaveValue('Diamond Hill Exit A1');

  await drawer.getByRole('button', { name: 'Search route' }).click();
  const figures = drawer.getByTestId('walking-route-figures');
  await expect(figures).toHaveText(/^\d+(\.\d)? k?m · \d+ min walk$/);
  const shown = await figures.textContent();
  await expect(drawer.getByRole('heading', { name: 'Streets passed' })).toBeVisible();
  // The walk is on the map: its start and end labels are drawn.
  await expect
    .poll(() => page.evaluate(() => window.__hkmap!.visibleLabelRects().map((label) => label.text)))
    .toEqual(expect.arrayContaining(['Start: Wong Tai Sin Exit A', 'End: Diamond Hill Exit A1']));
  await page.screenshot({ path: testInfo.outputPath('walking-route.png') });

  await drawer.getByRole('button', { name: 'Save route' }).click();
  await expect(drawer.getByRole('button', { name: 'Route saved' })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: `Open saved route ${BOOKMARK}` })).toBeVisible();

  // After a reload the bookmark is still listed (this browser's storage) and opens the route again.
  await page.reload();
  await openDrawer();
  await expect(drawer.getByRole('combobox', { name: 'Origin' })).toHaveValue('');
  await drawer.getByRole('button', { name: `Open saved route ${BOOKMARK}` }).click();
  await expect(drawer.getByRole('combobox', { name: 'Origin' })).toHaveValue('Wong Tai Sin Exit A');
  await expect(figures).toHaveText(shown!);
  await expect
    .poll(() => page.evaluate(() => window.__hkmap!.visibleLabelRects().map((label) => label.text)))
    .toEqual(expect.arrayContaining(['Start: Wong Tai Sin Exit A', 'End: Diamond Hill Exit A1']));
});
