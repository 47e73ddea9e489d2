/**
 * The layer drawer's own sections (plugins/layers): the terrains switch live (the map's ground heights follow),
 * textureless mode turns the globe grey, the census layer draws its orange constituency outlines (full variant:
 * the second variant has no census), the annotation labels follow the language, and a layer's Metadata link opens
 * its catalogue record.
 *
 * The second variant's four tests share one page, in order (a map start on SwiftShader costs ten seconds and
 * more): each sets its own view and leaves the drawer closed, the terrain adaptive, the globe textured and the
 * page in English, as the map starts. The census test needs the full variant and opens its own page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { APP, captureCanvas, openMap, shareOnePage, skipLanding, waitForSettled, waitForTiles } from './fixtures';
import { differingPixels, pixelsNear } from './pixels';

/** Tai Mo Shan, the highest ground of the territory (957 m). */
const TAI_MO_SHAN = { longitude: 114.1243, latitude: 22.4106 };
/** Over Kowloon, looking north across the harbour: stations, districts and hills in view. */
const KOWLOON_VIEW = { longitude: 114.17, latitude: 22.26, heightMeters: 9000, pitchDegrees: -50 };

/** Opens the layers drawer from the drawer bar (each test of the shared page starts with it closed). */
async function openLayersDrawer(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers', exact: true }).click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function setView(page: Page, view: typeof KOWLOON_VIEW): Promise<void> {
  await page.evaluate((next) => window.__hkmap!.setView(next), view);
  await waitForTiles(page);
}

const heightAtTaiMoShan = (page: Page) => page.evaluate(({ longitude, latitude }) => window.__hkmap!.heightAt(longitude, latitude), TAI_MO_SHAN);

/** Share of pixels whose channels are within `spread` of each other (grey), and of those lighter than `minimum`. */
function greyShare(png: Buffer, spread = 12, minimum = 150): number {
  const { data } = PNG.sync.read(png);
  let grey = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const [r, g, b] = [data[offset], data[offset + 1], data[offset + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) <= spread && Math.min(r, g, b) >= minimum) grey += 1;
  }
  return grey / (data.length / 4);
}

test.describe('on one page of the second variant', () => {
  let page: Page;
  /** The three label feeds' answers of the page's start (the labels test's English picture must hold every label). */
  let labelFeeds: Promise<unknown>;
  shareOnePage((started) => (page = started), async (page) => {
    // Listening before the page starts: a busy server can answer the label feeds after the map has already been
    // still for a while, so the labels test waits for all three answers, not only for a quiet map.
    labelFeeds = Promise.all(
      ['district', 'station', 'landmark'].map((tier) => page.waitForResponse((response) => response.url().includes(`/static/annotation?tier=${tier}&`) && response.ok())),
    );
    await openMap(page);
  });

  test('terrains switch live: the ellipsoid flattens the ground, adaptive and above ground level bring the hills back', async () => {
    expect(await page.evaluate(() => [window.__hkmap!.terrain(), window.__hkmap!.terrainKind()])).toEqual(['terrain', 'adaptive']);
    await setView(page, { ...TAI_MO_SHAN, heightMeters: 6000, pitchDegrees: -90 });
    await expect.poll(() => heightAtTaiMoShan(page)).toBeGreaterThan(500);

    const drawer = await openLayersDrawer(page);
    const terrains = drawer.getByRole('radiogroup', { name: 'Terrain' });
    await terrains.getByRole('radio', { name: 'Ellipsoid (no terrain)' }).check();
    await expect.poll(() => page.evaluate(() => window.__hkmap!.terrain())).toBe('ellipsoid');
    await waitForTiles(page);
    await expect.poll(() => heightAtTaiMoShan(page)).toBeLessThan(1);

    await terrains.getByRole('radio', { name: 'Above ground level' }).check();
    await expect.poll(() => page.evaluate(() => [window.__hkmap!.terrain(), window.__hkmap!.terrainKind()])).toEqual(['terrain', 'above-ground-level']);
    await waitForTiles(page);
    await expect.poll(() => heightAtTaiMoShan(page)).toBeGreaterThan(500);

    await terrains.getByRole('radio', { name: 'Adaptive terrain' }).check();
    await expect.poll(() => page.evaluate(() => window.__hkmap!.terrainKind())).toBe('adaptive');
    await expect(terrains.getByRole('radio', { name: 'Adaptive terrain' })).toBeChecked();
    await drawer.getByRole('button', { name: 'Close Layers' }).click();
    await expect(drawer).toBeHidden();
  });

  test('textureless mode hides the imagery and shows a plain light-grey globe; textured brings it back', async () => {
    await setView(page, KOWLOON_VIEW);
    const textured = await captureCanvas(page);
    expect(greyShare(textured)).toBeLessThan(0.3);

    const drawer = await openLayersDrawer(page);
    const toggle = drawer.getByRole('switch', { name: 'Textured' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect.poll(() => page.evaluate(() => window.__hkmap!.textured())).toBe(false);
    await waitForTiles(page);
    await expect.poll(async () => greyShare(await captureCanvas(page))).toBeGreaterThan(0.6);

    // Textureless is only a way of painting the map: the drawer stays open for switching back.
    await expect(drawer).toBeVisible();
    await toggle.click();
    await expect.poll(() => page.evaluate(() => window.__hkmap!.textured())).toBe(true);
    await waitForTiles(page);
    await expect.poll(async () => greyShare(await captureCanvas(page))).toBeLessThan(0.3);
    await drawer.getByRole('button', { name: 'Close Layers' }).click();
    await expect(drawer).toBeHidden();
  });

  test('annotation labels are on by default and follow the language', async () => {
    await labelFeeds;
    await setView(page, KOWLOON_VIEW);
    const drawer = await openLayersDrawer(page);
    for (const name of ['District names', 'MTR station names', 'Peak, beach and landmark names']) {
      await expect(drawer.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeChecked();
    }
    await page.getByRole('button', { name: 'Close Layers' }).click();
    await waitForTiles(page);
    // The labels arrive after the tiles: the English picture is taken once nothing more is drawn.
    await waitForSettled(page);
    const english = await captureCanvas(page);

    const language = page.getByRole('combobox', { name: 'Language' });
    await language.selectOption('zh-HK');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await waitForTiles(page);
    // The relabelling redraws only the labels: poll until the frame differs.
    await expect.poll(async () => differingPixels(english, await captureCanvas(page)), { timeout: 20_000 }).toBeGreaterThan(2000);
    await waitForSettled(page);
    const chinese = await captureCanvas(page);

    await page.getByRole('combobox', { name: '語言' }).selectOption('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await waitForTiles(page);
    await expect.poll(async () => differingPixels(english, await captureCanvas(page)), { timeout: 20_000 }).toBeLessThan(differingPixels(english, chinese) / 4);
  });

  test("a layer's Metadata link opens its catalogue record in a new tab, in the viewer's language, leaving the map as it was", async () => {
    const context = page.context();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await page.getByRole('navigation', { name: '功能' }).getByRole('button', { name: '圖層', exact: true }).click();
    const drawer = page.getByRole('complementary', { name: '圖層' });
    const beach = drawer.getByRole('checkbox', { name: /^泳灘水質/ });
    await expect(beach).not.toBeChecked();
    const link = drawer.getByRole('link', { name: '泳灘水質的元數據（在新分頁開啟）' });
    await link.focus();
    const [metadataPage] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await metadataPage.waitForLoadState();
    expect(new URL(metadataPage.url()).pathname).toBe('/mapviewer/app/metadata/beach-water-quality');
    await expect(metadataPage.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await expect(metadataPage.getByRole('heading', { level: 1, name: /泳灘水質/ })).toBeVisible();
    // The viewer stays on the map with the drawer open, and the layer was not switched on by the press.
    await expect(drawer).toBeVisible();
    await expect(beach).not.toBeChecked();
    await expect(page.locator('.map-page')).toBeVisible();
  });
});

/** The census outlines' orange (manifests/overlays/census-dcca-2019.json). */
const CENSUS_ORANGE = [255, 140, 0] as const;

test('the census layer draws the constituency outlines in orange (full variant)', async ({ page }) => {
  await skipLanding(page);
  await page.goto(`${APP.replace(/app$/, 'app-full')}/map`);
  await waitForTiles(page);
  await setView(page, { longitude: 114.17, latitude: 22.315, heightMeters: 4000, pitchDegrees: -90 });
  const before = pixelsNear(await captureCanvas(page), [CENSUS_ORANGE], 40);

  const drawer = await openLayersDrawer(page);
  const census = drawer.getByRole('checkbox', { name: /^District Council constituency areas \(2019\)/ });
  await census.check();
  await expect(census).toHaveAccessibleName('District Council constituency areas (2019)', { timeout: 30_000 });
  await waitForTiles(page);
  await expect.poll(async () => pixelsNear(await captureCanvas(page), [CENSUS_ORANGE], 40) - before, { timeout: 30_000 }).toBeGreaterThan(1500);
});
