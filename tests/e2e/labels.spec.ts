/**
 * Map labels (issue 12 points 2 and 3): with the marine and environment layers on, the labels drawn do not
 * overlap (the declutter of core/overlay/labelDeclutter.ts hides the lower kinds, and they come back closer in);
 * a landmark label opens a proper popup — its name in the page language, type, district and, for a monument, its
 * address and its Antiquities and Monuments Office page — with no "Reading" row, no colour bar and no raw id.
 * Label boxes come from the map test hook's `visibleLabelRects()`.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, openMap, waitForTiles } from './fixtures';

type Rect = { x: number; y: number; width: number; height: number; text: string };

const labelRects = (page: Page): Promise<Rect[]> => page.evaluate(() => window.__hkmap!.visibleLabelRects());

function overlappingPairs(rects: Rect[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i];
      const b = rects[j];
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) pairs.push(`${a.text} / ${b.text}`);
    }
  }
  return pairs;
}

test('with the marine and environment layers on, the labels drawn do not overlap, far out or closer in', async ({ page }) => {
  test.setTimeout(180_000);
  await openMap(page, '?layers=marine,aqhi,temperature');
  const marine = (await (await page.request.get(`${API}/static/marine?timestamp=${Date.now()}`)).json()) as {
    features: Array<{ geometry: { coordinates: [number, number] } }>;
  };
  // Wait for the three layers' readings to be drawn (a marine label ends "mg/L", a temperature one "°C").
  await expect.poll(async () => (await labelRects(page)).filter((rect) => rect.text.endsWith('mg/L')).length, { timeout: 60_000 }).toBeGreaterThan(5);
  await expect.poll(async () => (await labelRects(page)).some((rect) => rect.text.endsWith('°C')), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => overlappingPairs(await labelRects(page)), { timeout: 20_000 }).toEqual([]);

  // Colliding labels were hidden: fewer marine readings are drawn than marine stations lie on the canvas.
  const onCanvas = await page.evaluate(
    (points) =>
      points.filter(([lon, lat]) => {
        const p = window.__hkmap!.screenPositionOf(lon, lat, 10);
        const canvas = document.querySelector('.cesium-widget canvas')!;
        return p !== null && p.x >= 0 && p.y >= 0 && p.x <= canvas.clientWidth && p.y <= canvas.clientHeight;
      }).length,
    marine.features.map((feature) => feature.geometry.coordinates),
  );
  const farReadings = (await labelRects(page)).filter((rect) => rect.text.endsWith('mg/L')).length;
  expect(farReadings).toBeLessThan(onCanvas);

  // Closer in over Victoria Harbour: still no overlap, and district names gave way to the readings and names near by.
  await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.17, latitude: 22.25, heightMeters: 6000, pitchDegrees: -50 }));
  await waitForTiles(page);
  await expect.poll(async () => overlappingPairs(await labelRects(page)), { timeout: 20_000 }).toEqual([]);
  expect((await labelRects(page)).length).toBeGreaterThan(3);
});

interface Landmark {
  id: string;
  geometry: { coordinates: [number, number] };
  properties: Record<string, string>;
}

/** Looks at a landmark from the south, clicks its label and returns the popup. */
async function openLandmarkPopup(page: Page, landmark: Landmark, name: string) {
  const [longitude, latitude] = landmark.geometry.coordinates;
  await page.evaluate(
    ({ longitude, latitude }) => window.__hkmap!.setView({ longitude, latitude: latitude - 0.004, heightMeters: 700, headingDegrees: 0, pitchDegrees: -55 }),
    { longitude, latitude },
  );
  await waitForTiles(page);
  const popup = page.getByRole('dialog', { name });
  // A lost first click on SwiftShader happens: click the label's box again until the popup opens.
  await expect(async () => {
    const rect = (await labelRects(page)).find((entry) => entry.text === name);
    expect(rect, `label ${name} drawn`).toBeDefined();
    // Label boxes are in canvas pixels; the canvas sits below the page header.
    const canvas = (await page.locator('.cesium-widget canvas').boundingBox())!;
    await page.mouse.click(canvas.x + rect!.x + rect!.width / 2, canvas.y + rect!.y + rect!.height / 2);
    await expect(popup).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  return popup;
}

test('a landmark label opens a proper popup: name, type, district, address and link, in English and Chinese', async ({ page }) => {
  test.setTimeout(180_000);
  const landmarks = (await (await page.request.get(`${API}/static/annotation?tier=landmark`)).json()) as { features: Landmark[] };
  const magistracy = landmarks.features.find((feature) => feature.id === 'monument:54')!;
  const p = magistracy.properties;

  for (const language of ['en-US', 'zh-HK'] as const) {
    const english = language === 'en-US';
    const name = english ? p.name_EN : p.name_TC;
    // One map start (ten seconds and more on SwiftShader): English first, then the same page switched to Chinese
    // as a user does, the labels redrawn in Chinese before the popup is opened on the landmark's Chinese label.
    if (english) await openMap(page, `?l=${language}`);
    else {
      await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    }
    const popup = await openLandmarkPopup(page, magistracy, name);
    await expect(popup.getByRole('heading', { name })).toBeVisible();
    await expect(popup).toContainText(english ? 'Declared monument' : '法定古蹟');
    await expect(popup).toContainText(english ? p.district_EN : p.district_TC);
    await expect(popup).toContainText(english ? p.address_EN : p.address_TC);
    const link = popup.getByRole('link', { name: english ? 'Antiquities and Monuments Office page' : '古物古蹟辦事處網頁' });
    await expect(link).toHaveAttribute('href', english ? p.link_EN : p.link_TC);
    await expect(link).toHaveAttribute('target', '_blank');
    // Not a weather reading: no "Reading" row, no colour bar, no raw id.
    await expect(popup).not.toContainText(english ? 'Reading' : '讀數');
    await expect(popup).not.toContainText('monument:54');
    await expect(popup.locator('.overlay-popup__accent')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  }
});
