/**
 * Issue 14 points 4–6 as a user meets them: GPS locates and tracks with the browser's location granted and says
 * so when it is refused (Playwright geolocation and permissions); a real trail's GPX file is drawn, fitted into
 * view and profiled; a recording of the map downloads as a non-empty WebM.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { clickMapTool, openMap, skipLanding } from './fixtures';

/** Central, Hong Kong Island (a place the portal's Hong Kong check puts in Central & Western). */
const CENTRAL = { latitude: 22.2819, longitude: 114.1582 };
const FIXTURE = resolve(import.meta.dirname, '../fixtures/gpx/Wilson-Trail-Hong-Kong-track.gpx');

/** The full variant's map (GPS and GPX are not in the public second variant). */
async function openFullMap(page: Page): Promise<void> {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('.map-page')).toBeVisible();
  // The map exists (its test hook answers); its start view's tiles are not waited for, the tools move the camera.
  await page.waitForFunction(() => window.__hkmap?.cameraState() != null, undefined, { timeout: 60_000 });
}

const camera = (page: Page) => page.evaluate(() => window.__hkmap!.cameraState()!);

test('GPS: located, then tracked as the position moves, and a refused location says so', async ({ browser }) => {
  const granted = await browser.newContext({ geolocation: { ...CENTRAL, accuracy: 35 }, permissions: ['geolocation'], viewport: { width: 800, height: 600 } });
  const page = await granted.newPage();
  await openFullMap(page);
  await page.getByRole('button', { name: 'Enable locating', exact: true }).click();
  const status = page.getByTestId('gps-status');
  await expect(status).toContainText('You are at 22.28190° N, 114.15820° E, within 35 m');
  // The camera is brought to the position: it looks at it, 45° down, so the position is drawn mid-map.
  await expect.poll(async () => (await camera(page)).pitchDegrees, { timeout: 15_000 }).toBeCloseTo(-45, 0);
  const canvas = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const ground = await page.evaluate((place) => window.__hkmap!.sampleHeight(place.longitude, place.latitude), CENTRAL);
  const drawnAt = (await page.evaluate(({ place, height }) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, height ?? 0), { place: CENTRAL, height: ground }))!;
  expect(Math.abs(drawnAt.x - canvas.width / 2)).toBeLessThan(20);
  expect(Math.abs(drawnAt.y - canvas.height / 2)).toBeLessThan(20);

  // The button, relabelled "Enable tracking", keeps the keyboard focus: Enter goes on to tracking.
  await expect(page.getByRole('button', { name: 'Enable tracking', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status.getByRole('heading', { name: 'GPS location: tracking' })).toBeVisible();
  const before = await camera(page);
  // Walk 0.003° east: the camera follows by the same step.
  await granted.setGeolocation({ ...CENTRAL, longitude: CENTRAL.longitude + 0.003, accuracy: 20 });
  await expect(status).toContainText('114.16120° E, within 20 m');
  await expect.poll(async () => (await camera(page)).longitude - before.longitude, { timeout: 15_000 }).toBeGreaterThan(0.0029);
  expect(Math.abs((await camera(page)).heightMeters - before.heightMeters)).toBeLessThan(1);

  await page.getByRole('button', { name: 'Switch off GPS location', exact: true }).first().click();
  await expect(status).toHaveCount(0);

  // The location permission withdrawn (the browser now refuses the page's request): the SPEC §8 message, GPS off.
  await granted.clearPermissions();
  await page.getByRole('button', { name: 'Enable locating', exact: true }).click();
  await expect(page.getByText('Please make sure your device/browser has allowed access to your location.').first()).toBeVisible();
  await expect(status).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enable locating', exact: true })).toBeVisible();
  await granted.close();
});

test('GPX: a real trail file is drawn, fitted into view and profiled', async ({ page }) => {
  await openFullMap(page);
  const chooser = page.waitForEvent('filechooser');
  // In the tools bar, or in its "More tools" menu where the 800x600 bar has no room for every tool of the full variant.
  await clickMapTool(page, 'gpx');
  await (await chooser).setFiles(FIXTURE);
  const panel = page.getByRole('region', { name: 'GPX: 衛奕信徑 Wilson Trail HK' });
  await expect(panel).toContainText('1 track segment, 0 routes, 3 waypoints');
  await expect(panel).toContainText('Elevations from the file.');
  await expect(panel.locator('[data-figure="length"]')).toHaveText(/^\d+\.\d\d km$/);
  await expect(panel.locator('[data-figure="ascent"]')).toHaveText(/^[\d,]+ m$/);
  await expect(panel.getByRole('img', { name: /^Elevation profile from \d+ m to \d+ m over \d+\.\d\d km$/ })).toBeVisible();

  // The camera fits the trail (Stanley Gap to Jardine's Lookout and on to Quarry Bay): looking down on its box.
  const fixture = readFileSync(FIXTURE, 'utf8');
  const latitudes = [...fixture.matchAll(/<trkpt lat="([\d.]+)"/g)].map((match) => Number(match[1]));
  const longitudes = [...fixture.matchAll(/<trkpt lat="[\d.]+" lon="([\d.]+)"/g)].map((match) => Number(match[1]));
  const centre = { latitude: (Math.min(...latitudes) + Math.max(...latitudes)) / 2, longitude: (Math.min(...longitudes) + Math.max(...longitudes)) / 2 };
  await expect.poll(async () => Math.abs((await camera(page)).latitude - centre.latitude), { timeout: 15_000 }).toBeLessThan(0.005);
  expect(Math.abs((await camera(page)).longitude - centre.longitude)).toBeLessThan(0.005);
  // The waypoints' names are drawn on the map.
  await expect
    .poll(async () => (await page.evaluate(() => window.__hkmap!.visibleLabelRects())).map((label) => label.text).filter((text) => text.startsWith('Section')).sort(), {
      timeout: 15_000,
    })
    .toEqual(['Section1', 'Section2', 'Section2-end']);

  await panel.getByRole('button', { name: 'Remove the GPX file from the map' }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(async () => (await page.evaluate(() => window.__hkmap!.visibleLabelRects())).filter((label) => label.text.startsWith('Section')).length).toBe(0);
});

test('screen capture: recording the map with a time counter gives a non-empty WebM download', async ({ page }) => {
  await openMap(page);
  const tool = page.getByRole('button', { name: 'Record a video of the map', exact: true });
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('screen-capture-panel');
  await expect(panel.getByRole('status')).toHaveText('Recording the map');
  await expect(panel.locator('time')).toHaveText('0:02', { timeout: 10_000 });
  // Move the camera meanwhile, so the video shows a flight and not only a still.
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Stop and save the video' }).click();
  const video = await download;
  expect(video.suggestedFilename()).toMatch(/^hk-3d-map-\d{4}-\d\d-\d\d-\d{6}\.webm$/);
  const bytes = readFileSync((await video.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  // Every WebM file starts with the EBML header's magic number.
  expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  await expect(tool).toHaveAttribute('aria-pressed', 'false');
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(`The video was saved as ${video.suggestedFilename()}.`).first()).toBeVisible();
});
