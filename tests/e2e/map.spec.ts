/**
 * The map page on its own (SPEC §1, §9): it draws a real picture from local data only, goes idle when
 * nothing moves, shows true terrain heights, and runs the public `second` variant on 127.0.0.1.
 *
 * The four map tests share one page, in order (a map start on SwiftShader costs ten seconds and more): every
 * request of its start is recorded for the offline test, and only the last test moves the camera.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { APP, captureCanvas, framesRendered, openMap, shareOnePage, skipLanding, waitForRedraw, waitForSettled } from './fixtures';
import { pixelStats, type PixelStats } from './pixels';

/** A map picture has land, sea and relief shading: far more than a flat or black canvas. */
const MIN_CHANNEL_STD_DEV = 12;
const MIN_DISTINCT_COLOURS = 1000;

function expectAPicture(stats: PixelStats): void {
  for (const deviation of stats.stdDev) expect(deviation, `per-channel std dev ${stats.stdDev.map((d) => d.toFixed(1)).join('/')}`).toBeGreaterThan(MIN_CHANNEL_STD_DEV);
  expect(stats.distinctColours, 'distinct colours').toBeGreaterThan(MIN_DISTINCT_COLOURS);
}

function flatPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let offset = 0; offset < png.data.length; offset += 4) {
    png.data.set([...rgb, 255], offset);
  }
  return PNG.sync.write(png);
}

test('the picture check rejects a black or single-colour canvas', () => {
  for (const rgb of [[0, 0, 0], [170, 211, 223]] as [number, number, number][]) {
    expect(() => expectAPicture(pixelStats(flatPng(64, 48, rgb)))).toThrow();
  }
});

test.describe('one map page', () => {
  let page: Page;
  /** Every request the page made, from its start. */
  const requests: string[] = [];
  shareOnePage((started) => (page = started), async (page) => {
    page.on('request', (request) => requests.push(request.url()));
    // Workers (Cesium decodes in web workers) report through the context as well.
    page.context().on('request', (request) => requests.push(request.url()));
    await openMap(page);
  });

  test('the map loads offline and draws a picture; no request leaves the loopback address', async () => {
    expect(await page.evaluate(() => window.__hkmap!.terrain())).toBe('terrain');

    const stats = pixelStats(await captureCanvas(page));
    test.info().annotations.push({ type: 'canvas', description: JSON.stringify(stats) });
    expect(stats.width).toBeGreaterThan(100);
    expectAPicture(stats);

    const network = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(network.length, 'requests recorded').toBeGreaterThan(10);
    expect(network.some((url) => url.includes('/mapviewer/api/')), 'terrain or data came from the local API').toBe(true);
    const leaving = [...new Set(network.filter((url) => new URL(url).hostname !== '127.0.0.1'))];
    expect(leaving, 'requests to hosts other than 127.0.0.1').toEqual([]);
  });

  test('at 800x600 no map tool bar covers another: every button takes its own click', async () => {
    // Once the tiles are in (the shared page waited for them): the loading overlay lies over the whole map until then.
    const buttons = page.getByRole('toolbar', { name: /^Map (navigation|tools)$/ }).getByRole('button');
    await expect(page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: '3D spatial data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zoom out' })).toBeVisible();
    const covered = await buttons.evaluateAll((elements) =>
      elements
        .filter((button) => {
          const box = button.getBoundingClientRect();
          return !button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        })
        .map((button) => button.getAttribute('aria-label')),
    );
    expect(covered, 'buttons under another element').toEqual([]);
  });

  test('an idle map renders (almost) no frames', async () => {
    // The labels shown at start arrive after the tiles; idleness is measured once they are drawn.
    await waitForSettled(page);
    const before = await framesRendered(page);
    expect(before).toBeGreaterThan(0);
    // Measures idleness over 2 s of wall time: this wait is the measurement, not a synchronisation.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    const after = await framesRendered(page);
    expect(after - before, `frames rendered while idle (${before} → ${after})`).toBeLessThanOrEqual(2);
  });

  test('Tai Mo Shan stands between 900 m and 1000 m', async () => {
    // The start view loads coarse tiles only; look at the peak from nearby so the detailed tiles load.
    const before = await framesRendered(page);
    await page.evaluate(() => window.__hkmap!.setView({ longitude: 114.1244, latitude: 22.38, heightMeters: 4000, pitchDegrees: -45 }));
    await waitForRedraw(page, before);
    const height = await page.evaluate(() => window.__hkmap!.heightAt(114.1244, 22.4107));
    expect(height).not.toBeNull();
    expect(height!).toBeGreaterThan(900);
    expect(height!).toBeLessThan(1000);
    const sampled = await page.evaluate(() => window.__hkmap!.sampleHeight(114.1244, 22.4107));
    expect(sampled!).toBeGreaterThan(900);
    expect(sampled!).toBeLessThan(1000);
  });
});

test('127.0.0.1 without a variant path segment runs the public "second" variant', async ({ page }) => {
  // selectVariant: 127.0.0.1 is a dev host, but dev-only variants need their own path segment.
  await skipLanding(page);
  await page.goto(`${APP}/catalogue`);
  await expect(page.locator('html')).toHaveAttribute('data-variant', 'second');
});
