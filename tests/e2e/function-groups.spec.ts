/**
 * Function groups (SPEC §2: land, living and environmental functions, one open at a time) in the drawer bar of the
 * full variant, used by keyboard only, and the care-team search mode of the keyword search (plugins/care-team).
 */
import { expect, test, type Page } from '@playwright/test';
import { skipLanding } from './fixtures';

async function openFullMap(page: Page) {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('[data-menu="function-group-living"]')).toBeVisible({ timeout: 60_000 });
}

/** The id of the drawer button that has the focus, if any. */
const focusedDrawer = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-drawer') ?? null);

test('a living function closes when an environmental one opens, all by keyboard', async ({ page }, testInfo) => {
  await openFullMap(page);
  const living = page.locator('[data-menu="function-group-living"]');
  await living.focus();
  // The group's menu opens on ArrowDown with its first function focused; the arrows walk to the care teams.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: 'Living' })).toBeVisible();
  for (let step = 0; step < 10 && (await focusedDrawer(page)) !== 'careteam'; step += 1) await page.keyboard.press('ArrowDown');
  expect(await focusedDrawer(page)).toBe('careteam');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-drawer-panel="careteam"]')).toBeVisible();
  await expect(living).toHaveAccessibleName('Living: Care teams open');
  await expect(living).toHaveClass(/is-active/);

  // The environmental group: its one drawer is a button of its own, or its group's menu holds it.
  const environmental = page.locator('[data-menu="function-group-environmental"]');
  if (await environmental.isVisible()) {
    await environmental.focus();
    await page.keyboard.press('ArrowDown');
    for (let step = 0; step < 10 && (await focusedDrawer(page)) !== 'tidegauge'; step += 1) await page.keyboard.press('ArrowDown');
  } else {
    await page.locator('[data-drawer="tidegauge"]').focus();
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-drawer-panel="tidegauge"]')).toBeVisible();
  await expect(page.locator('[data-drawer-panel="careteam"]')).toHaveCount(0);
  await expect(living).toHaveAccessibleName('Living');
  await expect(living).not.toHaveClass(/is-active/);

  // Escape in a group's menu closes it and gives the focus back to the group's button.
  await living.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: 'Living' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Living' })).toBeHidden();
  await expect(living).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('function-groups.png') });
});

test('the care team search finds a team by its sub-district and opens the care-team drawer on it', async ({ page }) => {
  await openFullMap(page);
  await page.getByLabel('Search mode').selectOption({ label: 'Care team search' });
  const box = page.getByRole('combobox', { name: 'Search for a place' });
  await box.fill('長洲');
  const results = page.getByRole('listbox', { name: 'Search results' });
  const team = results.getByRole('option', { name: /Care team T10 \(sample\)/ });
  await expect(team).toBeVisible();
  await expect(team).toContainText('Sample record');
  await box.press('Enter');
  const drawer = page.locator('[data-drawer-panel="careteam"]');
  await expect(drawer.getByRole('heading', { name: 'Care team T10 (sample)' })).toBeVisible();
  // The field names come from GET /mapviewer/api/domain/gm, merged into the translations.
  await expect(drawer.getByText('Operating organisation')).toBeVisible();
  await expect(drawer.getByText('Islands Community Care Association (sample)')).toBeVisible();
  await expect(page.locator('[data-menu="function-group-living"]')).toHaveClass(/is-active/);
});
