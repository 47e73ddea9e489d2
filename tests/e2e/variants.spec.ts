/**
 * Issue 12 point 11: the indoor and minimal variants open on what they are for. The indoor address
 * (`app-mtr-indoor`) opens on the indoor view (issue 17: the 3D indoor map panel, the station names and the indoor
 * layer, the layers drawer opened by the indoor view) and none of the outdoor data layers; the minimal address (`app-minimal`, localhost only) opens with its buildings and
 * map labels, the layers drawer and navigation, and without search, analysis or download tools.
 */
import { expect, test, type Page } from '@playwright/test';
import { skipLanding, waitForTiles } from './fixtures';

async function openVariant(page: Page, base: string, search = ''): Promise<void> {
  await skipLanding(page);
  await page.goto(`/mapviewer/${base}/map${search}`);
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
}

async function layersDrawer(page: Page, functions: string, layers: string) {
  await page.getByRole('navigation', { name: functions }).getByRole('button', { name: layers, exact: true }).click();
  const drawer = page.getByRole('complementary', { name: layers });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('the indoor variant opens on the indoor view with the stations and no outdoor layers, in en-US and zh-HK', async ({ page }) => {
  await openVariant(page, 'app-mtr-indoor');
  await expect(page.locator('[data-variant="indoor"]')).toHaveCount(1);
  await expect(page.getByTestId('indoor-panel').getByText('Please select highlighted building for exploring 3D indoor map')).toBeVisible();
  // Turning the indoor view on opened the layers drawer (SPEC §4).
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('checkbox', { name: /^MTR station names/ })).toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: /^3D indoor maps/ })).toBeChecked();
  // Both are drawn (the drawer's "Loading…" goes once the overlays are ready).
  await expect(drawer.getByText('Loading…')).toBeHidden();
  // Only the station and indoor layers: no outdoor data layers, no buildings.
  await expect(drawer.locator('.layers-drawer__row')).toHaveCount(2);
  for (const name of ['Temperature', 'Buildings', 'District names']) await expect(drawer.getByRole('checkbox', { name })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
  await expect(page.getByTestId('indoor-panel').getByText('請選擇突顯的建築物以探索三維室內地圖')).toBeVisible();
});

test('the minimal variant opens with its layers and navigation, without the tools it lacks', async ({ page }) => {
  await openVariant(page, 'app-minimal');
  await expect(page.locator('[data-variant="minimal"]')).toHaveCount(1);
  const drawer = await layersDrawer(page, 'Functions', 'Layers');
  await expect(drawer.getByRole('checkbox', { name: /^Buildings/ })).toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: /^MTR station names/ })).toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: /^Temperature/ })).toHaveCount(0);
  // Navigation is there (home extent, zoom); search, map style, inspector and download selection are not.
  await expect(page.getByRole('button', { name: 'Home extent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search for a place' })).toHaveCount(0);
  for (const name of ['Map style', 'Inspector', 'Select download tiles']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('indoor-panel')).toHaveCount(0);
});
