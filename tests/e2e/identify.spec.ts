/**
 * Identify (plugins/identify): on at start; a click on a building opens its feature information from the
 * building query (CSUID, roof level, height), a click on the sea gives the SPEC §8 message (in zh-HK too),
 * identify off clears the outline and the panel, the keyboard can identify the map centre, and with the 3D
 * spatial data off the identify tool says it needs them and the buildings layer is hidden until 3D returns.
 *
 * The three English tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the
 * building test switches identify on again after checking that off clears, the sea test leaves it on, and each
 * sets its own view. The zh-HK test opens its own page in Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import { captureCanvas, framesRendered, openMap, shareOnePage, waitForRedraw, waitForSettled, waitForTiles } from './fixtures';
import { differingPixels, pixelsNear } from './pixels';

/** Straight down over the Bank of China Tower, Central (LandsD iB1000: roof about 310 mPD). */
const BANK_OF_CHINA = { longitude: 114.16157, latitude: 22.27928 };
/** Straight down over Victoria Harbour between Central and Tsim Sha Tsui: only sea. */
const HARBOUR = { longitude: 114.1665, latitude: 22.2905 };

async function lookDownAt(page: Page, place: { longitude: number; latitude: number }, heightMeters: number): Promise<void> {
  await page.evaluate(({ longitude, latitude, height }) => window.__hkmap!.setView({ longitude, latitude, heightMeters: height, pitchDegrees: -90 }), {
    ...place,
    height: heightMeters,
  });
  await waitForTiles(page);
  await waitForSettled(page);
}

/** Clicks the map where a place is drawn (the canvas centre when the camera looks straight down at it). */
async function clickPlace(page: Page, place: { longitude: number; latitude: number }): Promise<void> {
  const canvas = page.locator('.map-view__canvas canvas').first();
  const box = (await canvas.boundingBox())!;
  const at = await page.evaluate(({ longitude, latitude }) => window.__hkmap!.screenPositionOf(longitude, latitude), place);
  expect(at).not.toBeNull();
  // Clicks again when the panel has not opened: on SwiftShader the map sometimes misses a first click sent right
  // after it has been still for a while (about one run in five here; not root-caused, see plugins/identify/CONTEXT.md).
  await expect(async () => {
    await page.mouse.click(box.x + at!.x, box.y + at!.y);
    await expect(panel(page)).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 30_000 });
}

/** The highlight and footprint outline colour of an identified building (#ffd400). */
const HIGHLIGHT_YELLOW = [255, 212, 0] as const;

const panel = (page: Page) => page.getByTestId('identify-panel');
const field = (page: Page, label: string) => panel(page).locator('.identify__row', { has: page.getByText(label, { exact: true }) }).locator('dd');

test.describe('on one English page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openMap);

  test('a click on a building shows its CSUID and height; identify off clears the outline and the panel', async () => {
    // The page has just started: identify is on.
    await expect(page.getByRole('button', { name: 'Identify', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('identify');
    await lookDownAt(page, BANK_OF_CHINA, 500);
    const before = await captureCanvas(page);

    // The click hits the tower in the buildings layer (3D Tiles), whose feature carries the building's store id.
    const at = (await page.evaluate(({ longitude, latitude }) => window.__hkmap!.screenPositionOf(longitude, latitude, 310), BANK_OF_CHINA))!;
    const picked = await page.evaluate(({ x, y }) => window.__hkmap!.pick(x, y), at);
    expect(picked?.surface).toBe('model');
    expect(picked?.feature?.layerId).toBe('buildings');
    expect(String(picked?.feature?.properties.id)).toMatch(/^\w+$/);

    const frames = await framesRendered(page);
    await clickPlace(page, BANK_OF_CHINA);
    await expect(panel(page)).toBeVisible();
    await expect(field(page, 'Building CSUID')).toHaveText(/^\w+$/);
    const roof = Number((await field(page, 'Roof level (mPD)').textContent())!.replace(/ m$/, ''));
    expect(roof).toBeGreaterThan(280);
    expect(roof).toBeLessThan(340);
    await expect(field(page, 'Building height')).toHaveText(/^\d+(\.\d)? m \((measured|from storeys × 3 m, not measured|assumed, not measured)\)$/);
    await expect(field(page, 'Land parcel')).toHaveText('Not in the open data');
    await waitForRedraw(page, frames);
    await waitForSettled(page);
    const identified = await captureCanvas(page);
    expect(differingPixels(before, identified)).toBeGreaterThan(50);
    // The tower's roof and the footprint outline turn yellow: seen from above, hundreds of pixels.
    const yellowBefore = pixelsNear(before, [HIGHLIGHT_YELLOW], 24);
    const highlighted = pixelsNear(identified, [HIGHLIGHT_YELLOW], 24) - yellowBefore;
    expect(highlighted).toBeGreaterThan(500);

    const offFrames = await framesRendered(page);
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Identify', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBeNull();
    await waitForRedraw(page, offFrames);
    await waitForSettled(page);
    // Measured on the highlight colour, not on the whole picture: the sea animates and the tiles may still refine.
    const cleared = await captureCanvas(page);
    expect(pixelsNear(cleared, [HIGHLIGHT_YELLOW], 24) - yellowBefore).toBeLessThan(highlighted / 10);

    // On again for the next test, as a user switches it back.
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Identify', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a click on the sea says nothing was found; Escape closes the panel and identify stays on', async () => {
    await lookDownAt(page, HARBOUR, 1500);
    await clickPlace(page, HARBOUR);
    await expect(panel(page).getByRole('status')).toHaveText('Information not found. Please try to click another location.');
    await expect(panel(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Identify', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('with the 3D spatial data off, identify is off and says it needs them; it returns with 3D', async () => {
    const identify = page.getByRole('button', { name: 'Identify', exact: true });
    const threeD = page.getByRole('button', { name: '3D spatial data', exact: true });
    await expect(threeD).toHaveAttribute('aria-pressed', 'true');
    await threeD.click();
    await expect(threeD).toHaveAttribute('aria-pressed', 'false');
    await expect(identify).toHaveAttribute('aria-pressed', 'false');
    await expect(identify).toHaveAttribute('aria-disabled', 'true');
    await expect(identify).toHaveAttribute('aria-description', 'Needs the 3D spatial data: switch 3D on first.');
    // The tool buttons' tooltip (app/components/Tooltip.tsx) says why on hover.
    await identify.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Identify: Needs the 3D spatial data: switch 3D on first.');
    // Disabled for assistive technology, still clickable: the click must change nothing.
    await identify.click({ force: true });
    await expect(identify).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBeNull();
    // The 3D Tiles layer is hidden with the 3D spatial data and comes back with them.
    const layersButton = page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers', exact: true });
    await layersButton.click();
    const buildings = page.getByRole('complementary', { name: 'Layers' }).getByRole('checkbox', { name: /^Buildings/ });
    await expect(buildings).not.toBeChecked();
    await threeD.click();
    await expect(identify).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => window.__hkmap!.pointerMode())).toBe('identify');
    // Switching 3D on again leaves the drawers as they are (only switching off closes them).
    await expect(buildings).toBeChecked();
  });
});

test('zh-HK: the keyboard identifies the map centre and the sea message is in Chinese', async ({ page }) => {
  await openMap(page, '?l=zh-HK');
  await lookDownAt(page, HARBOUR, 1500);
  const centre = page.getByRole('button', { name: '識別地圖中央的建築物' });
  await centre.focus();
  await expect(centre).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('status')).toHaveText('找不到資料，請嘗試點擊其他位置。');
  await expect(page.getByRole('region', { name: '要素資料' })).toBeVisible();
});
