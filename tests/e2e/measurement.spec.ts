/**
 * Measurement (plugins/measurement): a distance and an area measured by clicking known places over Victoria
 * Harbour, checked against the distance and area of those places computed here on the WGS84 radii (not from what the
 * map picked: a click lands within a pixel of the place aimed at); the coordinates tool shows the HK 1980 Grid
 * position and roof height of a building it was clicked on, and Enter on the focused map measures the centre.
 */
import { expect, test, type Page } from '@playwright/test';
import { toHk1980 } from '../../core/contracts/hk1980';
import { openMap, waitForSettled, waitForTiles } from './fixtures';

interface Place {
  longitude: number;
  latitude: number;
}

/** Central Pier 7, the Tsim Sha Tsui Star Ferry pier, off Hung Hom and off Wan Chai: a ring over the harbour. */
const CENTRAL_PIER = { longitude: 114.1617, latitude: 22.2867 };
const TSIM_SHA_TSUI_PIER = { longitude: 114.1686, latitude: 22.2937 };
const OFF_HUNG_HOM = { longitude: 114.1775, latitude: 22.2975 };
const OFF_WAN_CHAI = { longitude: 114.1745, latitude: 22.2855 };
/** Straight down from 5 km, west of the ring, so the ring is drawn right of the panels on the left. */
const HARBOUR_VIEW = { longitude: 114.1603, latitude: 22.2915, heightMeters: 5000, pitchDegrees: -90 };
/** The Bank of China Tower, Central: roof about 310 mPD (LandsD iB1000); seen from 1.2 km up, 300 m west of it. */
const BANK_OF_CHINA_TOWER = { longitude: 114.16157, latitude: 22.27928 };
const TOWER_VIEW = { longitude: 114.15857, latitude: 22.27928, heightMeters: 1200, pitchDegrees: -90 };

/** Plane coordinates (m) of places around their mean latitude on the WGS84 meridian and prime-vertical radii. */
function localMeters(places: Place[]): Array<[number, number]> {
  const a = 6_378_137;
  const e2 = 0.00669437999014;
  const latitude = (places.reduce((sum, place) => sum + place.latitude, 0) / places.length) * (Math.PI / 180);
  const w = 1 - e2 * Math.sin(latitude) ** 2;
  const meridian = (a * (1 - e2)) / w ** 1.5;
  const primeVertical = a / Math.sqrt(w);
  const radians = Math.PI / 180;
  return places.map((place) => [place.longitude * radians * primeVertical * Math.cos(latitude), place.latitude * radians * meridian]);
}

function referenceLength(places: Place[]): number {
  const plane = localMeters(places);
  let total = 0;
  for (let index = 1; index < plane.length; index += 1) total += Math.hypot(plane[index][0] - plane[index - 1][0], plane[index][1] - plane[index - 1][1]);
  return total;
}

function referenceArea(places: Place[]): number {
  const plane = localMeters(places);
  let twice = 0;
  plane.forEach(([x1, y1], index) => {
    const [x2, y2] = plane[(index + 1) % plane.length];
    twice += x1 * y2 - x2 * y1;
  });
  return Math.abs(twice) / 2;
}

/** Clicks a place at `heightMeters`, by default on the ground (its height sampled, so the click hits the place itself). */
async function clickPlace(page: Page, place: Place, heightMeters?: number): Promise<void> {
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const ground = heightMeters ?? (await page.evaluate((at) => window.__hkmap!.sampleHeight(at.longitude, at.latitude), place)) ?? 0;
  const at = (await page.evaluate(({ place: p, height }) => window.__hkmap!.screenPositionOf(p.longitude, p.latitude, height), { place, height: ground }))!;
  // Clear of the measure panel on the left and the tool bars on the right.
  expect(at.x).toBeGreaterThan(390);
  expect(at.x).toBeLessThan(box.width - 70);
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

const figure = async (page: Page, measurement: number, quantity: string) =>
  Number(await page.locator(`[data-measurement="${measurement}"] [data-quantity="${quantity}"] dd`).getAttribute('data-value'));

async function openMeasurePanel(page: Page, view: typeof HARBOUR_VIEW) {
  await openMap(page);
  await page.evaluate((at) => window.__hkmap!.setView(at), view);
  await waitForTiles(page);
  await waitForSettled(page);
  const measure = page.getByRole('button', { name: 'Measure', exact: true });
  await measure.click();
  await expect(measure).toHaveAttribute('aria-pressed', 'true');
  return page.getByRole('region', { name: 'Measure' });
}

test('a distance and an area over Victoria Harbour agree with the places clicked within 1 %', async ({ page }) => {
  const panel = await openMeasurePanel(page, HARBOUR_VIEW);
  await panel.getByRole('button', { name: 'Distance', exact: true }).click();
  expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('measurement');
  await clickPlace(page, CENTRAL_PIER);
  await clickPlace(page, TSIM_SHA_TSUI_PIER);
  await clickPlace(page, OFF_HUNG_HOM);
  const line = panel.locator('[data-measurement="1"]');
  await expect(line.getByRole('heading', { name: 'Measurement 1: Distance' })).toBeVisible();
  await expect(line.getByText('On the terrain')).toBeVisible();
  const total = await figure(page, 1, 'total');
  const expected = referenceLength([CENTRAL_PIER, TSIM_SHA_TSUI_PIER, OFF_HUNG_HOM]);
  expect(expected).toBeGreaterThan(2000);
  expect(Math.abs(total - expected) / expected).toBeLessThan(0.01);
  expect(Math.abs((await figure(page, 1, 'segment-1')) - referenceLength([CENTRAL_PIER, TSIM_SHA_TSUI_PIER])) / 1000).toBeLessThan(0.01);
  // The figures are on the map too: the last segment's length labelled at its middle.
  await expect
    .poll(() => page.evaluate(() => window.__hkmap!.visibleLabelRects().map((label) => label.text)))
    .toContainEqual(expect.stringMatching(/^Total: \d+\.\d{3} km$/));

  await panel.getByRole('button', { name: 'Area', exact: true }).click();
  const ring = [CENTRAL_PIER, TSIM_SHA_TSUI_PIER, OFF_HUNG_HOM, OFF_WAN_CHAI];
  for (const place of ring) await clickPlace(page, place);
  const areaResult = panel.locator('[data-measurement="2"]');
  await expect(areaResult.getByRole('heading', { name: 'Measurement 2: Area' })).toBeVisible();
  const area = await figure(page, 2, 'area');
  const expectedArea = referenceArea(ring);
  expect(expectedArea).toBeGreaterThan(1_000_000);
  expect(Math.abs(area - expectedArea) / expectedArea).toBeLessThan(0.01);
  expect(await figure(page, 2, 'area-ha')).toBeCloseTo(area / 10_000, 3);
  const perimeter = await figure(page, 2, 'perimeter');
  const expectedPerimeter = referenceLength([...ring, ring[0]]);
  expect(Math.abs(perimeter - expectedPerimeter) / expectedPerimeter).toBeLessThan(0.01);
  // The distance stays listed after the area started; the list downloads as CSV.
  await expect(panel.getByRole('heading', { name: 'Measurement 1: Distance' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('measurements.csv');

  await page.keyboard.press('Escape');
  await expect(panel.getByRole('button', { name: 'Area', exact: true })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('identify');
});

test('the coordinates tool shows the HK 1980 Grid position of a roof it was clicked on, and Enter measures the map centre', async ({ page }) => {
  const panel = await openMeasurePanel(page, TOWER_VIEW);
  await panel.getByRole('button', { name: 'Coordinates', exact: true }).click();
  await clickPlace(page, BANK_OF_CHINA_TOWER, 310);
  const roof = panel.locator('[data-measurement="1"]');
  await expect(roof.getByRole('heading', { name: 'Measurement 1: Coordinates' })).toBeVisible();
  await expect(roof.getByText('On 3D buildings')).toBeVisible();
  const height = await figure(page, 1, 'height');
  expect(height).toBeGreaterThan(290);
  expect(height).toBeLessThan(330);
  const [easting, northing] = toHk1980([BANK_OF_CHINA_TOWER.longitude, BANK_OF_CHINA_TOWER.latitude]);
  // Within a few pixels (about 2 m each from 1.2 km up) of the place aimed at.
  expect(Math.abs((await figure(page, 1, 'easting')) - easting)).toBeLessThan(10);
  expect(Math.abs((await figure(page, 1, 'northing')) - northing)).toBeLessThan(10);
  // The grid position is the shown WGS84 position's, to the centimetre.
  const [shownEasting, shownNorthing] = toHk1980([await figure(page, 1, 'longitude'), await figure(page, 1, 'latitude')]);
  expect(Math.abs((await figure(page, 1, 'easting')) - shownEasting)).toBeLessThan(0.015);
  expect(Math.abs((await figure(page, 1, 'northing')) - shownNorthing)).toBeLessThan(0.015);

  // Keyboard: the map focused (the click did that), Enter measures the place at the centre of the view.
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Measurement 2: Coordinates' })).toBeVisible();
  expect(Math.abs((await figure(page, 2, 'longitude')) - TOWER_VIEW.longitude)).toBeLessThan(1e-4);
  expect(Math.abs((await figure(page, 2, 'latitude')) - TOWER_VIEW.latitude)).toBeLessThan(1e-4);
});
