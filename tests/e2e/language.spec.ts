/**
 * The header's language switcher (SPEC §2 query parameter l): visible text, <html lang> and the title change
 * in place, without a page reload — Cesium's own credit link ("Data attribution") included.
 */
import { expect, test } from '@playwright/test';
import { APP, skipLanding } from './fixtures';

test('switching language updates the text and <html lang> without reloading', async ({ page }) => {
  await skipLanding(page);
  await page.goto(`${APP}/map`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Explore', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  // A marker that a reload would wipe out.
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'same-document';
  });
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  await expect(page.getByRole('navigation', { name: '主要導覽' }).getByRole('link', { name: '探索', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /開放數據/ })).toBeVisible();
  await expect(page).toHaveTitle('香港三維地圖');
  await expect(page.getByRole('combobox', { name: '搜尋地點' })).toBeVisible();
  // Cesium writes this link in English; the map host puts it in the page language (core/map/creditLine.ts). Cesium
  // shows it only while some credit is listed off screen, so its text is read whether shown or not.
  const attribution = page.locator('.cesium-credit-expand-link');
  await expect(attribution).toHaveText('數據來源', { timeout: 60_000 });
  await expect(attribution).toHaveAttribute('role', 'button');
  expect(new URL(page.url()).searchParams.get('l')).toBe('zh-HK');

  await page.getByRole('combobox', { name: '語言' }).selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: /开放数据/ })).toBeVisible();
  await expect(page).toHaveTitle('香港三维地图');
  await expect(page.getByRole('combobox', { name: '搜索地点' })).toBeVisible();
  await expect(attribution).toHaveText('数据来源');
  expect(new URL(page.url()).searchParams.get('l')).toBe('zh-CN');

  await page.getByRole('combobox', { name: '语言' }).selectOption('en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(nav.getByRole('link', { name: 'Explore', exact: true })).toBeVisible();
  await expect(attribution).toHaveText('Data attribution');
  // Shortened URLs: English is the absence of l.
  expect(new URL(page.url()).searchParams.has('l')).toBe(false);

  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-document');
  expect(loads, 'page loads after switching').toBe(0);
});
