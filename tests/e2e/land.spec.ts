/**
 * The land function group (plugins/land), full variant: the land parcel search drawer is disabled while the 3D
 * spatial data is off (SPEC §5), finds a lot by its number and flies to it, and says 'No record found' (SPEC §8)
 * for a number no lot has; the outline zoning plan layer draws the Kwun Tong buildings with its legend, which says
 * what the layer covers.
 *
 * Both tests share one page, in order (a full-variant map start on SwiftShader costs over ten seconds): the search
 * test closes its drawer, and the zoning test starts from the home view so the layer's framing is seen.
 */
import { expect, test, type Page } from '@playwright/test';
import { landLotCollectionSchema } from '../../core/contracts/lots';
import { API, APP, shareOnePage, skipLanding, waitForTiles } from './fixtures';

async function openFullMap(page: Page): Promise<void> {
  await skipLanding(page);
  await page.goto(`${APP.replace(/app$/, 'app-full')}/map`);
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
}

const functions = (page: Page) => page.getByRole('navigation', { name: 'Functions' });

test.describe('one full-variant page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openFullMap);

  test('land parcel search: off while 3D is off; finds a lot and flies there; No record found for a number no lot has', async () => {
    const lots = landLotCollectionSchema.parse(await (await page.request.get(`${API}/lots`)).json()).features;
    const lot = lots[lots.length - 1];

    const landButton = functions(page).getByRole('button', { name: 'Land parcel search', exact: true });
    const threeD = page.getByRole('button', { name: '3D spatial data', exact: true });
    await threeD.click();
    await expect(threeD).toHaveAttribute('aria-pressed', 'false');
    await expect(landButton).toHaveAttribute('aria-disabled', 'true');
    await expect(landButton).toHaveAttribute('aria-description', 'Needs the 3D spatial data: switch 3D on first.');
    await landButton.click({ force: true });
    await expect(page.getByRole('complementary', { name: 'Land parcel search' })).toBeHidden();

    await threeD.click();
    await expect(landButton).not.toHaveAttribute('aria-disabled', 'true');
    await landButton.click();
    const drawer = page.getByRole('complementary', { name: 'Land parcel search' });
    await expect(drawer).toBeVisible();
    const lotNumber = drawer.getByRole('searchbox', { name: 'Lot number' });
    const search = drawer.getByRole('button', { name: 'Search', exact: true });

    await lotNumber.fill('S');
    await search.click();
    await expect(drawer.getByRole('status').first()).toHaveText('Please input at least 2 English characters');

    // Typed as people write it: lower case, no space.
    await lotNumber.fill(lot.properties.lotNumber.toLowerCase().replace(' ', ''));
    await lotNumber.press('Enter');
    const results = drawer.getByRole('list', { name: 'Lots found' });
    await expect(results.getByRole('button').first()).toContainText(lot.properties.lotNumber);
    await results.getByRole('button').first().click();
    // Its fields, and the camera over the lot.
    await expect(drawer.getByText(lot.properties.location['en-US'], { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('Sample: generated, not a real lot')).toBeVisible();
    const [longitude, latitude] = lot.geometry.coordinates[0][0];
    await expect
      .poll(async () => {
        const camera = await page.evaluate(() => window.__hkmap!.cameraState());
        return camera ? Math.hypot(camera.longitude - longitude, camera.latitude - latitude) < 0.01 && camera.heightMeters < 3000 : false;
      })
      .toBe(true);
    await page.screenshot({ path: test.info().outputPath('land-search.png') });

    await lotNumber.fill('zzqq');
    await search.click();
    await expect(drawer.getByRole('status').first()).toHaveText('No record found');
    await expect(results).toBeHidden();
    await drawer.getByRole('button', { name: 'Close Land parcel search' }).click();
    await expect(drawer).toBeHidden();
  });

  test('zoning plans: the Kwun Tong buildings in their zone colours, with a legend naming the zones and what the layer covers', async () => {
    // Back at the start view, away from Kwun Tong (the search test flew to a lot), so the framing below is seen.
    await page.getByRole('button', { name: 'Home extent' }).click();
    await expect
      .poll(async () => {
        const camera = await page.evaluate(() => window.__hkmap!.cameraState());
        return camera ? Math.abs(camera.longitude - 114.22) < 0.03 && Math.abs(camera.latitude - 22.31) < 0.05 : true;
      })
      .toBe(false);
    await waitForTiles(page);
    // Without the 3D buildings SwiftShader draws Kwun Tong in a fraction of the time; the zones lie on the ground anyway.
    await page.getByRole('button', { name: '3D spatial data', exact: true }).click();
    await functions(page).getByRole('button', { name: 'Layers', exact: true }).click();
    const layers = page.getByRole('complementary', { name: 'Layers' });
    const zoning = layers.getByRole('checkbox', { name: /^Outline zoning plans \(Kwun Tong buildings\)/ });
    await zoning.check();
    const legend = page.getByRole('region', { name: 'Map legends' }).getByRole('region', { name: 'Outline zoning plans (Kwun Tong buildings only)' });
    await expect(legend).toBeVisible();
    await expect(legend.getByText('Other Specified Uses (OU)')).toBeVisible();
    await expect(legend.getByText(/^Covers Kwun Tong only/)).toBeVisible();
    // Switched on elsewhere, the layer frames the nearest group of its features: Kwun Tong.
    await expect
      .poll(async () => {
        const camera = await page.evaluate(() => window.__hkmap!.cameraState());
        return camera ? Math.abs(camera.longitude - 114.22) < 0.03 && Math.abs(camera.latitude - 22.31) < 0.05 : false;
      })
      .toBe(true);
    await expect(layers.locator('[data-overlay="zoning-plans"]')).not.toContainText(/Loading|not available/);
    await page.screenshot({ path: test.info().outputPath('land-zoning.png') });
  });
});
