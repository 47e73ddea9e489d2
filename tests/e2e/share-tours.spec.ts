/**
 * Share map and guided tours (issue 14 points 3 and 9): a link made with Share map opens, in a fresh browser, on the
 * same view with the same layers; and a tour steps through its stops, flying the camera and showing each stop's layers.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP, clickMapTool, openMap, skipLanding, waitForTiles } from './fixtures';

/** Over the harbour east of Central, looking south-west at the island: an oblique view with heading and pitch. */
const SHARED_VIEW = { longitude: 114.1745, latitude: 22.2905, heightMeters: 1800, headingDegrees: 230, pitchDegrees: -32 };

async function layersDrawer(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers', exact: true }).click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeLayersDrawer(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Layers' })).toHaveCount(0);
}

test('a share link restores the view and the layers in a fresh page', async ({ page, browser }) => {
  // Two map pages load one after the other (the sharer's and the fresh one): twice a usual test's work.
  test.setTimeout(150_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openMap(page);
  await page.evaluate((view) => window.__hkmap!.setView(view), SHARED_VIEW);
  const drawer = await layersDrawer(page);
  await drawer.getByRole('checkbox', { name: /^Temperature/ }).check();
  await drawer.getByRole('checkbox', { name: /^Buildings/ }).uncheck();
  await closeLayersDrawer(page);
  await waitForTiles(page);

  const tool = page.getByRole('button', { name: 'Share map', exact: true });
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('share-map-panel');
  const link = await panel.getByTestId('share-map-link').inputValue();
  expect(new URL(link).searchParams.get('layers')).toContain('temperature');
  expect(new URL(link).searchParams.get('hide')).toContain('buildings');
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('status').first()).toHaveText('Link copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await panel.getByRole('button', { name: 'Show QR code' }).click();
  await expect(panel.getByRole('img', { name: 'QR code of the link to this map' })).toBeVisible();

  // A fresh browser: no session, no state but what the link says (the first page closed, so one map renders at a time).
  await page.close();
  const fresh = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const other = await fresh.newPage();
  await skipLanding(other);
  await other.goto(link);
  await waitForTiles(other);
  await expect
    .poll(() => other.evaluate(() => window.__hkmap!.cameraState()), { timeout: 20_000 })
    .toMatchObject({
      longitude: expect.closeTo(SHARED_VIEW.longitude, 6),
      latitude: expect.closeTo(SHARED_VIEW.latitude, 6),
      heightMeters: expect.closeTo(SHARED_VIEW.heightMeters, 0),
      headingDegrees: expect.closeTo(SHARED_VIEW.headingDegrees, 1),
      pitchDegrees: expect.closeTo(SHARED_VIEW.pitchDegrees, 1),
    });
  const otherDrawer = await layersDrawer(other);
  await expect(otherDrawer.getByRole('checkbox', { name: /^Temperature/ })).toBeChecked();
  await expect(otherDrawer.getByRole('checkbox', { name: /^Buildings/ })).not.toBeChecked();
  await fresh.close();
});

test('a guided tour steps through its stops and ends with the layers as they were', async ({ page }) => {
  await skipLanding(page);
  await page.goto(`${APP.replace('/app', '/app-full')}/map`);
  await waitForTiles(page);
  // The full variant's tools outnumber what an 800x600 map's bar holds, so Guided tours may be under "More tools".
  await clickMapTool(page, 'tours');
  const panel = page.getByTestId('tours-panel');
  await panel.getByRole('button', { name: /^Weather and environment/ }).click();
  const playing = panel.getByTestId('tours-playing');
  await expect(playing.getByRole('heading', { name: 'Temperature' })).toBeVisible();
  await expect(playing.getByRole('progressbar', { name: 'Tour progress' })).toHaveAttribute('aria-valuetext', 'Stop 1 of 6');
  // The first stop's camera, 38.7 km up over the sea south of Hong Kong Island, looking north.
  await expect.poll(() => page.evaluate(() => window.__hkmap!.cameraState()!.heightMeters), { timeout: 20_000 }).toBeCloseTo(38_670, -2);
  const drawer = await layersDrawer(page);
  await expect(drawer.getByRole('checkbox', { name: /^Temperature/ })).toBeChecked();
  await closeLayersDrawer(page);
  await expect(playing).toHaveAttribute('data-stop', '0');
  await playing.getByRole('button', { name: 'Next' }).click();
  await expect(playing.getByRole('heading', { name: 'Wind' })).toBeVisible();
  await expect(playing.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Stop 2 of 6');
  await playing.getByRole('button', { name: 'Back' }).click();
  await expect(playing.getByRole('heading', { name: 'Temperature' })).toBeVisible();
  for (let stop = 2; stop <= 6; stop += 1) await playing.getByRole('button', { name: 'Next' }).click();
  await expect(playing.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Stop 6 of 6');
  await expect(playing.getByRole('heading', { name: 'Marine and river water quality' })).toBeVisible();
  await playing.getByRole('button', { name: 'Finish tour' }).click();
  await expect(panel.getByTestId('tours-playing')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Victoria Harbour/ })).toBeVisible();
  const after = await layersDrawer(page);
  await expect(after.getByRole('checkbox', { name: /^Buildings/ })).toBeChecked();
  for (const layer of [/^Temperature/, /^Marine water quality/, /^River water quality/]) await expect(after.getByRole('checkbox', { name: layer })).not.toBeChecked();
});
