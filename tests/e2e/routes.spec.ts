/**
 * Every route of SPEC §2 under /mapviewer/app/ on 127.0.0.1 (variant `second`: full app, shortened URLs on,
 * no /sdk). Redirects keep the query; with shortened URLs the visible address of /map is / (app/routes/
 * routeTable.ts `shortenAddress`, app/CONTEXT.md) while the router stays on /map.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_DOCUMENTS } from '../../core/contracts/apiDocuments';
import { APP, skipLanding } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipLanding(page);
});

function address(page: Page): URL {
  return new URL(page.url());
}

async function expectPage(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function expectMapRoute(page: Page, exploreName = 'Explore'): Promise<void> {
  await expect(page.locator('.map-page')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /.+/ }).getByRole('link', { name: exploreName, exact: true })).toHaveAttribute('aria-current', 'page');
}

test('/ redirects to /map keeping the query; the address is shown shortened as /', async ({ page }) => {
  await page.goto(`${APP}/?l=zh-HK&foo=1`);
  await expectMapRoute(page, '探索');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  await expect.poll(() => address(page).pathname).toBe(`${APP}/`);
  expect(address(page).searchParams.get('l')).toBe('zh-HK');
  expect(address(page).searchParams.get('foo')).toBe('1');
});

test('/map is shown as / with l=en-US dropped and other parameters kept', async ({ page }) => {
  await page.goto(`${APP}/map?l=en-US&foo=1`);
  await expectMapRoute(page);
  await expect.poll(() => `${address(page).pathname}${address(page).search}`).toBe(`${APP}/?foo=1`);
  await expect(page).toHaveTitle('Hong Kong 3D Map');
});

test('/catalogue', async ({ page }) => {
  await page.goto(`${APP}/catalogue`);
  await expectPage(page, 'Open Data catalogue');
});

test('/download-api', async ({ page }) => {
  await page.goto(`${APP}/download-api`);
  await expectPage(page, 'Download API');
});

for (const path of ['/metadata/3d-visualisation-map-non-textured', '/download/3d-visualisation-map-non-textured']) {
  test(`${path} shows the dataset page`, async ({ page }) => {
    await page.goto(`${APP}${path}`);
    await expectPage(page, '3D Visualisation Map (non-textured)');
    await expect(page.getByRole('tab', { name: 'ISO 19139 metadata' })).toBeVisible();
    expect(address(page).pathname).toBe(`${APP}${path}`);
  });
}

test('/api shows the API landing page', async ({ page }) => {
  await page.goto(`${APP}/api`);
  await expectPage(page, '3D Visualisation API');
});

for (const [shortcut, api] of [
  ['/api/f2', 'f2_api'],
  ['/api/f1_0', 'f1_non_texture_api'],
] as const) {
  test(`${shortcut} redirects to the API explorer with api=${api}, keeping the query`, async ({ page }) => {
    await page.goto(`${APP}${shortcut}?foo=1`);
    await expectPage(page, API_DOCUMENTS[api].title['en-US']);
    await expect.poll(() => address(page).pathname).toBe(`${APP}/api/swaggerui`);
    expect(address(page).searchParams.get('api')).toBe(api);
    expect(address(page).searchParams.get('foo')).toBe('1');
  });
}

test('/api/swaggerui selects the API by the api parameter', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=download_api`);
  await expectPage(page, API_DOCUMENTS.download_api.title['en-US']);
  await page.goto(`${APP}/api/swaggerui?api=x`);
  await expectPage(page, 'Unknown API document');
});

test('the explorer for mod_kcke_f2_layer_api is shown as /api/f2 (shortened URLs)', async ({ page }) => {
  await page.goto(`${APP}/api/swaggerui?api=mod_kcke_f2_layer_api`);
  await expectPage(page, API_DOCUMENTS.mod_kcke_f2_layer_api.title['en-US']);
  await expect.poll(() => `${address(page).pathname}${address(page).search}`).toBe(`${APP}/api/f2`);
});

test('/sdk is not found on 127.0.0.1 without /app-demo/', async ({ page }) => {
  await page.goto(`${APP}/sdk`);
  await expectPage(page, 'Page not found');
  await expect(page.getByRole('heading', { name: 'SDK (developer preview)' })).toHaveCount(0);
});

test('/sdk exists under /mapviewer/app-demo/ on 127.0.0.1', async ({ page }) => {
  const response = await page.goto('/mapviewer/app-demo/sdk');
  expect(response?.status()).toBe(200);
  await expectPage(page, 'SDK (developer preview)');
  await expect(page.locator('html')).toHaveAttribute('data-variant', 'dev-demo');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto(`${APP}/nope`);
  await expectPage(page, 'Page not found');
  await expect(page.getByRole('link', { name: 'Back to the map' })).toBeVisible();
});

test('reloading a deep link works (server SPA fallback)', async ({ page }) => {
  const first = await page.goto(`${APP}/metadata/abc?l=zh-HK`);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  // `abc` is no record: the dataset page says so, in the language of the address
  await expect(page.getByText('我們未能從你提供的元數據編號找到任何記錄。')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  expect(address(page).pathname).toBe(`${APP}/metadata/abc`);
  // a client-side navigation after the reload still routes
  await page.getByRole('link', { name: '前往三維地圖瀏覽器' }).click();
  await expect(page.locator('.map-page')).toBeVisible();
});
