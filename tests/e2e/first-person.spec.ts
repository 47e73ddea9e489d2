/**
 * First-person view and VR (plugins/first-person, plugins/vr). A walk: the tool's next click stands at eye height
 * on the ground there, holding W walks forward along the heading on the ground, Escape puts the camera back where
 * it was with the exit message. VR: the canvas's two halves become a stereo pair of one view and go back to one
 * picture on Exit, with no page error.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { CameraState } from '../../core/plugin/types';
import { captureCanvas, openMap, skipLanding, waitForSettled, waitForTiles } from './fixtures';

/** The middle of Happy Valley Recreation Ground: flat open ground, the nearest building over 150 m away. */
const PLACE = { longitude: 114.1825, latitude: 22.2725 };
const EYE_HEIGHT_METERS = 1.7;
const METRES_PER_DEGREE_LATITUDE = 110_760;

const camera = (page: Page) => page.evaluate(() => window.__hkmap!.cameraState()!);
const groundAt = (page: Page, place: { longitude: number; latitude: number }) =>
  page.evaluate((at) => window.__hkmap!.sampleHeight(at.longitude, at.latitude), place);

test('a first-person walk moves the camera along the ground, and Escape restores the previous view', async ({ page }) => {
  await openMap(page);
  // Looking straight down from 1500 m, 300 m west of the place, heading north: the place is right of the centre.
  await page.evaluate((place) => window.__hkmap!.setView({ ...place, longitude: place.longitude - 0.003, heightMeters: 1500, headingDegrees: 0, pitchDegrees: -90 }), PLACE);
  await waitForTiles(page);
  await waitForSettled(page);
  const before: CameraState = await camera(page);

  const tool = page.getByRole('button', { name: 'First-person view', exact: true });
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('first-person-panel');
  await expect(panel.getByText('Click the place on the map where you want to stand.')).toBeVisible();
  expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('first-person');

  const ground = (await groundAt(page, PLACE))!;
  const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const at = (await page.evaluate(({ place, height }) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, height), { place: PLACE, height: ground }))!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
  await expect(panel).toHaveAttribute('data-phase', 'walking');
  await expect(panel.getByRole('button', { name: 'Exit first-person view' })).toBeVisible();

  const standing: CameraState = await camera(page);
  // The click lands within a few metres (a pixel is ~2 m at 1500 m); the eye is 1.7 m above the ground there, level.
  expect(Math.abs(standing.latitude - PLACE.latitude) * METRES_PER_DEGREE_LATITUDE).toBeLessThan(10);
  const groundThere = (await groundAt(page, standing))!;
  expect(standing.heightMeters - groundThere).toBeCloseTo(EYE_HEIGHT_METERS, 0);
  expect(standing.pitchDegrees).toBeCloseTo(0, 1);
  expect(standing.headingDegrees % 360).toBeCloseTo(before.headingDegrees % 360, 0);

  // Hold W until the walker has covered 3 m (3 m/s), then let go.
  await page.keyboard.down('w');
  await page.waitForFunction(
    (start) => {
      const now = window.__hkmap!.cameraState()!;
      return Math.abs(now.latitude - start.latitude) * 110_760 > 3;
    },
    standing,
    { polling: 50, timeout: 20_000 },
  );
  await page.keyboard.up('w');
  const walked: CameraState = await camera(page);
  // Heading north: the walk went north, not sideways, and the eye stayed on the ground.
  const northMeters = (walked.latitude - standing.latitude) * METRES_PER_DEGREE_LATITUDE;
  const eastMeters = (walked.longitude - standing.longitude) * METRES_PER_DEGREE_LATITUDE * Math.cos((PLACE.latitude * Math.PI) / 180);
  expect(northMeters).toBeGreaterThan(3);
  expect(Math.abs(eastMeters)).toBeLessThan(0.5);
  await expect
    .poll(async () => {
      const now = await camera(page);
      return now.heightMeters - (await groundAt(page, now))!;
    })
    .toBeCloseTo(EYE_HEIGHT_METERS, 0);

  await page.keyboard.press('Escape');
  await expect(tool).toHaveAttribute('aria-pressed', 'false');
  await expect(panel).toHaveCount(0);
  await expect(page.getByText('You have left first-person view. The map is back at your previous view.').filter({ visible: true }).first()).toBeVisible();
  const after: CameraState = await camera(page);
  expect(after.longitude).toBeCloseTo(before.longitude, 6);
  expect(after.latitude).toBeCloseTo(before.latitude, 6);
  expect(after.heightMeters).toBeCloseTo(before.heightMeters, 0);
  expect(after.pitchDegrees).toBeCloseTo(before.pitchDegrees, 1);
  expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('identify');
});

/** Share (0..1) of 8-pixel blocks whose mean colour differs by more than 12 between the canvas's left and right halves. */
function halvesDiffer(png: Buffer): number {
  const { width, height, data } = PNG.sync.read(png);
  const half = Math.floor(width / 2);
  const block = 8;
  let differing = 0;
  let blocks = 0;
  for (let top = 0; top + block <= height; top += block) {
    for (let left = 0; left + block <= half; left += block) {
      const sums = [0, 0, 0];
      for (let y = top; y < top + block; y += 1) {
        for (let x = left; x < left + block; x += 1) {
          const a = (y * width + x) * 4;
          const b = (y * width + x + half) * 4;
          for (let channel = 0; channel < 3; channel += 1) sums[channel] += data[a + channel] - data[b + channel];
        }
      }
      blocks += 1;
      if (sums.some((sum) => Math.abs(sum) / (block * block) > 12)) differing += 1;
    }
  }
  return differing / blocks;
}

test('VR splits the map into a stereo pair and Exit brings the single view back, without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await skipLanding(page);
  // The full variant offers VR (the public second variant does not).
  await page.goto('/mapviewer/app-full/map');
  await expect(page.locator('.map-page')).toBeVisible();
  await waitForTiles(page);
  // Over Victoria Harbour looking north: Kowloon's shore on one side of the picture, the harbour on the other.
  await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.16, latitude: 22.27, heightMeters: 2500, headingDegrees: 20, pitchDegrees: -35 }));
  await waitForTiles(page);
  await waitForSettled(page);
  const single = halvesDiffer(await captureCanvas(page));
  expect(single).toBeGreaterThan(0.3);

  const tool = page.getByRole('button', { name: 'VR view', exact: true });
  await tool.click();
  await expect(tool).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('vr-panel');
  await expect(panel.getByRole('status')).toHaveText(/Stereo view on/);
  // Both eyes see the same scene a few centimetres apart: the halves match almost block for block.
  await expect.poll(async () => halvesDiffer(await captureCanvas(page)), { timeout: 30_000 }).toBeLessThan(0.08);

  await panel.getByRole('button', { name: 'Exit VR view' }).click();
  await expect(tool).toHaveAttribute('aria-pressed', 'false');
  await expect(panel).toHaveCount(0);
  await expect.poll(async () => halvesDiffer(await captureCanvas(page)), { timeout: 30_000 }).toBeGreaterThan(0.3);
  expect(errors).toEqual([]);
});
