/**
 * Station routing (plugins/indoor-routing, indoor variant): with Admiralty's 3D indoor map open (share-link
 * parameter `indoor=MTR-ADM`), a step-free route from a barrier-free exit to a platform shows its length, walking
 * time, the floors it passes and its steps — by lift, with no stairs or escalator — and a floor button shows that
 * floor.
 */
import { expect, test } from '@playwright/test';
import { skipLanding } from './fixtures';

interface Place {
  id: string;
  kind: 'exit' | 'platform' | 'facility';
  stepFree: boolean;
}

test('a step-free route from an exit to a platform in Admiralty goes by lift and lists its length, time and floors', async ({ page }, testInfo) => {
  // The exit and platform a step-free route can join: the service says which places are reachable without steps.
  const answer = await page.request.get('/mapviewer/api/indoor/places?venue=MTR-ADM&lang=en-US');
  expect(answer.ok()).toBe(true);
  const places = ((await answer.json()) as { places: Place[] }).places;
  const exit = places.find((place) => place.kind === 'exit' && place.stepFree);
  const platform = places.find((place) => place.kind === 'platform' && place.stepFree);
  expect(exit && platform).toBeTruthy();

  await skipLanding(page);
  await page.goto('/mapviewer/app-mtr-indoor/map?indoor=MTR-ADM');
  await page.waitForFunction(() => window.__hkmap?.cameraState() != null, undefined, { timeout: 60_000 });
  // The drawer is offered once the station's indoor map is open and ready (SPEC §4). Everything below is done by
  // keyboard (the route controls must be keyboard operable), which also needs no wait for the map's tiles.
  const drawerButton = page.locator('[data-drawer="indoor-routing"]');
  await expect(drawerButton).toBeVisible({ timeout: 30_000 });
  await drawerButton.press('Enter');
  const drawer = page.locator('[data-drawer-panel="indoor-routing"]');
  await expect(drawer.getByRole('heading', { name: 'Station routing' })).toBeVisible();
  // Full-screen data display: the drawer takes the map's height (SPEC §4).
  await expect(drawer).toHaveClass(/drawer-panel--full-height/);

  const origin = drawer.getByRole('combobox', { name: 'Origin' });
  await expect(origin).toBeEnabled();
  await expect(origin.locator('optgroup')).toHaveCount(3);
  await origin.selectOption(exit!.id);
  await drawer.getByRole('combobox', { name: 'Destination' }).selectOption(platform!.id);
  const stepFree = drawer.getByRole('checkbox', { name: 'Step-free route (avoid stairs and escalators)' });
  await stepFree.press('Space');
  await expect(stepFree).toBeChecked();
  await drawer.getByRole('button', { name: 'Search' }).press('Enter');

  const result = drawer.getByRole('region', { name: 'Step-free route' });
  await expect(result).toBeVisible();
  await expect(result).toContainText(/\d+ m · about \d+ minutes? on foot/);
  const floors = result.getByRole('button', { name: /^Show floor / });
  expect(await floors.count()).toBeGreaterThanOrEqual(2);
  const steps = result.getByRole('list', { name: 'Steps' });
  await expect(steps.locator('li[data-via="lift"]').first()).toBeVisible();
  await expect(steps.locator('li[data-via="stairs"], li[data-via="escalator"]')).toHaveCount(0);

  // The last floor passed (the platform's) is shown when its button is pressed.
  const last = floors.last();
  await last.press('Enter');
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: testInfo.outputPath('indoor-routing.png') });
});
