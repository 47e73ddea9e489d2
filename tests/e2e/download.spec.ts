/**
 * The tile-grid download (issue 5 point 3): clicking seven grid cells on the sheet map keeps six and says
 * 'Up to 6 grid(s) can be selected'; Download asks for the terms first: "Not accept" requests nothing,
 * "Accept" downloads one file per selected sheet.
 */
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
