/**
 * Issue 12 point 8: where the terrain data end (Shenzhen, west of about 113.98° E) the map must not paint sea over
 * land. The canvas is sampled where the base map has no DEM value (Nanshan and Bao'an, west of 114° E) and over SRTM
 * land (Futian, 114.05° E 22.55° N): neither may be water-blue, while the East Lamma Channel, known sea, must be — so the
 * colour rule below tells the two apart and the test can fail.
 *
 * Sizes: the issue names 1280x800, 1000x700 and 390x844 in en-US and zh-HK. The page language changes only the
 * labels and chrome, never the base map tiles, so each size is checked once: 1280x800 and then 1000x700 (the same
 * page resized) in en-US, 390x844 in zh-HK.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { APP, HIDE_MAP_CHROME, skipLanding, waitForTiles } from './fixtures';

/** The canvas with the map chrome hidden, the light-mode prompt included (it sits over the map on SwiftShader). */
async function captureMap(page: Page): Promise<Buffer> {
  return page
    .locator('.map-view__canvas canvas')
    .first()
    .screenshot({ style: `${HIDE_MAP_CHROME} .slow-client-notice { visibility: hidden !important; }`, animations: 'disabled' });
}

/** The box the map opens on (the `bbox` address parameter): the territory with Shenzhen and the estuary west of it. */
const BOX = '113.75,22.1,114.45,22.65';
const PLACES = {
  nanshan: { longitude: 113.93, latitude: 22.53, expect: 'not water' },
  baoan: { longitude: 113.88, latitude: 22.58, expect: 'not water' },
  futian: { longitude: 114.05, latitude: 22.55, expect: 'not water' },
  eastLammaChannel: { longitude: 114.16, latitude: 22.2, expect: 'water' },
} as const;

/** Water-blue: blue well above red and at least green (the relief's sea is 166,200,226; its no-data tone 188,186,182). */
function isWaterBlue([r, g, b]: readonly number[]): boolean {
  return b - r > 20 && b >= g;
}

/** The median colour of the 7x7 pixels around a point of a PNG (robust to a label or road crossing it). */
function medianAround(png: PNG, x: number, y: number): number[] {
  const channels: number[][] = [[], [], []];
  for (let dy = -3; dy <= 3; dy += 1) {
    for (let dx = -3; dx <= 3; dx += 1) {
      const px = Math.min(png.width - 1, Math.max(0, Math.round(x) + dx));
      const py = Math.min(png.height - 1, Math.max(0, Math.round(y) + dy));
      const o = (py * png.width + px) * 4;
      for (let c = 0; c < 3; c += 1) channels[c].push(png.data[o + c]);
    }
  }
  return channels.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
}

async function checkPlaces(page: Page, label: string): Promise<void> {
  await waitForTiles(page);
  const png = PNG.sync.read(await captureMap(page));
  const seen: Record<string, number[]> = {};
  for (const [name, place] of Object.entries(PLACES)) {
    const at = await page.evaluate(({ longitude, latitude }) => window.__hkmap!.screenPositionOf(longitude, latitude, 0), place);
    expect(at, `${label}: ${name} on screen`).not.toBeNull();
    const colour = medianAround(png, at!.x, at!.y);
    seen[name] = colour;
    expect(isWaterBlue(colour), `${label}: ${name} ${colour.join(',')} should be ${place.expect}`).toBe(place.expect === 'water');
  }
  test.info().annotations.push({ type: `colours ${label}`, description: JSON.stringify(seen) });
}

/**
 * The sea's water effect glints where the real sun (the scene clock starts at the page's time) reflects into the
 * camera, and a glint reads as near-white, not sea blue: a night-time clock (22:00 in Hong Kong) keeps the sea its
 * own colour whatever the hour of the run.
 */
const NIGHT_IN_HONG_KONG = new Date('2026-01-15T14:00:00Z');

test('no DEM value is never painted as sea: en-US at 1280x800 and 1000x700', async ({ page }) => {
  await page.clock.setFixedTime(NIGHT_IN_HONG_KONG);
  await skipLanding(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP}/map?bbox=${BOX}`);
  await checkPlaces(page, '1280x800');
  await page.setViewportSize({ width: 1000, height: 700 });
  await expect.poll(() => page.evaluate(() => document.querySelector('.map-view__canvas canvas')?.clientWidth)).toBeLessThanOrEqual(1000);
  await checkPlaces(page, '1000x700');
});

test('no DEM value is never painted as sea: zh-HK at 390x844', async ({ page }) => {
  await page.clock.setFixedTime(NIGHT_IN_HONG_KONG);
  await skipLanding(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${APP}/map?l=zh-HK&bbox=${BOX}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  await checkPlaces(page, '390x844');
});
