/**
 * The location search box on the map (plugins/location-search, SPEC §1/§5): place search, typed coordinates
 * (WGS84, HK 1980 Grid) that fly there with a pin, the three SPEC §5 messages, and the trail highlight that the
 * next search clears, in en-US and zh-HK.
 */
import { expect, test, type Page } from '@playwright/test';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { HIGHLIGHT_COLOUR, PIN_COLOUR } from '../../plugins/location-search/searchMode';
import { API, captureCanvas, HIDE_MAP_CHROME, openMap, waitForTiles } from './fixtures';
import { pixelsNear, type Rgb } from './pixels';

const rgb = (css: string): Rgb => [1, 3, 5].map((at) => parseInt(css.slice(at, at + 2), 16)) as unknown as Rgb;
const PIN = rgb(PIN_COLOUR);
const HIGHLIGHT = rgb(HIGHLIGHT_COLOUR);

/** Waits until the camera looks down on the point from below `belowMeters` (the pin needs no tiles: not waited for). */
async function flownTo(page: Page, longitude: number, latitude: number, belowMeters = 3000): Promise<void> {
  await expect
    .poll(
      async () => {
        const camera = await page.evaluate(() => window.__hkmap!.cameraState());
        return camera !== null && Math.abs(camera.longitude - longitude) < 1e-4 && Math.abs(camera.latitude - latitude) < 1e-4 && camera.heightMeters < belowMeters;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

const cameraJson = (page: Page) => page.evaluate(() => JSON.stringify(window.__hkmap!.cameraState()));

/** Waits until the camera has left `before`, then until it stops (two reads 1/4 s apart agree) and the tiles are in. */
async function cameraSettled(page: Page, before: string): Promise<void> {
  await expect.poll(() => cameraJson(page), { timeout: 30_000 }).not.toBe(before);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await cameraJson(page);
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  await waitForTiles(page);
}

/** Pin-coloured pixels in a 48 px square around where the point is drawn on the map. */
async function pinPixelsAt(page: Page, longitude: number, latitude: number): Promise<number> {
  const canvas = page.locator('.map-view__canvas canvas').first();
  const box = (await canvas.boundingBox())!;
  const at = await page.evaluate(([lon, lat]) => window.__hkmap!.screenPositionOf(lon, lat, 0), [longitude, latitude] as const);
  if (!at) return 0;
  const png = await page.screenshot({ clip: { x: box.x + at.x - 24, y: box.y + at.y - 24, width: 48, height: 48 }, style: HIDE_MAP_CHROME, animations: 'disabled' });
  return pixelsNear(png, [PIN], 24);
}

test('place search, typed coordinates with a pin, the SPEC §5 messages, and a trail highlight the next search clears', async ({ page }) => {
  await openMap(page);
  const box = page.getByRole('combobox', { name: 'Search for a place' });
  const status = page.locator('.location-search').getByRole('status');
  const results = page.getByRole('listbox', { name: 'Search results' });

  await box.fill('S');
  await expect(status).toHaveText('Please input at least 2 English characters');
  await expect(results).toBeHidden();

  // Coordinates outside Hong Kong (London), and coordinates that do not read.
  await box.fill('51.5,-0.12');
  await expect(status).toHaveText('Input location falls outside Hong Kong.');
  await expect(results).toBeHidden();
  await box.fill('22.28, abc');
  await expect(status).toHaveText('Input coordinates are not correct');

  // A place the search knows outside Hong Kong (a Shenzhen hill of the peak file) says so instead of flying.
  await box.fill('Danan Mountain');
  const shenzhen = results.getByRole('option', { name: /Danan Mountain/ });
  await expect(shenzhen).toContainText('beyond the project boundary');
  await shenzhen.click();
  await expect(status).toHaveText('Location of the search result falls beyond the project boundary.');

  // WGS84: Enter flies there and drops a pin on the point.
  await box.fill('22.28, 114.16');
  await box.press('Enter');
  await flownTo(page, 114.16, 22.28);
  await expect.poll(() => pinPixelsAt(page, 114.16, 22.28)).toBeGreaterThan(60);
  await expect(box).toHaveValue('22.28000°N 114.16000°E');

  // HK 1980 Grid, easting then northing: the old pin goes, a new one marks the grid point.
  const [gridLongitude, gridLatitude] = fromHk1980([836000, 816000]);
  await box.fill('836000 816000');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option')).toContainText('HK 1980 Grid coordinates · ');
  await box.press('Enter');
  await flownTo(page, gridLongitude, gridLatitude);
  await expect.poll(() => pinPixelsAt(page, gridLongitude, gridLatitude)).toBeGreaterThan(60);

  // A trail result: keyboard choice, the pin at its start and its whole line highlighted and in view.
  const found = await (await page.request.get(`${API}/search/places?q=MacLehose%20Trail`)).json();
  const start: { longitude: number; latitude: number } = found.results.find((place: { kind: string }) => place.kind === 'trail');
  const shape = await (await page.request.get(`${API}/search/places/geometry?id=trail:maclehose`)).json();
  const ends: Array<[number, number]> = [shape.lines[0][0], shape.lines.at(-1).at(-1)];
  await box.fill('MacLehose Trail');
  const trail = results.getByRole('option').filter({ hasText: 'Hiking trail' }).first();
  await expect(trail).toContainText('MacLehose Trail');
  await expect(status).toHaveText(/\d+ results?/);
  const index = await results.getByRole('option').evaluateAll((options) => options.findIndex((o) => o.textContent?.includes('Hiking trail')));
  for (let step = 0; step < index; step += 1) await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await trail.getAttribute('id'))!);
  const before = await cameraJson(page);
  await box.press('Enter');
  await expect(results).toBeHidden();
  await expect(box).toHaveValue('MacLehose Trail');
  await cameraSettled(page, before);
  const size = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  // Polled: on a loaded software renderer one frame of the flight can outlast the settle check's interval.
  for (const [longitude, latitude] of ends) {
    const inView = async () => {
      const at = await page.evaluate(([lon, lat]) => window.__hkmap!.screenPositionOf(lon, lat, 0), [longitude, latitude] as const);
      return Boolean(at && at.x > 0 && at.x < size.width && at.y > 0 && at.y < size.height);
    };
    await expect.poll(inView, { message: `trail end ${longitude},${latitude} in view`, timeout: 20_000 }).toBe(true);
  }
  await expect.poll(async () => pixelsNear(await captureCanvas(page), [HIGHLIGHT], 24), { timeout: 20_000 }).toBeGreaterThan(300);
  const highlighted = pixelsNear(await captureCanvas(page), [HIGHLIGHT], 24);
  expect(await pinPixelsAt(page, start.longitude, start.latitude)).toBeGreaterThan(60);

  // A new search clears the pin and the highlight (same view, so only the graphics changed).
  await box.fill('Sha Tin');
  await expect(results.getByRole('option').first()).toBeVisible();
  await expect.poll(async () => pixelsNear(await captureCanvas(page), [HIGHLIGHT], 24)).toBeLessThan(highlighted / 10);
  expect(await pinPixelsAt(page, start.longitude, start.latitude)).toBeLessThan(10);

  // Choosing a place by pointer flies there; the clear button empties the box and keeps focus in it. (Hiding
  // the map chrome for the captures took the focus away and closed the list; focusing the box shows it again.)
  await box.focus();
  await results.getByRole('option').first().click();
  await expect(results).toBeHidden();
  await expect(box).toHaveValue(/Sha Tin/);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
});

test('zh-HK: the coordinate messages in Chinese, a typed point flies there with a pin, and Escape clears it', async ({ page }) => {
  await openMap(page, '?l=zh-HK');
  const box = page.getByRole('combobox', { name: '搜尋地點' });
  const status = page.locator('.location-search').getByRole('status');

  await box.fill('51.5,-0.12');
  await expect(status).toHaveText('輸入的位置在香港境外。');
  await box.fill('22.28, abc');
  await expect(status).toHaveText('輸入的坐標不正確');

  // Latitude first; degrees-minutes-seconds with a full-width comma, as typed on a Chinese keyboard.
  await box.fill(`22°17'00"N，114°09'36"E`);
  const longitude = 114 + 9 / 60 + 36 / 3600;
  const latitude = 22 + 17 / 60;
  await expect(page.getByRole('listbox', { name: '搜尋結果' }).getByRole('option')).toContainText('北緯 22.28333°，東經 114.16000°');
  await box.press('Enter');
  await flownTo(page, longitude, latitude);
  await expect.poll(() => pinPixelsAt(page, longitude, latitude)).toBeGreaterThan(60);
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect.poll(() => pinPixelsAt(page, longitude, latitude)).toBeLessThan(10);
});
