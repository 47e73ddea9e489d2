/**
 * The map style drawer (SPEC §1) on the second variant: styles change the base map, the sliders change it live,
 * reset brings the default back. Slow-client light mode is tested in light-mode.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { captureCanvas, framesRendered, openMap, waitForRedraw } from './fixtures';
import { differingBlockShare, differingPixels } from './pixels';

/** Mean luminance (0..255) and mean chroma (max - min channel, 0 for a grey pixel) of a PNG. */
function tone(png: Buffer): { luminance: number; chroma: number } {
  const { data } = PNG.sync.read(png);
  let luminance = 0;
  let chroma = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const [r, g, b] = [data[offset], data[offset + 1], data[offset + 2]];
    luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    chroma += Math.max(r, g, b) - Math.min(r, g, b);
  }
  const pixels = data.length / 4;
  return { luminance: luminance / pixels, chroma: chroma / pixels };
}

function pixelCount(png: Buffer): number {
  const { width, height } = PNG.sync.read(png);
  return width * height;
}

/** Does `change` and waits until the map has drawn it with every tile loaded. */
async function redrawn(page: Page, change: () => Promise<void>): Promise<Buffer> {
  const before = await framesRendered(page);
  await change();
  await waitForRedraw(page, before);
  return captureCanvas(page);
}

test('the map style drawer switches styles, applies the sliders live and resets to the defaults', async ({ page }) => {
  await openMap(page);
  const original = await captureCanvas(page);
  const originalTone = tone(original);

  await page.locator('[data-drawer="map-style"]').click();
  const drawer = page.getByRole('complementary', { name: 'Map style' });
  const styles = drawer.getByRole('group', { name: 'Style' });
  await expect(styles.getByRole('radio')).toHaveCount(5);
  await expect(styles.getByRole('radio', { name: 'Default (shaded relief)' })).toBeChecked();
  // No orthophoto tiles are installed on the test server: offered, but disabled with the reason.
  await expect(styles.getByRole('radio', { name: /Orthophoto/ })).toBeDisabled();
  await expect(drawer.getByText('Not available offline: its tiles are not installed on this server')).toBeVisible();
  for (const [name, value] of [['Brightness', '1'], ['Contrast', '1'], ['Hue', '0'], ['Saturation', '1']]) {
    await expect(drawer.getByRole('slider', { name })).toHaveValue(value);
  }

  const dark = await redrawn(page, () => styles.getByRole('radio', { name: 'Dark' }).check());
  expect(tone(dark).luminance, 'dark is darker on average').toBeLessThan(originalTone.luminance * 0.6);

  const grey = await redrawn(page, () => styles.getByRole('radio', { name: 'Grey' }).check());
  const greyTone = tone(grey);
  expect(originalTone.chroma, 'the default style is coloured').toBeGreaterThan(20);
  expect(greyTone.chroma, 'grey pixels are near-grey').toBeLessThan(6);

  const brighter = await redrawn(page, () => drawer.getByRole('slider', { name: 'Brightness' }).fill('1.5'));
  expect(tone(brighter).luminance, 'brightness 1.5 brightens the map').toBeGreaterThan(greyTone.luminance + 15);
  expect(differingPixels(grey, brighter)).toBeGreaterThan(pixelCount(grey) * 0.3);

  const reset = await redrawn(page, () => drawer.getByRole('button', { name: 'Reset' }).click());
  await expect(styles.getByRole('radio', { name: 'Default (shaded relief)' })).toBeChecked();
  await expect(drawer.getByRole('slider', { name: 'Brightness' })).toHaveValue('1');
  // The default style's animated water (its waves follow the frame number) differs between any two pictures, so
  // "the same picture" is judged by mean colour over 8-pixel blocks and the whole picture's tone.
  const resetTone = tone(reset);
  expect(differingBlockShare(original, reset), 'back to the default picture').toBeLessThan(0.05);
  expect(Math.abs(resetTone.luminance - originalTone.luminance), 'back to the default brightness').toBeLessThan(1);
  expect(Math.abs(resetTone.chroma - originalTone.chroma), 'back to the default colours').toBeLessThan(1);
});
