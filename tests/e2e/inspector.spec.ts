/**
 * The inspector (plugins/inspector): while on, a click on the terrain shows WGS84 and HK 1980 Grid coordinates
 * that round-trip to the clicked place, the camera's position, heading and pitch, each with a Copy button;
 * identify does not fire meanwhile; Escape ends it and gives the pointer back to identify.
 *
 * Both tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the first
 * ends the inspector with Escape, and each sets its own view.
 */
import { expect, test, type Page } from '@playwright/test';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { openMap, shareOnePage, waitForSettled, waitForTiles } from './fixtures';

/** Straight down over Mong Kok's hills to the east (Lion Rock country park edge): terrain, no buildings. */
const PLACE = { longitude: 114.1862, latitude: 22.3449 };

const value = async (page: Page, row: string) => Number(await page.getByTestId('inspector-panel').locator(`[data-row="${row}"] output`).textContent());

test.describe('one map page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openMap);

  test('the inspector shows HK 1980 Grid coordinates that round-trip to the clicked WGS84 point', async () => {
    // The camera 700 m west of the place, so the place is drawn right of the centre, clear of the panels on the left.
    await page.evaluate((place) => window.__hkmap!.setView({ ...place, longitude: place.longitude - 0.0068, heightMeters: 2500, pitchDegrees: -90 }), PLACE);
    await waitForTiles(page);
    await waitForSettled(page);
    const tool = page.getByRole('button', { name: 'Inspector', exact: true });
    await tool.click();
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('inspector');

    const canvas = page.locator('.map-view__canvas canvas').first();
    const box = (await canvas.boundingBox())!;
    // Aim at the ground itself: off the centre, the ellipsoid point under the hill is drawn elsewhere.
    const ground = (await page.evaluate((place) => window.__hkmap!.sampleHeight(place.longitude, place.latitude), PLACE))!;
    const at = (await page.evaluate(({ place, height }) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, height), { place: PLACE, height: ground }))!;
    expect(at.x).toBeGreaterThan(box.width / 2 + 100);
    await page.mouse.click(box.x + at.x, box.y + at.y);
    const inspector = page.getByTestId('inspector-panel');
    await expect(inspector.getByRole('heading', { name: 'Clicked point on the terrain' })).toBeVisible();

    const longitude = await value(page, 'longitude');
    const latitude = await value(page, 'latitude');
    // The click lands within a pixel (~3 m at 2500 m up) of the place aimed at.
    expect(Math.abs(longitude - PLACE.longitude)).toBeLessThan(1e-4);
    expect(Math.abs(latitude - PLACE.latitude)).toBeLessThan(1e-4);
    const [backLongitude, backLatitude] = fromHk1980([await value(page, 'easting'), await value(page, 'northing')]);
    expect(Math.abs(backLongitude - longitude)).toBeLessThan(1e-6);
    expect(Math.abs(backLatitude - latitude)).toBeLessThan(1e-6);
    expect(Math.abs((await value(page, 'heightAboveHkpd')) - ground)).toBeLessThan(15);
    await expect(inspector.locator('[data-row="utm"] output')).toHaveText(/^50Q KK \d\d \d\d$/);
    expect(await value(page, 'cameraHeight')).toBeCloseTo(2500, -1);
    expect(await value(page, 'pitch')).toBeCloseTo(-90, 0);
    await expect(inspector.getByRole('button', { name: 'Copy HK 1980 Grid easting (m)' })).toBeVisible();
    await expect(page.getByTestId('identify-panel')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(tool).toHaveAttribute('aria-pressed', 'false');
    await expect(inspector).toHaveCount(0);
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('identify');
  });

  test('on a building the inspector reads the depth-picked roof, at the roof level LandsD gives', async () => {
    /** The Bank of China Tower, Central: roof about 310 mPD (LandsD iB1000). */
    const tower = { longitude: 114.16157, latitude: 22.27928 };
    await page.evaluate((place) => window.__hkmap!.setView({ ...place, longitude: place.longitude - 0.003, heightMeters: 1200, pitchDegrees: -90 }), tower);
    await waitForTiles(page);
    await waitForSettled(page);
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    const canvas = page.locator('.map-view__canvas canvas').first();
    const box = (await canvas.boundingBox())!;
    const at = (await page.evaluate((place) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, 310), tower))!;
    await page.mouse.click(box.x + at.x, box.y + at.y);
    const inspector = page.getByTestId('inspector-panel');
    await expect(inspector.getByRole('heading', { name: 'Clicked point on a building' })).toBeVisible();
    const roof = await value(page, 'heightAboveHkpd');
    expect(roof).toBeGreaterThan(290);
    expect(roof).toBeLessThan(330);
  });
});
