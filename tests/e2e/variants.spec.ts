/**
 * Issue 12 point 11: the indoor and minimal variants open on what they are for. The indoor address
 * (`app-mtr-indoor`) opens on the MTR station names with a notice that 3D indoor maps are not available yet and
 * none of the outdoor data layers; the minimal address (`app-minimal`, localhost only) opens with its buildings and
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

test('the indoor variant opens on the MTR stations with an honest notice, in en-US and zh-HK', async ({ page }) => {
  await openVariant(page, 'app-mtr-indoor');
  await expect(page.locator('[data-variant="indoor"]')).toHaveCount(1);
  // (Notices may be rendered in more than one area; one of them shows it.)
  await expect(page.getByText('3D indoor maps are not available in this release yet. The map shows the MTR stations.').filter({ visible: true }).first()).toBeVisible();
  const drawer = await layersDrawer(page, 'Functions', 'Layers');
  await expect(drawer.getByRole('checkbox', { name: /^MTR station names/ })).toBeChecked();
  // The station names are drawn (the drawer's "Loading…" goes once the overlay is ready).
  await expect(drawer.getByText('Loading…')).toBeHidden();
  // Only the station layer: no outdoor data layers, no buildings.
  await expect(drawer.locator('.layers-drawer__row')).toHaveCount(1);
  for (const name of ['Temperature', 'Buildings', 'District names']) await expect(drawer.getByRole('checkbox', { name })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
  await expect(page.getByText('本版本尚未提供三維室內地圖。地圖現顯示港鐵站。').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('3D indoor maps are not available in this release yet.', { exact: false })).toHaveCount(0);
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
  await expect(page.getByText('3D indoor maps are not available', { exact: false })).toHaveCount(0);
});
