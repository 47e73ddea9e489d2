/**
 * The dataset page (issue 5 point 2) against the real server: the tabs and the address, the ISO 19139 tab
 * built from the server's XML (values checked against the JSON record and the app's own labels), the XML
 * download, the unknown-id message with its links, the tileset popup, and the indoor download page
 * (search 'Admiralty', accept the terms, a GeoJSON file arrives).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { CatalogueRecord } from '../../core/contracts/catalogue';
import type { SheetFilesResponse } from '../../core/contracts/download';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { API, APP, skipLanding } from './fixtures';

const RECORD_ID = '3d-visualisation-map-non-textured';
const LABELS = {
  'en-US': JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en-US/metadata.json'), 'utf8')) as Record<string, string>,
  'zh-HK': JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/zh-HK/metadata.json'), 'utf8')) as Record<string, string>,
};

test.beforeEach(async ({ page }) => {
  await skipLanding(page);
});

async function record(page: Page, id: string): Promise<CatalogueRecord> {
  const response = await page.request.get(`${API}/catalogue/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CatalogueRecord;
}

test('the tabs switch with the keyboard, keep the address, and the ISO tab shows the values of the real XML', async ({ page }) => {
  const expected = await record(page, RECORD_ID);
  await page.goto(`${APP}/metadata/${RECORD_ID}?l=zh-HK`);
  await expect(page.getByRole('heading', { level: 1, name: expected.title['zh-HK'] })).toBeVisible();
  const downloadTab = page.getByRole('tab', { name: '下載' });
  const isoTab = page.getByRole('tab', { name: 'ISO 19139 元數據' });
  await expect(downloadTab).toHaveAttribute('aria-selected', 'true');

  await downloadTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(isoTab).toHaveAttribute('aria-selected', 'true');
  await expect(isoTab).toBeFocused();
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('iso');
  expect(new URL(page.url()).searchParams.get('l')).toBe('zh-HK');

  const identification = page.getByRole('region', { name: LABELS['zh-HK']['metadata.iso.section.identification'] });
  await expect(identification.getByText(expected.title['zh-HK'], { exact: true })).toBeVisible();
  await expect(identification.getByText(LABELS['zh-HK'][`metadata.code.status.${expected.status}`], { exact: true })).toBeVisible();
  const maintenance = page.getByRole('region', { name: LABELS['zh-HK']['metadata.iso.section.maintenance'] });
  await expect(maintenance.getByText(LABELS['zh-HK'][`metadata.code.updateFrequency.${expected.updateFrequency}`], { exact: true })).toBeVisible();

  await page.keyboard.press('Home');
  await expect(downloadTab).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.has('tab')).toBe(false);

  // Opened directly on the ISO tab in English, the same values come in English.
  await page.goto(`${APP}/metadata/${RECORD_ID}?tab=iso`);
  const english = page.getByRole('region', { name: LABELS['en-US']['metadata.iso.section.identification'] });
  await expect(english.getByText(expected.title['en-US'], { exact: true })).toBeVisible();
  await expect(english.getByText(LABELS['en-US'][`metadata.code.status.${expected.status}`], { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'View raw XML' }).click();
  await expect(page.getByLabel('ISO 19139 XML')).toContainText('<gmd:MD_Metadata');
});

test('"Download XML" answers an ISO 19139 attachment that parses', async ({ page }) => {
  await page.goto(`${APP}/metadata/${RECORD_ID}?tab=iso`);
  const link = page.getByRole('link', { name: 'Download XML' });
  const href = await link.getAttribute('href');
  expect(href).toBe(`${API}/catalogue/${RECORD_ID}/iso19139.xml?download=true`);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  expect(response.headers()['content-disposition']).toContain('attachment');
  const xml = await response.text();
  const parsed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: document.getElementsByTagName('parsererror').length > 0,
      root: `${document.documentElement.namespaceURI} ${document.documentElement.localName}`,
      fileIdentifier: document.getElementsByTagNameNS('http://www.isotc211.org/2005/gmd', 'fileIdentifier')[0]?.textContent?.trim(),
    };
  }, xml);
  expect(parsed).toEqual({ error: false, root: 'http://www.isotc211.org/2005/gmd MD_Metadata', fileIdentifier: RECORD_ID });
});

test('an unknown id shows the message with links back to download data and to the viewer', async ({ page }) => {
  await page.goto(`${APP}/metadata/no-such-dataset`);
  await expect(page.getByText('We could not find any record(s) from your provided metadata id.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the 3D map viewer' })).toHaveAttribute('href', `${APP}/map`);
  await page.getByRole('link', { name: 'Back to download data' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${APP}/catalogue`);

  await page.goto(`${APP}/download/Not_A_Valid_Id`);
  await expect(page.getByText('We could not find any record(s) from your provided metadata id.')).toBeVisible();
});

test('the tileset popup shows the tileset, asks for sheets or says it is not available, and gives focus back', async ({ page }) => {
  const expected = await record(page, RECORD_ID);
  await page.goto(`${APP}/metadata/${RECORD_ID}`);
  const opener = page.getByRole('button', { name: 'Tileset metadata' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Tileset metadata' });
  await expect(dialog).toBeVisible();
  if (expected.tileset) await expect(dialog.getByRole('link', { name: expected.tileset.url })).toBeVisible();
  else if (expected.download.kind === 'tile-grid') await expect(dialog.getByText('Select map sheets on the Download tab to see their tilesets.')).toBeVisible();
  else await expect(dialog.getByText('The metadata for the selected layer is not available.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the tileset popup of a selected sheet links its 3D Tiles 1.1 tileset and places its origin within the sheet', async ({ page }) => {
  const sheet = await page.request.get(`${API}/download/sheets/11-SW-4D?dataset=non-textured`);
  expect(sheet.status()).toBe(200);
  const [minEasting, minNorthing, maxEasting, maxNorthing] = ((await sheet.json()) as SheetFilesResponse).bounds;
  const [west, south] = fromHk1980([minEasting, minNorthing]);
  const [east, north] = fromHk1980([maxEasting, maxNorthing]);
  await page.goto(`${APP}/download/${RECORD_ID}?sheets=11-SW-4D`);
  const opener = page.getByRole('button', { name: 'Tileset metadata' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Tileset metadata' });
  const region = dialog.getByRole('region', { name: 'Map sheet 11-SW-4D' });
  const link = region.getByRole('link');
  await expect(link).toBeVisible();
  const url = (await link.getAttribute('href'))!;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mapviewer\/api\/download\/tilesets\/non-textured\/11-SW-4D\/tileset\.json$/);
  const tileset = await page.request.get(url);
  expect(tileset.status()).toBe(200);
  expect(((await tileset.json()) as { asset: { version: string } }).asset.version).toBe('1.1');

  const origin = await region.getByText(/^Longitude /).textContent();
  const [longitude, latitude, height] = /Longitude (-?[\d.]+)°, latitude (-?[\d.]+)°, height (-?[\d.,]+) m/.exec(origin ?? '')!.slice(1).map((value) => Number(value.replace(/,/g, '')));
  // 11-SW-4D is in Tsim Sha Tsui: about 114.167–114.174° E, 22.290–22.296° N. Its own bounds, from the sheet
  // answer's HK1980 metres, are the measure (the six shown decimals are about 0.1 m).
  const slackDegrees = 1e-5;
  expect(longitude).toBeGreaterThanOrEqual(west - slackDegrees);
  expect(longitude).toBeLessThanOrEqual(east + slackDegrees);
  expect(latitude).toBeGreaterThanOrEqual(south - slackDegrees);
  expect(latitude).toBeLessThanOrEqual(north + slackDegrees);
  expect(Math.abs(height)).toBeLessThan(1000);
  await expect(region.getByText(/\(3D Tiles package\)$/)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('indoor: search Admiralty, accept the terms, and the GeoJSON arrives', async ({ page }) => {
  await page.goto(`${APP}/metadata/indoor-maps`);
  await page.getByLabel('Venue name').fill('Admiralty');
  const venue = page.locator('li.venue').filter({ has: page.getByRole('heading', { name: 'Admiralty Station' }) });
  await expect(venue).toBeVisible();
  await expect(page.locator('li.venue')).toHaveCount(1);

  await venue.getByRole('button', { name: 'Download GeoJSON of Admiralty Station' }).click();
  const terms = page.getByRole('dialog');
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Not accept' }).click();
  await expect(page.getByText('Download cancelled: the Terms and Conditions of Use were not accepted.')).toBeVisible();

  await venue.getByRole('button', { name: 'Download GeoJSON of Admiralty Station' }).click();
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/\.geojson$/);
  const body = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { type: string; features: unknown[] };
  expect(body.type).toBe('FeatureCollection');
  expect(body.features.length).toBeGreaterThan(0);
  await expect(page.getByText('Download 3D indoor map data successfully')).toBeVisible();
});

test('a layer dataset downloads its GeoJSON after the terms are accepted, and links the viewer', async ({ page }) => {
  const expected = await record(page, 'beach-water-quality');
  expect(expected.download.kind).toBe('layer');
  await page.goto(`${APP}/metadata/beach-water-quality`);
  await page.getByRole('button', { name: 'Download GeoJSON' }).click();
  const fileArrives = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
  const file = await fileArrives;
  expect(file.suggestedFilename()).toBe('beach-water-quality.geojson');
  const body = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { type: string; features: unknown[] };
  expect(body.type).toBe('FeatureCollection');
  expect(body.features.length).toBeGreaterThan(0);
  await expect(page.getByText('The layer was downloaded.')).toBeVisible();
  // The viewer opens with the layer on, over the record's extent (tests/e2e/portal.spec.ts follows the link).
  const viewer = new URL((await page.getByRole('link', { name: 'Open in the map viewer' }).getAttribute('href'))!, 'http://localhost');
  expect(viewer.pathname).toBe(`${APP}/map`);
  expect(viewer.searchParams.get('layers')).toBe(expected.viewerLayerId);
  expect(viewer.searchParams.get('bbox')?.split(',').map(Number)).toEqual([expected.extent.west, expected.extent.south, expected.extent.east, expected.extent.north]);
});
