/**
 * The Temperature overlay (manifests/overlays/temperature.json) through the layers drawer: it draws, shows
 * its legend, is counted by analytics, and a failing feed gives a notice while the map keeps working.
 *
 * Analytics name: core's store reports every switch, overlays included, as `<feature id>::on|off` with `id` set
 * (SPEC §7 "named like feature::on"), so the overlay is counted as `temperature::on`.
 *
 * Both tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the failing feed
 * first, which then lets the feed through again, switches the layer off and closes the drawer; then the working feed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, cameraHeight, captureCanvas, openMap, shareOnePage } from './fixtures';
import { differingPixels } from './pixels';

const NOTICE = 'Temperature data is temporarily not available. Please try again later.';

async function temperatureOnCount(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${API}/analytics/summary`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { totals: { name: string; id: string | null; count: number }[] };
  return body.totals
    .filter((row) => row.name === 'temperature::on' && row.id === 'temperature')
    .reduce((sum, row) => sum + row.count, 0);
}

async function switchTemperatureOn(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' }).click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await expect(drawer).toBeVisible();
  const checkbox = drawer.getByRole('checkbox', { name: 'Temperature' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await expect(checkbox).toBeChecked();
}

test.describe('one map page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openMap);

  test('a failing temperature feed gives a notice and the map keeps responding', async () => {
    let feedCalls = 0;
    await page.route('**/mapviewer/api/realtime/temperature**', (route) => {
      feedCalls += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service Unavailable"}' });
    });
    await switchTemperatureOn(page);

    await expect(page.getByRole('region', { name: 'Notices' }).getByText(NOTICE, { exact: true })).toBeVisible();
    expect(feedCalls).toBeGreaterThan(0);
    // The layer row says so too, instead of "Loading…" for ever.
    const drawer = page.getByRole('complementary', { name: 'Layers' });
    await expect(drawer.getByText('Temporarily not available')).toBeVisible();
    await expect(drawer.getByText('Loading…')).toBeHidden();

    const height = await cameraHeight(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => cameraHeight(page), { timeout: 15_000 }).toBeLessThan(height * 0.9);

    // The feed answers again and the layer goes off, for the next test on this page.
    await page.unroute('**/mapviewer/api/realtime/temperature**');
    await drawer.getByRole('checkbox', { name: 'Temperature' }).uncheck();
    await drawer.getByRole('button', { name: 'Close Layers' }).click();
    await expect(drawer).toBeHidden();
  });

  test('switching Temperature on draws the stations, shows the legend and is counted', async () => {
    const countBefore = await temperatureOnCount(page.request);
    const before = await captureCanvas(page);

    await switchTemperatureOn(page);
    const drawer = page.getByRole('complementary', { name: 'Layers' });
    // The drawer shows "Loading…" until the overlay's ready flag is set (core store overlays[id].ready).
    await expect(drawer.getByText('Loading…')).toBeHidden();
    const legend = page.getByRole('region', { name: 'Map legends' });
    await expect(legend.getByRole('heading', { name: 'Air temperature (°C)' })).toBeVisible();
    await expect(legend.getByText('38 or above')).toBeVisible();

    // The station markers change the picture (about 14 px each, dozens of stations over the territory).
    let changed = 0;
    await expect
      .poll(async () => (changed = differingPixels(before, await captureCanvas(page))), { timeout: 30_000 })
      .toBeGreaterThan(2000);
    test.info().annotations.push({ type: 'pixels changed', description: String(changed) });

    await expect
      .poll(() => temperatureOnCount(page.request), { timeout: 20_000, intervals: [500] })
      .toBeGreaterThanOrEqual(countBefore + 1);
  });
});
