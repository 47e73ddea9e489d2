/**
 * Hiking (issue 15 point 1): open the hiking drawer, pick the MacLehose Trail, see its profile coloured by steepness
 * with a cursor linked to the map, and fly along it through the animation's states (SPEC §4).
 */
import { expect, test, type Page } from '@playwright/test';
import { openMap } from './fixtures';

/** Opens a drawer of the living group: its button sits in the group's menu when the bar groups it, else in the bar. */
async function openLivingDrawer(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Functions' });
  const direct = bar.getByRole('button', { name, exact: true });
  if (!(await direct.isVisible())) await bar.getByRole('button', { name: /^Living/ }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

test('the MacLehose Trail shows its steepness profile and flies through the animation states', async ({ page }) => {
  await openMap(page);
  await openLivingDrawer(page, 'Hiking trails');
  const drawer = page.getByRole('complementary', { name: 'Hiking trails' });
  await drawer.getByText('MacLehose Trail', { exact: true }).click();
  await drawer.locator('[data-trail="maclehose"][data-stage="all"]').click();

  // The profile: all four SPEC §9 classes occur along the trail, each with its legend entry.
  const graph = drawer.getByRole('slider', { name: /^Height profile of MacLehose Trail/ });
  await expect(graph).toBeVisible({ timeout: 20_000 });
  await expect(graph.locator('path[data-steepness]')).toHaveCount(4);
  await expect(drawer.getByRole('list', { name: 'Steepness' }).getByRole('listitem')).toHaveText([
    'Gentle (up to 3.5°)',
    'Moderate (3.5° to 9.2°)',
    'Steep (9.2° to 14.9°)',
    'Severe (over 14.9°)',
  ]);
  // The keyboard moves the cursor along the trail (and the map's marker with it).
  await graph.focus();
  await page.keyboard.press('End');
  await expect(graph).toHaveAttribute('aria-valuetext', /^9\d\.\d km · /);
  await page.keyboard.press('Home');
  await expect(graph).toHaveAttribute('aria-valuenow', '0');

  // The trail's ends: no MTR within range of Pak Tam Chung's section start (SPEC §8 wording).
  await drawer.getByRole('button', { name: 'MTR near the start' }).click();
  await expect(drawer.locator('[data-hiking-popup="transport"]')).toContainText('No metro train service info');

  // A click on the track, seen from above between two distance posts, opens the segment pop-up instead.
  const profile = (await (await page.request.get('/mapviewer/api/trails/maclehose/profile')).json()) as {
    samples: Array<[number, number, number, number]>;
    distancePosts: Array<{ code: string; distanceMetres: number }>;
  };
  const post = profile.distancePosts.find((candidate) => candidate.code === 'M010')!;
  const sample = profile.samples.find(([distance]) => distance >= post.distanceMetres + 250)!;
  // The camera a little west of the sample, so it shows right of the drawer, once the flight that fitted the trail
  // into view has ended (a camera placed during a flight is moved on by it).
  let lastHeight = NaN;
  await expect
    .poll(async () => {
      const height = await page.evaluate(() => window.__hkmap!.cameraState()!.heightMeters);
      const settled = height === lastHeight;
      lastHeight = height;
      return settled;
    }, { intervals: [500], timeout: 20_000 })
    .toBe(true);
  await page.evaluate(([, longitude, latitude]) => window.__hkmap!.setView({ longitude: longitude - 0.004, latitude, heightMeters: 2500, pitchDegrees: -90 }), sample);
  const canvas = (await page.locator('.map-page canvas').first().boundingBox())!;
  const drawerBox = (await drawer.boundingBox())!;
  // Click once the camera has settled and the terrain there has loaded: what lies under the sample's screen point
  // is the sample itself (a click on nothing is not reported, and a camera still moving would miss the track).
  const aimAt = () =>
    page.evaluate(async ([, longitude, latitude, height]) => {
      const screen = window.__hkmap!.screenPositionOf(longitude, latitude, height);
      const hit = screen && (await window.__hkmap!.pick(screen.x, screen.y));
      if (!screen || !hit?.position) return null;
      const metres = Math.hypot((hit.position.longitude - longitude) * 102_800, (hit.position.latitude - latitude) * 110_600);
      return { ...screen, metres };
    }, sample);
  await expect.poll(async () => ((await aimAt())?.metres ?? Infinity) < 10, { timeout: 20_000 }).toBe(true);
  const onScreen = (await aimAt())!;
  expect(canvas.x + onScreen.x).toBeGreaterThan(drawerBox.x + drawerBox.width);
  await page.mouse.click(canvas.x + onScreen.x, canvas.y + onScreen.y);
  const segment = drawer.locator('[data-hiking-popup="segment"]');
  await expect(segment.getByRole('heading', { name: 'Trail segment' })).toBeVisible();
  await expect(segment).toContainText(/ km to .* km: [\d,]+ m, (Gentle|Moderate|Steep|Severe) .*, average -?\d+\.\d°, steepest \d+\.\d°/);
  await expect(drawer.locator('[data-hiking-popup]')).toHaveCount(1);

  // The flight: loading, then the choice to play now; playing moves along the trail; Space pauses, Escape exits.
  await drawer.getByRole('button', { name: 'Fly along the trail' }).click();
  const animation = drawer.getByRole('region', { name: 'Trail flight' });
  await expect(animation).toHaveAttribute('data-animation-state', 'loading');
  await expect(drawer.locator('[data-hiking-popup]')).toHaveCount(0);
  await expect(animation).toHaveAttribute('data-animation-state', 'ready', { timeout: 10_000 });
  await animation.getByRole('button', { name: 'Play now' }).click();
  await expect(animation).toHaveAttribute('data-animation-state', 'playing');
  await animation.getByRole('radio', { name: '4×' }).check();
  await expect(animation.getByRole('status')).toHaveText(/^Playing · (?!0\.0 km)\d+\.\d km \/ 9\d\.\d km$/, { timeout: 20_000 });
  await animation.getByRole('button', { name: 'Pause' }).focus();
  await animation.getByRole('button', { name: 'Pause' }).press('Enter');
  await expect(animation).toHaveAttribute('data-animation-state', 'paused');
  await animation.getByRole('radio', { name: '4×' }).press('Space');
  await expect(animation).toHaveAttribute('data-animation-state', 'playing');
  await animation.getByRole('button', { name: 'Stop' }).click();
  await expect(animation).toHaveAttribute('data-animation-state', 'stopped');
  await drawer.getByRole('button', { name: 'Play again' }).press('Escape');
  await expect(drawer.getByRole('button', { name: 'Fly along the trail' })).toBeVisible();

  // Closing the drawer clears the trail from the map: the hiking pointer mode is given back.
  expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('hiking');
  await page.getByRole('button', { name: 'Close Hiking trails' }).click();
  await expect.poll(() => page.evaluate(() => window.__hkmap!.pointerMode())).not.toBe('hiking');
});
