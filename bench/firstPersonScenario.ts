/**
 * Issue 14's first-person benchmark scenario for bench/frameTime.ts: a walk with W held (plugins/first-person) on
 * the open ground of Happy Valley Recreation Ground (the browser test's place, the nearest building over 150 m
 * away), against the idle map at the same eye-level view.
 *
 * `prepare` puts the camera where the walk will start — 1.7 m above the sampled ground, heading north, level — so
 * the idle window times the map at the scenario's own view, with no tool. `beforeRun` enters first-person view as
 * a user does (from above: the tool, then a click on the place; the walker keeps the heading, north); it is not in
 * the idle frames because the walker samples the ground ahead with the 3D buildings and places the camera every
 * frame, which is the cost being measured. `run` holds W for a fixed number of rendered frames.
 */
import type { Page } from '@playwright/test';
import { waitForFrames, type FrameTimeScenario } from './frameTime';

/** Frames rendered while W is held: at 3 m/s and ~0.5–0.8 s a frame on SwiftShader, some 60–100 m, short of the buildings. */
export const WALK_FRAMES = 40;
const PLACE = { longitude: 114.1825, latitude: 22.2725 };
const EYE_HEIGHT_METERS = 1.7;
const METRES_PER_DEGREE_LATITUDE = 110_760;
/** Longest wait for the walker to stand on the ground after the click. */
const ENTER_TIMEOUT_MS = 60_000;

async function groundAtPlace(page: Page): Promise<number> {
  const ground = await page.evaluate((place) => window.__hkmap!.sampleHeight(place.longitude, place.latitude), PLACE);
  if (ground === null) throw new Error(`no ground height at ${PLACE.longitude}, ${PLACE.latitude}: the terrain did not load there`);
  return ground;
}

/** The scenario: the idle map at eye height; timed while walking forward with W held for `frames` rendered frames. */
export function firstPersonWalkScenario(frames = WALK_FRAMES): FrameTimeScenario {
  return {
    name: `first-person walk, W held for ${frames} frames (idle map at the same eye-level view)`,
    async prepare(page: Page) {
      const ground = await groundAtPlace(page);
      await page.evaluate((eye) => window.__hkmap!.setView({ ...eye, headingDegrees: 0, pitchDegrees: 0 }), { ...PLACE, heightMeters: ground + EYE_HEIGHT_METERS });
    },
    async beforeRun(page: Page) {
      // Straight down from 1500 m, 300 m west of the place, heading north: the place is right of the centre.
      await page.evaluate((place) => window.__hkmap!.setView({ ...place, longitude: place.longitude - 0.003, heightMeters: 1500, headingDegrees: 0, pitchDegrees: -90 }), PLACE);
      await page.waitForFunction(() => window.__hkmap!.tilesLoaded(), undefined, { timeout: ENTER_TIMEOUT_MS, polling: 100 });
      await page.getByRole('button', { name: 'First-person view', exact: true }).click();
      const ground = await groundAtPlace(page);
      const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
      const at = await page.evaluate(({ place, height }) => window.__hkmap!.screenPositionOf(place.longitude, place.latitude, height), { place: PLACE, height: ground });
      if (!at) throw new Error('the walk\'s place is not on screen from above');
      await page.mouse.click(box.x + at.x, box.y + at.y);
      await page.getByTestId('first-person-panel').and(page.locator('[data-phase="walking"]')).waitFor({ timeout: ENTER_TIMEOUT_MS });
    },
    async run(page: Page) {
      const start = await page.evaluate(() => window.__hkmap!.cameraState()!);
      await page.keyboard.down('w');
      try {
        await waitForFrames(page, frames);
      } finally {
        await page.keyboard.up('w');
      }
      const end = await page.evaluate(() => window.__hkmap!.cameraState()!);
      const walkedMeters = Math.hypot(
        (end.latitude - start.latitude) * METRES_PER_DEGREE_LATITUDE,
        (end.longitude - start.longitude) * METRES_PER_DEGREE_LATITUDE * Math.cos((PLACE.latitude * Math.PI) / 180),
      );
      return `${walkedMeters.toFixed(1)} m walked`;
    },
  };
}
