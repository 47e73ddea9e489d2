/**
 * The time player with a time-aware layer (manifests/overlays/wind-typhoon-tapah.json, full variant): switching the
 * recorded typhoon-night wind on opens the player on the series' span, and moving its slider by keyboard draws the
 * stations' readings of another poll (their km/h labels change) and shows the new time in Hong Kong time.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, skipLanding, waitForTiles } from './fixtures';

const LAYER = 'Typhoon Tapah night: wind (recorded)';

/** The wind labels ("37 km/h") drawn now, sorted. */
async function windLabels(page: Page): Promise<string[]> {
  const rects = await page.evaluate(() => window.__hkmap!.visibleLabelRects());
  return rects.map((rect) => rect.text).filter((text) => /km\/h$/.test(text)).sort();
}

/** The km/h labels of each poll of the series, by poll time (the data service's answer). */
async function labelsByPoll(page: Page): Promise<Map<string, Set<string>>> {
  const response = await page.request.get(`${API}/weather/wind-series`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { features: Array<{ properties: { observedAt: string; meanSpeedKmh: number | null } }> };
  const polls = new Map<string, Set<string>>();
  for (const { properties } of body.features) {
    if (properties.meanSpeedKmh === null) continue;
    const labels = polls.get(properties.observedAt) ?? new Set<string>();
    polls.set(properties.observedAt, labels.add(`${properties.meanSpeedKmh} km/h`));
  }
  return polls;
}

test('the typhoon wind layer opens the time player on its night, and the slider moves the arrows through the polls', async ({ page }) => {
  await skipLanding(page);
  await page.goto('/mapviewer/app-full/map');
  await waitForTiles(page);
  await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.12, latitude: 22.33, heightMeters: 70_000 }));

  await page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' }).click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  await drawer.getByRole('checkbox', { name: LAYER }).check();

  const player = page.getByRole('region', { name: LAYER });
  await expect(player).toBeVisible();
  const time = player.getByTestId('time-player-time');
  await expect(time).toHaveText(/7 Sept? 2025.*22:43 HKT/);
  await expect(page.getByRole('region', { name: 'Map legends' }).getByText(/Recorded series, Typhoon Tapah night/)).toBeVisible();

  const polls = await labelsByPoll(page);
  const firstPoll = polls.get('2025-09-07T22:43:09+08:00')!;
  const lastPoll = polls.get('2025-09-08T00:57:26+08:00')!;
  // Every label drawn is a reading of the poll shown (the declutter may leave some out).
  const drawnFrom = async (poll: Set<string>) => {
    const labels = await windLabels(page);
    return labels.length > 3 && labels.every((label) => poll.has(label));
  };
  await expect.poll(() => drawnFrom(firstPoll), { timeout: 30_000 }).toBe(true);

  const slider = player.getByRole('slider', { name: 'Time' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(time).toHaveText(/8 Sept? 2025.*00:57 HKT/);
  await expect.poll(() => drawnFrom(lastPoll), { timeout: 20_000 }).toBe(true);
  expect((await windLabels(page)).some((label) => !firstPoll.has(label))).toBe(true);

  // Page Down goes back ten one-minute steps; Home to the first poll, whose readings come back.
  await page.keyboard.press('PageDown');
  await expect(time).toHaveText(/00:47 HKT/);
  await page.keyboard.press('Home');
  await expect(time).toHaveText(/22:43 HKT/);
  await expect.poll(() => drawnFrom(firstPoll), { timeout: 20_000 }).toBe(true);

  // Switched off, the layer closes the player it opened.
  await drawer.getByRole('checkbox', { name: LAYER }).uncheck();
  await expect(player).toBeHidden();
});
