/**
 * Issue 17: a user opens Admiralty's 3D indoor map from the indoor view's venue list, pages through its floors
 * (5 per page, SPEC §9) and picks a floor; a click on its concourse identifies the area there, and a click outside
 * the open map says 'Please identify within 3D indoor map' (SPEC §8). The rules (paging, ordering, messages) are
 * unit-tested in plugins/indoor.
 */
import { expect, test } from '@playwright/test';
import { skipLanding, waitForTiles } from './fixtures';

test('Admiralty: open its 3D indoor map, page through the floors, identify inside gives the area, outside the message', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-mtr-indoor/map');
  const panel = page.getByTestId('indoor-panel');
  // The indoor variant opens on the indoor view.
  await expect(panel.getByText('Please select highlighted building for exploring 3D indoor map')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Venue' }).selectOption('MTR-ADM');
  await panel.getByRole('button', { name: 'Open 3D indoor map' }).click();
  await expect(panel.getByRole('heading', { name: /Admiralty Station/ })).toBeVisible();

  // The floor selector: 5 per page; page through whatever more the station has.
  const pageText = panel.getByTestId('indoor-floor-page');
  await expect(pageText).toHaveText(/^Floors 1–\d+ of \d+$/);
  const count = Number((await pageText.textContent())?.match(/of (\d+)/)?.[1]);
  const floorButtons = panel.getByRole('button', { name: /^Show floor / });
  await expect(floorButtons).toHaveCount(Math.min(count, 5));
  await expect(panel.locator('button[aria-pressed="true"]')).toHaveCount(1);
  expect(count).toBeGreaterThan(5); // Admiralty: street level, concourse and four platform levels
  await panel.getByRole('button', { name: 'Next floors' }).click();
  await expect(pageText).toHaveText(`Floors 6–${Math.min(count, 10)} of ${count}`);
  await expect(panel.getByRole('button', { name: 'Next floors' })).toBeDisabled();
  const lowest = floorButtons.last();
  await lowest.click();
  await expect(lowest).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Previous floors' }).click();
  await expect(pageText).toHaveText(`Floors 1–5 of ${count}`);

  // Identify inside: look down on the concourse (below the panel) and click it; the area's properties show.
  await panel.getByRole('button', { name: 'Show floor Concourse' }).click();
  await page.evaluate(() => window.__hkmap?.setView({ longitude: 114.16386, latitude: 22.27982, heightMeters: 300, pitchDegrees: -90 }));
  await waitForTiles(page);
  // The middle of the concourse, on its floor (8 m under the ~5.5 m ground); screen positions are the canvas's.
  const concourse = (await page.evaluate(() => window.__hkmap!.screenPositionOf(114.16454, 22.27939, -2.5)))!;
  const canvas = (await page.locator('.cesium-widget canvas').boundingBox())!;
  await page.mouse.click(canvas.x + concourse.x, canvas.y + concourse.y);
  await expect(panel.getByText(/^ADM-C-/)).toBeVisible();

  // Identify outside the open map: look down on a place 3 km east and click it.
  await page.evaluate(() => window.__hkmap?.setView({ longitude: 114.195, latitude: 22.28, heightMeters: 900, pitchDegrees: -90 }));
  await waitForTiles(page);
  await page.mouse.click(560, 420);
  await expect(page.getByText('Please identify within 3D indoor map').filter({ visible: true }).first()).toBeVisible();
});
