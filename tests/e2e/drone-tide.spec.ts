/**
 * Drone zones and the tide gauge on the full variant (issue 15 points 4 and 6): the drone-zone layer switched on
 * in the layers drawer draws its extruded zones with the legend that stays open (seen from above and at an oblique
 * view), and the tide gauge drawer answers Quarry Bay honestly (no prediction offline: HKO's yearly levels, with
 * the mean higher high water) and draws Tai Po Kau's curve with its high waters.
 *
 * Both tests share one page, in order (a full-variant map start on SwiftShader costs over ten seconds): the tide
 * drawer does not depend on the view or the layers the drone test leaves.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, shareOnePage, skipLanding, waitForSettled, waitForTiles } from './fixtures';

async function openFullMap(page: Page) {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
}

/**
 * Pixels tinted by the zones' half-transparent yellow to red fills on the canvas: red well above blue, the
 * relief's greens, greys and blues are not. Counted before and after, so the base map's own cancel out.
 */
async function zonePixels(page: Page): Promise<number> {
  const { data } = PNG.sync.read(await captureCanvas(page));
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4) if (data[offset] - data[offset + 2] > 90 && data[offset] > 170) count += 1;
  return count;
}

test.describe('one full-variant page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openFullMap);

  test('drone zones are drawn, extruded, with the legend that stays open', async () => {
    const testInfo = test.info();
    // Lantau, the airport and the harbour: most sample zones.
    await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.02, latitude: 22.3, heightMeters: 42_000, pitchDegrees: -90 }));
    await waitForTiles(page);
    await waitForSettled(page);
    const before = await zonePixels(page);

    await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' }).click();
    const drawer = page.getByRole('complementary', { name: 'Layers' });
    const checkbox = drawer.getByRole('checkbox', { name: /^Drone restriction zones \(sample\)/ });
    await checkbox.check();
    await expect(checkbox).toHaveAccessibleName('Drone restriction zones (sample)', { timeout: 30_000 });
    const legend = page.getByRole('region', { name: 'Map legends' }).getByRole('region', { name: 'Drone zones: highest flying height' });
    await expect(legend).toBeVisible();
    await expect(legend).toContainText('0 – 300 ft');
    await expect(legend).toContainText('Sample data');
    await page.getByRole('complementary', { name: 'Layers' }).getByRole('button', { name: /Close/ }).first().click();
    await waitForSettled(page);
    await page.screenshot({ path: testInfo.outputPath('drone-zones-top.png') });
    expect(await zonePixels(page)).toBeGreaterThan(before + 500);

    // Oblique from the south at Hei Ling Chau (a 1200 ft zone, 366 m): the zone stands up as a red cylinder.
    await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.04, latitude: 22.212, heightMeters: 900, headingDegrees: 0, pitchDegrees: -10 }));
    await waitForTiles(page);
    await waitForSettled(page);
    await page.screenshot({ path: testInfo.outputPath('drone-zones-oblique.png') });
    // The legend stays open after the camera moved.
    await expect(legend).toBeVisible();
  });

  test('tide gauge: Quarry Bay says what exists, Tai Po Kau draws the curve with its high waters', async () => {
    const testInfo = test.info();
    const button = page.locator('[data-drawer="tidegauge"]');
    if (await button.isVisible()) await button.click();
    else {
      await page.locator('[data-menu="function-group-environmental"]').click();
      await page.locator('[data-drawer="tidegauge"]').click();
    }
    const panel = page.locator('[data-drawer-panel="tidegauge"]');
    await expect(panel).toBeVisible();
    const station = panel.getByLabel('Station');
    await expect(station).toBeEnabled();

    await station.selectOption({ label: 'Quarry Bay' });
    await expect(panel.getByTestId('tide-no-prediction')).toHaveText('No tide prediction for this station here.');
    const yearly = panel.getByTestId('tide-yearly-levels');
    await expect(yearly).toContainText('Quarry Bay tide levels in 2024');
    await expect(yearly.getByRole('row', { name: /Mean higher high water/ })).toContainText(/\d\.\d\d m/);
    await panel.screenshot({ path: testInfo.outputPath('tide-quarry-bay.png') });

    await station.selectOption({ label: 'Tai Po Kau' });
    await panel.getByLabel('Date').fill('2026-01-05');
    const chart = panel.getByRole('img', { name: /Tai Po Kau on 2026-01-05/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('[data-extreme="high"]')).toHaveCount(2);
    const highWaters = panel.getByRole('table', { name: 'High and low waters, 2026-01-05' }).getByRole('row', { name: /High water/ });
    await expect(highWaters).toHaveCount(2);
    await expect(highWaters.last()).toContainText('23:14');
    await expect(highWaters.last()).toContainText('2.76 m');
    await expect(panel.getByTestId('tide-curve-source')).toHaveText('Predicted by the Hong Kong Observatory');
    await panel.screenshot({ path: testInfo.outputPath('tide-tai-po-kau.png') });
  });
});
