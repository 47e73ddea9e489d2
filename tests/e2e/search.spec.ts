/** The location search box on the map (plugins/location-search, SPEC §1/§5). */
import { expect, test } from '@playwright/test';
import { cameraHeight, openMap } from './fixtures';

test('one character asks for at least 2; "Sha Tin" finds places and choosing one flies there', async ({ page }) => {
  await openMap(page);
  const box = page.getByRole('combobox', { name: 'Search for a place' });
  const status = page.locator('.location-search').getByRole('status');

  await box.fill('S');
  await expect(status).toHaveText('Please input at least 2 English characters');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();

  const startHeight = await cameraHeight(page);
  await box.fill('Sha Tin');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results).toBeVisible();
  const options = results.getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeGreaterThan(0);
  await expect(options.first()).toContainText('Sha Tin');
  await expect(status).toHaveText(/\d+ results?/);

  await options.first().click();
  await expect(results).toBeHidden();
  // Selecting flies to the place at 1500 m (from the ~26 km start view).
  await expect.poll(() => cameraHeight(page), { timeout: 30_000 }).toBeLessThan(startHeight / 4);
  await expect(box).toHaveValue(/Sha Tin/);
});
