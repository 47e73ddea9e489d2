/**
 * The buildings layer (manifests/overlays/buildings.json, plugins/city-buildings): the 3D Tiles of the data
 * service stand over Kwun Tong at a 45° view (the picture changes when the layer is switched off in the layer
 * drawer, as a user would), textured and textureless paint them differently, the legend names the covered areas,
 * and the row says where buildings exist, in zh-HK too.
 *
 * The two English tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the legend test
 * reads the start-up state and closes its drawer, then the Kwun Tong test sets its view. The zh-HK test opens its
 * own page in Chinese.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { APP, captureCanvas, framesRendered, openMap, shareOnePage, skipLanding, waitForRedraw, waitForSettled, waitForTiles } from './fixtures';

/** South of Kwun Tong's business area, 700 m up, looking north 45° down at it. */
const KWUN_TONG_45 = { longitude: 114.2215, latitude: 22.3045, heightMeters: 700, headingDegrees: 0, pitchDegrees: -45 };

async function openLayersDrawer(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers', exact: true }).click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeLayersDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close Layers' }).click();
}

/** Changes something through the drawer, then waits until the map has drawn it and settled. */
async function thenRedrawn(page: Page, change: () => Promise<void>): Promise<void> {
  const before = await framesRendered(page);
  await change();
  await waitForRedraw(page, before);
  await waitForSettled(page);
}

/** Per pixel: does its colour differ by more than `tolerance` in some channel between the two pictures. */
function differenceMask(a: Buffer, b: Buffer, tolerance = 24): boolean[] {
  const first = PNG.sync.read(a).data;
  const second = PNG.sync.read(b).data;
  const mask: boolean[] = [];
  for (let offset = 0; offset < first.length; offset += 4) {
    mask.push([0, 1, 2].some((channel) => Math.abs(first[offset + channel] - second[offset + channel]) > tolerance));
  }
  return mask;
}

const share = (mask: boolean[]) => mask.filter(Boolean).length / mask.length;

test.describe('one English map page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openMap);

  test('the legend names the covered areas and the assumed heights; the row says where buildings exist', async () => {
    const drawer = await openLayersDrawer(page);
    await expect(drawer.getByRole('list', { name: '3D spatial data' })).toBeVisible();
    const buildings = drawer.getByRole('checkbox', { name: /^Buildings/ });
    await expect(buildings).toHaveAccessibleDescription(/Covered areas only: .*Kwun Tong, Wong Tai Sin, Kowloon Bay, Sha Tin\/CUHK/);
    // Off and on again opens the legend, whatever the start-up legend's timer did.
    await buildings.uncheck();
    await buildings.check();
    const legend = page.getByRole('region', { name: 'Map legends' }).locator('[data-overlay="buildings"]');
    await expect(legend).toContainText('Buildings (generated styling)');
    await expect(legend).toContainText('Covered areas: Central–Kowloon transects (sample), Kwun Tong, Wong Tai Sin, Kowloon Bay, Sha Tin/CUHK');
    await expect(legend).toContainText('Height assumed');
    await expect(legend).toContainText('not photographs');
    await expect(drawer.getByRole('checkbox', { name: 'Building data: covered areas' })).not.toBeChecked();
    await closeLayersDrawer(page);
    await expect(drawer).toBeHidden();
  });

  test('buildings stand over Kwun Tong at 45°, and textured and textureless paint them differently', async () => {
    await page.evaluate((view) => window.__hkmap!.setView(view), KWUN_TONG_45);
    await waitForTiles(page);
    await waitForSettled(page);
    const withBuildings = await captureCanvas(page);

    let drawer = await openLayersDrawer(page);
    const buildings = drawer.getByRole('checkbox', { name: /^Buildings/ });
    await expect(buildings).toBeChecked();
    await thenRedrawn(page, async () => {
      await buildings.uncheck();
      await closeLayersDrawer(page);
    });
    const withoutBuildings = await captureCanvas(page);
    // Where the buildings are: the pixels the layer changes. Kwun Tong is dense: they fill a good part of the view.
    const buildingPixels = differenceMask(withBuildings, withoutBuildings);
    expect(share(buildingPixels)).toBeGreaterThan(0.05);

    drawer = await openLayersDrawer(page);
    await thenRedrawn(page, async () => {
      await drawer.getByRole('checkbox', { name: /^Buildings/ }).check();
      await drawer.getByRole('switch', { name: 'Textured' }).uncheck();
      await closeLayersDrawer(page);
    });
    const textureless = await captureCanvas(page);
    // Over the buildings, the textureless picture (plain light) differs from the textured one (category colours
    // and façades) on most pixels.
    const changed = differenceMask(withBuildings, textureless);
    const overBuildings = buildingPixels.filter((isBuilding, index) => isBuilding && changed[index]).length;
    expect(overBuildings / buildingPixels.filter(Boolean).length).toBeGreaterThan(0.5);
  });
});

test('zh-HK: the buildings row and its note', async ({ page }) => {
  await skipLanding(page);
  await page.goto(`${APP}/map?l=zh-HK`);
  await waitForTiles(page);
  await page.getByRole('navigation').getByRole('button', { name: '圖層', exact: true }).click();
  const row = page.locator('[data-overlay="buildings"]');
  await expect(row).toContainText('建築物');
  await expect(page.locator('#layers-drawer-note-buildings')).toHaveText(
    '只涵蓋以下地區：中環至九龍橫斷帶（樣本）、觀塘、黃大仙、九龍灣、沙田／香港中文大學。其他地方不顯示建築物，並不代表該處沒有建築物。',
  );
});
