/**
 * The tile-grid download (issue 5 point 3): clicking seven grid cells on the sheet map keeps six and says
 * 'Up to 6 grid(s) can be selected'; Download asks for the terms first: "Not accept" requests nothing,
 * "Accept" downloads one file per selected sheet.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { APP, skipLanding } from './fixtures';

const DOWNLOAD_PAGE = `${APP}/download/3d-visualisation-map-non-textured`;

test.beforeEach(async ({ page }) => {
  await skipLanding(page);
});

/** Screen centres of the grid cells drawn well inside the map (away from its zoom buttons and credit line). */
async function cellCentres(page: Page): Promise<Array<{ id: string; x: number; y: number }>> {
  const map = page.getByRole('application', { name: 'Map of the 1:1000 map sheets' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('path[data-sheet]').first()).toBeAttached();
  const box = (await map.boundingBox())!;
  return map.locator('path[data-sheet]').evaluateAll(
    (paths, area) =>
      paths
        .map((path) => {
          const rect = path.getBoundingClientRect();
          return { id: path.getAttribute('data-sheet')!, x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
        })
        .filter(({ x, y }) => x > area.x + 20 && x < area.x + area.width - 80 && y > area.y + 20 && y < area.y + area.height - 30),
    box,
  );
}

test('a seventh grid cell is refused with the spec message and six stay selected', async ({ page }) => {
  await page.goto(DOWNLOAD_PAGE);
  const cells = await cellCentres(page);
  expect(cells.length).toBeGreaterThanOrEqual(7);
  for (const cell of cells.slice(0, 6)) {
    await page.mouse.click(cell.x, cell.y);
    await expect(page.getByTestId('grid-announcement')).toHaveText(`Sheet ${cell.id} selected`);
  }
  await page.mouse.click(cells[6].x, cells[6].y);
  await expect(page.getByTestId('grid-announcement')).toHaveText('Up to 6 grid(s) can be selected');
  await expect(page.getByRole('heading', { name: 'Selected sheets (6/6)' })).toBeVisible();
  await expect(page.locator('path.grid-map__sheet--selected')).toHaveCount(6);
  const selected = new URL(page.url()).searchParams.get('sheets')?.split(',');
  expect(selected).toEqual(cells.slice(0, 6).map((cell) => cell.id));

  // A second click on a selected cell deselects it.
  await page.mouse.click(cells[0].x, cells[0].y);
  await expect(page.getByRole('heading', { name: 'Selected sheets (5/6)' })).toBeVisible();
});

test('a sheet number typed in is checked against the grid', async ({ page }) => {
  await page.goto(`${DOWNLOAD_PAGE}?sheets=11-SW-4D,99-ZZ-1A`);
  await expect(page.getByText('Data grid does not exists. Removed from the selection: 99-ZZ-1A')).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('sheets')).toBe('11-SW-4D');
  const field = page.getByLabel('Sheet number');
  await field.fill('11-XX-4D');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is not a map sheet number' })).toBeVisible();
  await field.fill('t11-sw-9a');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Selected sheets (2/6)' })).toBeVisible();
});

test('the terms dialog gates the download: not accept requests nothing, accept downloads each sheet', async ({ page }) => {
  // A file the browser downloads (Content-Disposition: attachment) is reported as a download, not as a request.
  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(new URL(download.url()).pathname));

  await page.goto(`${DOWNLOAD_PAGE}?sheets=11-SW-4D,11-SW-9A`);
  // The server produces a sheet's files on its first request: that can take a while.
  const obj = page.getByRole('radio', { name: 'OBJ' });
  await expect(obj).toBeEnabled({ timeout: 80_000 });
  await obj.check();
  await expect(page.getByText(/allow pop-ups/)).toBeVisible();
  const download = page.getByRole('button', { name: 'Download 2 files' });

  await download.click();
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions of Use' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Not accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Download cancelled/)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(downloads).toEqual([]);

  await download.click();
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect.poll(() => downloads.slice().sort(), { timeout: 30_000 }).toEqual([
    '/mapviewer/api/download/files/non-textured/OBJ/11-SW-4D.zip',
    '/mapviewer/api/download/files/non-textured/OBJ/11-SW-9A.zip',
  ]);
  await expect(page.getByText('Downloading 2 files…')).toBeVisible();
});

/**
 * Issue 12 point 16, at the sizes the issue names (English on a desktop, Traditional Chinese on a phone: the page
 * stacks the map over the list on a phone, so each layout is covered once): sheets typed in far from where the map
 * opens bring the map to them (their cells lie inside the map, around its centre), and Clear after a started
 * download removes the "Downloading N files…" line.
 */
for (const { language, viewport } of [
  { language: 'en-US', viewport: { width: 1280, height: 800 } },
  { language: 'zh-HK', viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`${language} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    test('chosen sheets centre the map, and Clear ends the download status', async ({ page }) => {
      const messages = JSON.parse(readFileSync(`locales/${language}/download.json`, 'utf8')) as Record<string, string>;
      // Sha Tin (CUHK), far from the harbour where the map opens; both must be sheets of the grid.
      const chosen = ['7-NE-22A', '7-NE-22C'];
      const grid = (await (await page.request.get('/mapviewer/api/download/grid')).json()) as { sheets: Array<{ id: string }> };
      for (const id of chosen) expect(grid.sheets.some((sheet) => sheet.id === id), id).toBe(true);

      await page.goto(`${DOWNLOAD_PAGE}${language === 'en-US' ? '' : `?l=${language}`}`);
      const map = page.getByRole('application', { name: messages['download.map.label'] });
      await expect(map).toBeVisible();
      // Neither is drawn where the map opens (once the first is added the map moves, and its neighbour comes into view).
      await expect(map.locator('path[data-sheet]').first()).toBeAttached();
      for (const id of chosen) await expect(map.locator(`path[data-sheet="${id}"]`)).toHaveCount(0);
      for (const id of chosen) {
        await page.getByLabel(messages['download.input.label']).fill(id);
        await page.getByRole('button', { name: messages['download.input.add'], exact: true }).click();
      }
      // Every chosen cell inside the map, and the group around its centre.
      await map.scrollIntoViewIfNeeded();
      await expect(map.locator('path.grid-map__sheet--selected')).toHaveCount(chosen.length);
      const area = (await map.boundingBox())!;
      const boxes = await Promise.all(chosen.map(async (id) => (await map.locator(`path[data-sheet="${id}"].grid-map__sheet--selected`).boundingBox())!));
      for (const box of boxes) {
        expect(box.x).toBeGreaterThanOrEqual(area.x);
        expect(box.y).toBeGreaterThanOrEqual(area.y);
        expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
        expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height);
      }
      const left = Math.min(...boxes.map((box) => box.x));
      const right = Math.max(...boxes.map((box) => box.x + box.width));
      const top = Math.min(...boxes.map((box) => box.y));
      const bottom = Math.max(...boxes.map((box) => box.y + box.height));
      expect(Math.abs((left + right) / 2 - (area.x + area.width / 2))).toBeLessThan(area.width * 0.1);
      expect(Math.abs((top + bottom) / 2 - (area.y + area.height / 2))).toBeLessThan(area.height * 0.1);

      // Start a download, then Clear: the status line goes with the selection.
      const obj = page.getByRole('radio', { name: 'OBJ' });
      await expect(obj).toBeEnabled({ timeout: 80_000 });
      await obj.check();
      await page.getByRole('button', { name: new RegExp(`^${messages['download.button'].split('{')[0].trim()}`) }).click();
      await page.getByRole('dialog').getByRole('button', { name: messages['download.terms.accept'], exact: true }).click();
      const status = language === 'en-US' ? 'Downloading 2 files…' : messages['download.started'].replace('{count}', '2');
      await expect(page.getByText(status)).toBeVisible();
      await page.getByRole('button', { name: messages['download.selected.clear'], exact: true }).click();
      await expect(page.getByText(status)).toHaveCount(0);
    });
  });
}
