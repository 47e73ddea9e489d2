/**
 * The API explorer (/api/swaggerui?api=…, app/pages/api/explorer): each of the four API documents loads with
 * its own title and operations, "try it out" calls the running server and shows the answer, and the /api/f2
 * redirect lands on its document.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP } from './fixtures';

const DOCUMENTS = [
  { api: 'f2_api', title: '3D Visualisation Map API (textured)', operation: 'getReliefTile', absent: 'getRealtimeTemperature' },
  { api: 'f1_non_texture_api', title: '3D Visualisation Map API (non-textured)', operation: 'getTerrainTile', absent: 'getReliefTile' },
  { api: 'mod_kcke_f2_layer_api', title: 'Map Layer API', operation: 'getRealtimeTemperature', absent: 'getTerrainTile' },
  { api: 'download_api', title: 'Download API', operation: 'downloadApiByQuery', absent: 'getDownloadSheetGrid' },
] as const;

function operation(page: Page, id: string): Locator {
  return page.locator(`[data-operation-id="${id}"]`);
}

/** Opens an operation with the keyboard (its header is a disclosure button) and runs its prefilled example. */
async function execute(page: Page, id: string): Promise<Locator> {
  const item = operation(page, id);
  const toggle = item.getByRole('button').first();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await item.getByRole('button', { name: 'Execute' }).click();
  await expect(item.getByTestId('explorer-status')).toBeVisible();
  return item;
}

for (const document of DOCUMENTS) {
  test(`api=${document.api} shows its own document`, async ({ page }) => {
    await page.goto(`${APP}/api/swaggerui?api=${document.api}`);
    await expect(page.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
    await expect(operation(page, document.operation)).toBeVisible();
    await expect(operation(page, document.absent)).toHaveCount(0);
  });
}

test('try it out on the layer API: the temperature feed answers 200 with JSON', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=mod_kcke_f2_layer_api`);
  const item = await execute(page, 'getRealtimeTemperature');
  await expect(item.getByTestId('explorer-status')).toContainText('200');
  await expect(item.getByText(/^curl -X GET 'http:\/\/127\.0\.0\.1:\d+\/mapviewer\/api\/realtime\/temperature'$/)).toBeVisible();
  await expect(item.locator('.explorer-code--body')).toContainText('"type": "FeatureCollection"');
});

test('try it out on the textured map API: the relief TileJSON and a relief tile image', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=f2_api&l=zh-HK`);
  await expect(page.getByRole('heading', { level: 1, name: '三維可視化地圖 API（有紋理）' })).toBeVisible();
  const tileJson = operation(page, 'getReliefTileJson');
  await tileJson.getByRole('button').first().click();
  await tileJson.getByRole('button', { name: '執行' }).click();
  await expect(tileJson.getByTestId('explorer-status')).toContainText('200');
  await expect(tileJson.locator('.explorer-code--body')).toContainText('"scheme": "xyz"');

  const tile = operation(page, 'getReliefTile');
  await tile.getByRole('button').first().click();
  await tile.getByRole('button', { name: '執行' }).click();
  await expect(tile.getByTestId('explorer-status')).toContainText('200');
  const image = tile.locator('.explorer-result__image img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(256);
});

test('try it out on the download API: the development example key downloads a zip, a wrong key is Access Denied', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=download%20api`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download API' })).toBeVisible();
  const item = await execute(page, 'downloadApiByQuery');
  await expect(item.getByTestId('explorer-status')).toContainText('200', { timeout: 60_000 });
  await expect(item.getByTestId('explorer-binary-size')).toContainText(/[\d,]+ bytes, application\/zip/);
  await expect(item.getByRole('link', { name: /^Download .+\.zip$/ })).toBeVisible();

  await item.getByLabel(/^key/).fill('hk3d_not-a-key');
  await item.getByRole('button', { name: 'Execute' }).click();
  await expect(item.getByTestId('explorer-status')).toContainText('401');
  await expect(item.getByRole('alert')).toContainText('Access Denied');
});

test('tags and operations open and close from the keyboard', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=download_api`);
  const tagToggle = page.getByRole('button', { name: /^Download API/ });
  await expect(tagToggle).toHaveAttribute('aria-expanded', 'true');
  await tagToggle.focus();
  await page.keyboard.press('Space');
  await expect(tagToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(operation(page, 'downloadApiByQuery')).toBeHidden();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(operation(page, 'downloadApiByQuery').getByRole('button', { name: 'Execute' })).toBeVisible();
  await expect(operation(page, 'downloadApiByQuery').getByTestId('explorer-key-note')).toContainText('development server');
});

test('a form error names the field and sends nothing', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=mod_kcke_f2_layer_api`);
  const item = operation(page, 'getUtmGridSquare');
  await item.getByRole('button').first().click();
  await item.getByLabel(/^easting/).fill('east');
  await item.getByRole('button', { name: 'Execute' }).click();
  await expect(item.getByRole('alert')).toContainText('easting must match the pattern');
  await expect(item.getByLabel(/^easting/)).toBeFocused();
  await expect(item.getByTestId('explorer-status')).toHaveCount(0);
});

test('the picker changes the document in the address and keeps the language', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=f2_api&l=zh-CN`);
  await page.getByLabel('API 文档').selectOption('download_api');
  await expect(page.getByRole('heading', { level: 1, name: '下载 API' })).toBeVisible();
  const address = new URL(page.url());
  expect([address.searchParams.get('api'), address.searchParams.get('l')]).toEqual(['download_api', 'zh-CN']);
  // The calls themselves are described in zh-CN too, from the contract-text table.
  await expect(operation(page, 'downloadApiByQuery')).toContainText('下载三维可视化地图的一幅 1:1000 图幅');
});

test('an unknown api value lists the valid ones as links', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=f3_api`);
  await expect(page.getByRole('alert')).toContainText('f2_api, f1_non_texture_api, mod_kcke_f2_layer_api, download_api');
  await page.getByRole('link', { name: 'Map Layer API' }).click();
  await expect(operation(page, 'getRealtimeTemperature')).toBeVisible();
});

test('/api/f2 redirects to the textured map document', async ({ page }) => {
  await page.goto(`${APP}/api/f2`);
  await expect(page.getByRole('heading', { level: 1, name: '3D Visualisation Map API (textured)' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('api')).toBe('f2_api');
});
