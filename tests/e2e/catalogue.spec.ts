/**
 * The open-data catalogue page (/catalogue) against the real data service and its seeded catalogue
 * (manifests/catalogue): instant search in English and Chinese, a filter narrowing the list, the view kept
 * in the address, and a card opening the dataset's download page with the language kept.
 */
import { expect, test, type Page } from '@playwright/test';
import { APP, skipLanding } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipLanding(page);
});

const results = (page: Page) => page.locator('.catalogue__results');
const card = (page: Page, id: string) => page.locator(`[data-record-id="${id}"]`);

async function datasetCount(page: Page): Promise<number> {
  const text = (await page.getByRole('status').filter({ hasText: /dataset|數據集/ }).textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0]);
}

test('search in English finds records as you type and keeps the query in the address', async ({ page }) => {
  await page.goto(`${APP}/catalogue`);
  await expect(card(page, 'temperature')).toBeVisible();
  const all = await datasetCount(page);
  await page.getByLabel('Search datasets').pressSequentially('temperat', { delay: 30 });
  await expect(card(page, 'indoor-maps')).toHaveCount(0);
  await expect(card(page, 'temperature')).toBeVisible();
  expect(await datasetCount(page)).toBeLessThan(all);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('temperat');
});

test('search in Chinese finds records on the zh-HK page', async ({ page }) => {
  await page.goto(`${APP}/catalogue?l=zh-HK`);
  await expect(page.getByRole('heading', { level: 1, name: '開放數據目錄' })).toBeVisible();
  await page.getByLabel('搜尋數據集').fill('室內');
  await expect(card(page, 'indoor-maps')).toBeVisible();
  await expect(card(page, 'temperature')).toHaveCount(0);
  await expect(card(page, 'indoor-maps').getByRole('heading', { level: 2 })).toContainText('三維室內地圖');
});

test('a filter narrows the list, and the address reproduces the view', async ({ page }) => {
  await page.goto(`${APP}/catalogue`);
  await expect(card(page, 'temperature')).toBeVisible();
  const all = await datasetCount(page);
  await page.getByLabel('Category').selectOption('3d-visualisation');
  await expect(card(page, 'temperature')).toHaveCount(0);
  await expect(card(page, '3d-visualisation-map-textured')).toBeVisible();
  await expect(card(page, '3d-visualisation-map-non-textured')).toBeVisible();
  expect(await datasetCount(page)).toBeLessThan(all);
  const address = page.url();
  expect(new URL(address).searchParams.get('category')).toBe('3d-visualisation');

  await page.goto(address);
  await expect(page.getByLabel('Category')).toHaveValue('3d-visualisation');
  await expect(card(page, '3d-visualisation-map-textured')).toBeVisible();
  await expect(card(page, 'temperature')).toHaveCount(0);
});

test('a card opens /download/<id>, keeping the language', async ({ page }) => {
  await page.goto(`${APP}/catalogue?l=zh-HK&q=indoor`);
  await results(page).getByRole('link', { name: /三維室內地圖/ }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${APP}/download/indoor-maps`);
  expect(new URL(page.url()).searchParams.get('l')).toBe('zh-HK');
});

test('no match shows the empty state, whose button clears the search', async ({ page }) => {
  await page.goto(`${APP}/catalogue?q=zzzz-no-such-dataset`);
  await expect(page.getByRole('heading', { name: 'No datasets found' })).toBeVisible();
  await page.locator('.catalogue__message').getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(card(page, 'temperature')).toBeVisible();
  await expect(page.getByLabel('Search datasets')).toHaveValue('');
});
