/**
 * Living themed functions (issue 15 points 2 and 8): the heritage drawer lists the declared monuments and a chosen
 * monument shows its AMO page link; the stargazing drawer lists a dark-sky viewpoint with the night's sunset.
 */
import { expect, test, type Page } from '@playwright/test';
import { skipLanding, waitForTiles } from './fixtures';

/** Opens a drawer of the living group: its button sits in the group's menu when the bar groups it, else in the bar. */
async function openLivingDrawer(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Functions' });
  const direct = bar.getByRole('button', { name, exact: true });
  if (!(await direct.isVisible())) await bar.getByRole('button', { name: /^Living/ }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

test('the heritage drawer lists the declared monuments; a chosen one shows its AMO page', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app/map');
  await waitForTiles(page);
  await openLivingDrawer(page, 'Heritage');
  const drawer = page.getByTestId('heritage-drawer');
  await expect(drawer.getByText('105 monuments')).toBeVisible({ timeout: 20_000 });
  await drawer.getByLabel('District').selectOption({ label: 'Central and Western (23)' });
  await expect(drawer.getByText('23 monuments')).toBeVisible();
  await drawer.getByRole('button', { name: /^Former Central Magistracy/ }).click();
  const details = drawer.getByTestId('heritage-details');
  await expect(details.getByRole('heading', { name: 'Former Central Magistracy' })).toBeVisible();
  await expect(details.getByText('1 Arbuthnot Road, Central')).toBeVisible();
  await expect(details.getByTestId('heritage-amo-link')).toHaveAttribute('href', 'https://www.amo.gov.hk/en/monuments_54.php');
  // The close-up asks first on a desktop, naming the minimum hardware; Cancel leaves the camera where it is.
  await details.getByRole('button', { name: 'View up close in 3D' }).click();
  const dialog = page.getByRole('dialog', { name: 'Heritage detailed view' });
  await expect(dialog.getByText('Minimum hardware: 8-core GPU, 6 GB video memory, 16 GB RAM.')).toBeVisible();
  await expect(dialog.getByText(/No detailed 3D model of this monument is available/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the stargazing drawer lists dark-sky viewpoints with the night’s sunset', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await waitForTiles(page);
  await openLivingDrawer(page, 'Stargazing');
  const drawer = page.getByTestId('stargazing-drawer');
  // Viewpoints are chosen on the server's first request (the DEM and 25,000 junctions: a second or two).
  const first = drawer.locator('[data-viewpoint]').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(drawer.locator('[data-viewpoint]')).toHaveCount(8);
  // Hong Kong sunsets fall between 17:39 and 19:12 all year.
  await expect(first.getByTestId('stargazing-sunset')).toHaveText(/^1[7-9]:\d\d$/);
  // A chosen night: the full moon of 15 September 2008 (HKO: full at 5.13pm).
  await drawer.getByLabel('Night of').fill('2008-09-15');
  await expect(first.getByText(/^Full moon, (99|100)% lit$/)).toBeVisible({ timeout: 20_000 });
  await first.getByRole('button').first().click();
  await expect(first.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
});
