/**
 * The API area's content pages: the landing page reaches every page, the download API documentation stays
 * hidden until 'I have read and agreed to the Terms and Conditions of Use' is ticked (and is remembered for the
 * session), and the pages speak zh-HK.
 */
import { expect, test } from '@playwright/test';
import { APP, skipLanding } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipLanding(page);
});

test('the landing page links reach each page of the API area', async ({ page }) => {
  const pages: [string, string, RegExp][] = [
    ['Get started', 'Get started', /\/api\/get-started$/],
    ['Apply for an API key', 'Apply for an API key', /\/api\/apply-key$/],
    ['3D map tile API', '3D map tile API', /\/api\/3d-map-tile$/],
    ['Tile source download API', 'Tile source download API', /\/api\/tile-source-download$/],
    ['Routing API', 'Routing API', /\/api\/routing$/],
    ['Identify API', 'Identify API', /\/api\/identify$/],
    ['Annotation API', 'Annotation API', /\/api\/annotation$/],
    ['Download API', 'Download API', /\/download-api$/],
  ];
  for (const [link, heading, path] of pages) {
    await page.goto(`${APP}/api`);
    await expect(page.getByRole('heading', { level: 1, name: '3D Visualisation API' })).toBeVisible();
    await page.locator('.api-cards').getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(path);
  }
  await page.goto(`${APP}/api`);
  await page.locator('.api-cards').getByRole('link', { name: 'API explorer', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${APP}/api/swaggerui`);
  expect(new URL(page.url()).searchParams.get('api')).toBe('f2_api');
});

test('a per-API page describes its calls and sends "try it" to the explorer document holding them', async ({ page }) => {
  await page.goto(`${APP}/api/identify`);
  await expect(page.getByRole('heading', { level: 2, name: 'GET /mapviewer/api/identify/buildings' })).toBeVisible();
  const example = page.locator('[data-endpoint-id="identifyBuildings"] .api-code');
  const command = (await example.textContent()) ?? '';
  const url = /'(.+)'/.exec(command)![1];
  const answer = await page.request.get(url);
  expect(answer.status()).toBe(200);
  await page.getByRole('link', { name: /^Try it in the API explorer/ }).first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get('api') ?? new URL(page.url()).pathname).toMatch(/mod_kcke_f2_layer_api|\/api\/f2$/);
});

test('the download API documentation is hidden until the terms are agreed, then remembered for the session', async ({ page }) => {
  await page.goto(`${APP}/download-api`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download API' })).toBeVisible();
  const docs = page.getByTestId('download-api-docs');
  await expect(docs).toHaveCount(0);
  await expect(page.getByText('tile_sheet_num')).toHaveCount(0);

  await page.getByLabel('I have read and agreed to the Terms and Conditions of Use').check();
  await expect(docs).toBeVisible();
  await expect(docs.getByRole('rowheader', { name: '401 Access Denied' })).toBeVisible();
  await expect(docs.getByRole('rowheader', { name: '404 File Not Found' })).toBeVisible();
  await expect(docs.getByText(/curl --fail -o 11-SW-4D\.zip -C - /)).toBeVisible();

  await page.reload();
  await expect(docs).toBeVisible();
  await page.getByLabel('I have read and agreed to the Terms and Conditions of Use').uncheck();
  await expect(docs).toHaveCount(0);
});

test('the API pages speak zh-HK', async ({ page }) => {
  await page.goto(`${APP}/api?l=zh-HK`);
  await expect(page.getByRole('heading', { level: 1, name: '三維可視化 API' })).toBeVisible();
  await page.locator('.api-cards').getByRole('link', { name: '開始使用' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '開始使用' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('l')).toBe('zh-HK');
  await expect(page.getByRole('heading', { name: '4. 服務限制' })).toBeVisible();

  await page.goto(`${APP}/download-api?l=zh-HK`);
  await page.getByLabel('本人已閱讀並同意使用條款及細則').check();
  await expect(page.getByRole('heading', { name: '續傳中斷的下載' })).toBeVisible();

  await page.goto(`${APP}/api/apply-key?l=zh-HK`);
  await page.getByRole('button', { name: '擬備電郵' }).click();
  await expect(page.getByText('請輸入你的姓名。')).toBeVisible();
});
