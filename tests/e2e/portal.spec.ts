/**
 * The portal's way into the viewer (issue 12 point 13): "Open in the map viewer" on a layer's dataset page lands on
 * the map with that layer's checkbox ticked and the camera over the layer's data. The camera is checked against
 * the extent of the layer's catalogue record (GET /mapviewer/api/catalogue/{id}), not against fixed numbers.
 * Desktop in English and a phone in Traditional Chinese (one size per language: the link and the address it
 * builds do not depend on the size; what does — the start height for the window's shape and the drawer on a
 * phone — is covered by running each size once).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { CatalogueRecord } from '../../core/contracts/catalogue';
import { API, APP, skipLanding, waitForTiles } from './fixtures';

function message(language: string, namespace: string, id: string): string {
  return (JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as Record<string, string>)[id];
}

function overlayName(overlayId: string, language: string): string {
  return (JSON.parse(readFileSync(`manifests/overlays/${overlayId}.json`, 'utf8')) as { name: Record<string, string> }).name[language];
}

async function openInViewer(page: Page, metadataId: string, language: 'en-US' | 'zh-HK'): Promise<void> {
  const record = (await (await page.request.get(`${API}/catalogue/${metadataId}`)).json()) as CatalogueRecord;
  expect(record.viewerLayerId).toBeTruthy();
  await skipLanding(page);
  await page.goto(`${APP}/metadata/${metadataId}${language === 'en-US' ? '' : `?l=${language}`}`);
  await page.getByRole('link', { name: message(language, 'metadata', 'metadata.layer.openViewer') }).click();
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);

  // The camera looks down on the record's extent.
  const camera = (await page.evaluate(() => window.__hkmap!.cameraState()))!;
  const { west, south, east, north } = record.extent;
  expect(camera.longitude).toBeGreaterThan(west);
  expect(camera.longitude).toBeLessThan(east);
  expect(camera.latitude).toBeGreaterThan(south);
  expect(camera.latitude).toBeLessThan(north);
  expect(camera.pitchDegrees).toBeLessThan(-80);
  // High enough to see the data, not a view from space.
  const extentCentre = await page.evaluate(([lon, lat]) => window.__hkmap!.screenPositionOf(lon, lat), [(west + east) / 2, (south + north) / 2]);
  expect(extentCentre).not.toBeNull();
  expect(camera.heightMeters).toBeLessThan(200_000);

  // The layer is on: its checkbox in the layer drawer is ticked.
  await page.getByRole('navigation', { name: message(language, 'app', 'app.drawers.label') }).getByRole('button', { name: message(language, 'layers', 'layers.drawer.title'), exact: true }).click();
  const drawer = page.getByRole('complementary', { name: message(language, 'layers', 'layers.drawer.title') });
  await expect(drawer.getByRole('checkbox', { name: overlayName(record.viewerLayerId!, language), exact: true })).toBeChecked();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('English: a layer dataset opens the viewer with the layer on, over its data', async ({ page }) => {
    await openInViewer(page, 'temperature', 'en-US');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('Traditional Chinese: a layer dataset opens the viewer with the layer on, over its data', async ({ page }) => {
    await openInViewer(page, 'beach-water-quality', 'zh-HK');
  });
});
