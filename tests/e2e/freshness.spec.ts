/**
 * Issue 12 point 9: the test server serves the offline snapshot (SOURCES unset), whose newest temperature reading
 * was observed on 21 Apr 2024 at 10:40 Hong Kong time. The realtime panel, the legend and the layer row must say
 * so ("Snapshot of 21 Apr 2024 10:40 — live data off") rather than present 2024 readings as live, in en-US and,
 * after a language switch on the same page, in zh-HK.
 */
import { expect, test } from '@playwright/test';
import { API, openMap } from './fixtures';

const WORDING = {
  'en-US': { text: 'Snapshot of 21 Apr 2024 10:40 — live data off', layers: 'Layers', functions: 'Functions', temperature: 'Temperature' },
  'zh-HK': { text: '2024年4月21日 10:40 的數據快照 — 即時數據已關閉', layers: '圖層', functions: '功能', temperature: '氣溫' },
} as const;

test('snapshot data say so in the realtime panel, the legend and the layer row, in en-US and zh-HK', async ({ page }) => {
  // The service marks the answer as the snapshot and gives its observation time (core/contracts/realtime.ts).
  const feed = await (await page.request.get(`${API}/realtime/temperature`)).json();
  expect(feed.source).toMatchObject({ snapshot: true, observedAt: '2024-04-21T02:40:00.000Z' });

  await openMap(page, '?layers=temperature');
  for (const language of ['en-US', 'zh-HK'] as const) {
    const words = WORDING[language];
    if (language !== 'en-US') {
      await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    }
    const panel = page.locator('.realtime-panel[data-overlay="temperature"]');
    await expect(panel).toContainText(words.text);
    // A snapshot has no "next update" countdown and no "Last data" line.
    await expect(panel.getByRole('timer')).toHaveCount(0);
    await expect(page.locator('.overlay-legend[data-overlay="temperature"]')).toContainText(words.text);

    await page.getByRole('navigation', { name: words.functions }).getByRole('button', { name: words.layers, exact: true }).click();
    const drawer = page.getByRole('complementary', { name: words.layers });
    const row = drawer.locator('.layers-drawer__row').filter({ has: page.locator('[data-overlay="temperature"]') });
    await expect(row).toContainText(words.text);
    await expect(drawer.getByRole('checkbox', { name: new RegExp(`^${words.temperature}`) })).toHaveAccessibleDescription(new RegExp(words.text));
    // Close the drawer again (its button toggles it) so the next language starts from the same page.
    await page.getByRole('navigation', { name: words.functions }).getByRole('button', { name: words.layers, exact: true }).click();
    await expect(drawer).toBeHidden();
  }
  // The page never names the server setting.
  await expect(page.locator('body')).not.toContainText('SOURCES');
});
