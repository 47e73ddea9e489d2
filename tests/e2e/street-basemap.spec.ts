/**
 * The base map at street level (issue 11 point 7): over Mong Kok from 400 m the relief tiles show the street
 * plan, and the credits name the data sources in the page language without the Cesium ion logo (ion is never used):
 * the base map's, then each shown layer's (issue 13 point 7), added and removed as layers are switched.
 *
 * The three English tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the
 * credits at start, the layer credits (which switch their layers and the texture back), then the streets, which
 * move the camera. The zh-HK test opens its own page in Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, framesRendered, openMap, shareOnePage, waitForRedraw, waitForSettled } from './fixtures';

/** Nathan Road at Argyle Street, Mong Kok. */
const MONG_KOK = { longitude: 114.1694, latitude: 22.3193 };

/** Share of pixels in the colour of the default style's streets: near white and without hue. */
function streetPixelShare(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  let streets = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const [r, g, b] = [data[offset], data[offset + 1], data[offset + 2]];
    if (Math.min(r, g, b) >= 225 && Math.max(r, g, b) - Math.min(r, g, b) <= 16) streets += 1;
  }
  return streets / (data.length / 4);
}

async function viewFrom(page: Page, heightMeters: number, pitchDegrees: number): Promise<Buffer> {
  const before = await framesRendered(page);
  await page.evaluate((view) => window.__hkmap!.setView(view), { ...MONG_KOK, heightMeters, pitchDegrees, headingDegrees: 0 });
  await waitForRedraw(page, before);
  await waitForSettled(page);
  return captureCanvas(page);
}

test.describe('one English map page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), async (page) => {
    // The sea's water effect glints where the real sun (the scene clock starts at the page's time) reflects into
    // the camera; in the Hong Kong morning those glints are near white east of Kowloon and read as street colour. A
    // fixed night-time clock (22:00 in Hong Kong) leaves the sea without glints whatever the hour of the run.
    await page.clock.setFixedTime(new Date('2026-01-15T14:00:00Z'));
    await openMap(page);
  });

  test('the credits name the data sources and show no Cesium ion logo', async () => {
    const credits = page.locator('.cesium-widget-credits');
    await expect(credits).toContainText('Transport Department');
    await expect(credits).toContainText('© OpenStreetMap contributors');
    await expect(credits).toContainText('LandsD DTM');
    await expect(page.locator('.cesium-credit-logoContainer img')).toHaveCount(0);
    await expect(page.locator('img[title="Cesium ion"], a[href="https://cesium.com/"]')).toHaveCount(0);
  });

  test('turning a layer on names its data source in the credit line, in the page language; off removes it', async () => {
    const credits = page.locator('.cesium-widget-credits');
    // The buildings layer is on at start: its sources follow the base map's.
    await expect(credits).toContainText('Buildings: LandsD iB1000, © OpenStreetMap contributors');
    await expect(credits).not.toContainText('Hong Kong Observatory');

    await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' }).click();
    const drawer = page.getByRole('complementary', { name: 'Layers' });
    await drawer.getByRole('checkbox', { name: 'Temperature' }).check();
    await expect(credits).toContainText('Temperature: Hong Kong Observatory');
    // Generated stand-ins are credited as sample data.
    await drawer.getByRole('checkbox', { name: 'River water quality' }).check();
    await expect(credits).toContainText('River water quality: sample data');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
    await expect(credits).toContainText('氣溫：香港天文台');
    await expect(credits).toContainText('河溪水質：樣本數據');
    await expect(credits).not.toContainText('Hong Kong Observatory');

    await page.getByRole('combobox', { name: '語言' }).selectOption('en-US');
    await drawer.getByRole('checkbox', { name: 'Temperature' }).uncheck();
    await expect(credits).not.toContainText('Hong Kong Observatory');
    await expect(credits).toContainText('River water quality: sample data');
    await expect(page.locator('.cesium-credit-logoContainer img')).toHaveCount(0);

    // Textureless mode hides the base map, and its credit; the terrain still shapes the globe and stays credited.
    await expect(credits).toContainText('Terrain: LandsD DTM, SRTM');
    await drawer.getByRole('switch', { name: 'Textured' }).click();
    await expect(credits).not.toContainText('Roads: Transport Department');
    await expect(credits).toContainText('Terrain: LandsD DTM, SRTM');

    // Back as the map starts, for the streets test on this page: textured, with the base map's credit, and no layer
    // but the buildings.
    await drawer.getByRole('switch', { name: 'Textured' }).click();
    await expect(credits).toContainText('Roads: Transport Department');
    await drawer.getByRole('checkbox', { name: 'River water quality' }).uncheck();
    await expect(credits).not.toContainText('River water quality');
    await drawer.getByRole('button', { name: 'Close Layers' }).click();
    await expect(drawer).toBeHidden();
  });

  test('from 400 m over Mong Kok the base map shows the streets', async () => {
    test.setTimeout(180_000);
    const testInfo = test.info();
    // The page's clock is fixed at night (see beforeAll), so the sea has no glints to read as streets.
    const overview = await viewFrom(page, 30_000, -90);
    // From 30 km the tiles are relief only: hardly a pixel in the street colour.
    expect(streetPixelShare(overview), 'overview').toBeLessThan(0.01);

    const top = await viewFrom(page, 400, -90);
    await testInfo.attach('mong-kok-400m-top.png', { body: top, contentType: 'image/png' });
    expect(streetPixelShare(top), 'streets from above').toBeGreaterThan(0.08);

    const oblique = await viewFrom(page, 400, -60);
    await testInfo.attach('mong-kok-400m-pitch-60.png', { body: oblique, contentType: 'image/png' });
    expect(streetPixelShare(oblique), 'streets at a -60° pitch').toBeGreaterThan(0.05);
  });
});

test('the credits follow the page language, switched in place', async ({ page }) => {
  await openMap(page, '?l=zh-HK');
  const credits = page.locator('.cesium-widget-credits');
  await expect(credits).toContainText('地勢：地政總署數碼地形模型、SRTM · 道路：運輸署、地政總署 · 鐵路：© OpenStreetMap 貢獻者');
  await expect(credits).not.toContainText('Transport Department');

  await page.getByRole('combobox', { name: '語言' }).selectOption('zh-CN');
  await expect(credits).toContainText('道路：运输署、地政总署 · 铁路：© OpenStreetMap 贡献者');
  await expect(credits).not.toContainText('運輸署');

  await page.getByRole('combobox', { name: '语言' }).selectOption('en-US');
  await expect(credits).toContainText('Roads: Transport Department, LandsD · Rail: © OpenStreetMap contributors');
  await expect(credits).not.toContainText('运输署');
});
