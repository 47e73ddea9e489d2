/**
 * The map page's layout (issue 12, points 1, 5 and 10): at 1280x800, 1000x700 and a 390x844 phone, in en-US and
 * zh-HK, with the layers drawer open, a layer with a legend and a real-time panel on, the search results listed
 * and a station's popup open, no visible map panel (drawer bar, drawer, search box and results, notices, legends,
 * real-time panels, navigation and tool bars, popup, credit line) overlaps another, each lies inside the map, and
 * a click on the search box reaches it. The header's items overlap nowhere from 390 to 1440 px. The tool buttons
 * name themselves in a tooltip on hover and keyboard focus (Escape hides it), the drawer shows its title, the
 * labels setting survives a reload, and <html> carries data-variant. Screenshots (test output folder):
 * layout-<size>-en-US.png with the search results listed, layout-<size>-zh-HK.png with the popup open.
 * The two desktop sizes are one page, resized from 1280x800 to 1000x700 (each map start on SwiftShader costs ten
 * seconds and more); the phone is a page of its own (a touch device).
 *
 * Issue 14's tools: in the full variant at 1280x800, 800x600 and 390x844 (one page, resized) the page never
 * scrolls, the panels (slow-client notice and share panel included) do not overlap, the panel column keeps its
 * width, and every tool is in the tools bar or its "More tools" menu, which works from the keyboard and counts the
 * tools in it that are on (en-US and zh-HK). Screenshots: layout-full-<size>.png.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API, APP, openMap, skipLanding, waitForTiles } from './fixtures';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The visible boxes of the map's panels: each element's bounding box cut to the boxes of its scrolling or clipping
 * ancestors (a legend scrolled out of its corner is not on screen); hidden and empty ones are left out.
 */
async function panelBoxes(page: Page): Promise<{ boxes: Box[]; map: Box }> {
  return page.evaluate(() => {
    const selectors: Record<string, string> = {
      'drawer bar': '.drawer-bar',
      'tool bar': '.tool-bar',
      drawer: '.drawer-panel',
      search: '.location-search',
      'map panel': '.map-panel',
      notice: '.notices--map > .notice',
      'map notice': '.slot--map-overlay > *',
      'real-time panel': '.realtime-panel',
      legend: '.overlay-legend',
      'legend button': '.overlay-legend-reopen__button',
      popup: '.overlay-popup',
      'credit line': '.cesium-viewer-bottom',
    };
    const visibleRect = (element: Element): DOMRect | null => {
      let rect = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        const left = Math.max(rect.left, clip.left);
        const top = Math.max(rect.top, clip.top);
        const right = Math.min(rect.right, clip.right);
        const bottom = Math.min(rect.bottom, clip.bottom);
        if (right <= left || bottom <= top) return null;
        rect = new DOMRect(left, top, right - left, bottom - top);
      }
      return rect;
    };
    const boxes: Array<{ name: string; x: number; y: number; width: number; height: number }> = [];
    for (const [name, selector] of Object.entries(selectors)) {
      document.querySelectorAll(selector).forEach((element, index) => {
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden') return;
        const rect = visibleRect(element);
        if (!rect || rect.width < 1 || rect.height < 1) return;
        const label = (element.getAttribute('aria-label') ?? element.getAttribute('data-overlay') ?? String(index)).slice(0, 30);
        boxes.push({ name: `${name} ${label}`, x: rect.x, y: rect.y, width: rect.width, height: rect.height });
      });
    }
    const map = document.querySelector('.map-page')!.getBoundingClientRect();
    return { boxes, map: { name: 'map', x: map.x, y: map.y, width: map.width, height: map.height } };
  });
}

/** Pairs of boxes sharing more than half a pixel each way (borders that touch are fine). */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > 0.5 && down > 0.5) found.push(`${a.name} × ${b.name} (${Math.round(across)}×${Math.round(down)} px)`);
    }
  }
  return found;
}

function outside(boxes: Box[], map: Box): string[] {
  return boxes
    .filter((box) => box.x < map.x - 0.5 || box.y < map.y - 0.5 || box.x + box.width > map.x + map.width + 0.5 || box.y + box.height > map.y + map.height + 0.5)
    .map((box) => box.name);
}

/** Panels that must be on screen for the measure to be worth something. */
const EXPECTED = ['drawer', 'search', 'real-time', 'legend', 'popup', 'credit', 'tool'];

async function expectNoCollision(page: Page, what: string, expected = EXPECTED): Promise<void> {
  const { boxes, map } = await panelBoxes(page);
  const names = boxes.map((box) => box.name.split(' ')[0]);
  for (const panel of expected) {
    expect(names, `${what}: a ${panel} box is measured`).toContain(panel);
  }
  expect(overlaps(boxes), `${what}: overlapping panels`).toEqual([]);
  expect(outside(boxes, map), `${what}: panels reaching out of the map`).toEqual([]);
  // A click on the search box reaches it (the drawer once covered it and took the clicks).
  const input = page.locator('.location-search__input');
  const box = (await input.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.location-search__input') !== null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit, `${what}: the search box takes the click`).toBe(true);
}

interface Size {
  width: number;
  height: number;
}

/**
 * A page at `first` with the layers drawer open, the humidity layer on (its legend and real-time panel showing)
 * and, where SwiftShader's light-mode notice shows, that notice measured at every size of `sizes` before it is
 * answered; then the station's popup opened at the canvas centre, looked at from straight above.
 */
async function openLayoutPage(browser: Browser, baseURL: string | undefined, first: Size, sizes: Size[]): Promise<{ context: BrowserContext; page: Page }> {
  const phone = first.width < 600;
  const context = await browser.newContext({ baseURL, viewport: first, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  // A humidity station, looked at from straight above so its marker is at the canvas centre.
  const feed = (await (await page.request.get(`${API}/realtime/humidity?timestamp=${Date.now()}`)).json()) as {
    features: Array<{ geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }>;
  };
  const station = feed.features[0];
  const [longitude, latitude] = station.geometry.coordinates;
  await openMap(page, '?l=en-US');
  await page.evaluate((view) => window.__hkmap!.setView(view), { longitude, latitude, heightMeters: 2500, pitchDegrees: -90 });
  // SwiftShader on a busy machine can take over a minute for a 1280x800 view's tiles.
  await waitForTiles(page, 120_000);

  const drawerButton = page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' });
  await drawerButton.click();
  const drawer = page.getByRole('complementary', { name: 'Layers' });
  const humidity = drawer.getByRole('checkbox', { name: /^Relative humidity/ });
  await humidity.check();
  await expect(humidity).toHaveAccessibleName('Relative humidity', { timeout: 30_000 });
  await expect(page.locator('.realtime-panel')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map legends' }).getByRole('region', { name: 'Relative humidity (%)' })).toBeVisible();

  // A notice about the map (the light mode SwiftShader gets) takes its own place too; answered, it goes.
  const keepLight = page.getByRole('button', { name: 'Keep light mode' });
  if (await keepLight.isVisible()) {
    for (const size of sizes) {
      await resizeTo(page, size);
      await expect(async () => {
        await expectNoCollision(page, `${size.width}x${size.height} en-US, light-mode notice`, EXPECTED.filter((name) => name !== 'popup'));
      }).toPass({ timeout: 5_000 });
    }
    await resizeTo(page, first);
    await keepLight.click();
  }

  // The popup opens on the station at the canvas centre; on a phone the drawer lies there, so it is shut for the
  // click and opened again after (the popup then keeps to the map's free area, off the drawer).
  await drawer.getByRole('button', { name: 'Close Layers' }).click();
  const canvas = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
  const popup = page.locator('.overlay-popup');
  await expect(async () => {
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await expect(popup).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await drawerButton.click();
  await expect(drawer).toBeVisible();
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + 2);
  return { context, page };
}

/** Resizes the window (a no-op at the size it has) and waits for the map's tiles at the new size. */
async function resizeTo(page: Page, size: Size): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return;
  await page.setViewportSize(size);
  await waitForTiles(page, 120_000);
}

/** With the drawer, legend, real-time panel and popup showing: nothing overlaps, nor with search results listed. */
async function expectPanelsApart(page: Page, size: Size, language: 'en-US' | 'zh-HK'): Promise<void> {
  const name = `${size.width}x${size.height}`;
  if (language === 'zh-HK') {
    // The popup keeps its place a frame or two after a resize, so the check waits for the layout to settle.
    await expect(async () => {
      await expectNoCollision(page, `${name} zh-HK`);
    }).toPass({ timeout: 5_000 });
    await page.screenshot({ path: test.info().outputPath(`layout-${name}-zh-HK.png`) });
    return;
  }
  await expect(async () => {
    await expectNoCollision(page, `${name} en-US`);
  }).toPass({ timeout: 5_000 });

  // A listed search result takes room from the free area; where too little is left the popup waits hidden
  // (OverlayPopup), never over the list.
  const search = page.locator('.location-search__input');
  await search.fill('Central');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 45_000 });
  // The popup gives way a frame or two after the list appears (it measures the free area when the list has
  // laid out), so the check waits for the layout to settle instead of judging the frame in between.
  await expect(async () => {
    await expectNoCollision(page, `${name} en-US, search results`, EXPECTED.filter((panel) => panel !== 'popup'));
  }).toPass({ timeout: 5_000 });
  await page.screenshot({ path: test.info().outputPath(`layout-${name}-en-US.png`) });
  await search.fill('');
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function switchLanguage(page: Page, language: 'en-US' | 'zh-HK'): Promise<void> {
  await page.locator('.language-switcher select').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('complementary', { name: language === 'zh-HK' ? '圖層' : 'Layers' })).toBeVisible();
}

const DESKTOP = { width: 1280, height: 800 };
const SMALL_DESKTOP = { width: 1000, height: 700 };
const PHONE = { width: 390, height: 844 };

// The two desktop sizes on one page, resized (a map start on SwiftShader costs ten seconds and more): each size is
// measured in both languages with the same panels showing. The phone gets its own page (a touch device).
test('map panels do not cover one another at 1280x800 and at 1000x700 (one page, resized), en-US and zh-HK', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { context, page } = await openLayoutPage(browser, baseURL, DESKTOP, [DESKTOP, SMALL_DESKTOP]);
  try {
    await expectPanelsApart(page, DESKTOP, 'en-US');
    await switchLanguage(page, 'zh-HK');
    await expectPanelsApart(page, DESKTOP, 'zh-HK');
    await resizeTo(page, SMALL_DESKTOP);
    await expectPanelsApart(page, SMALL_DESKTOP, 'zh-HK');
    await switchLanguage(page, 'en-US');
    await expectPanelsApart(page, SMALL_DESKTOP, 'en-US');
  } finally {
    await context.close();
  }
});

test(`map panels do not cover one another at ${PHONE.width}x${PHONE.height}, en-US and zh-HK`, async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { context, page } = await openLayoutPage(browser, baseURL, PHONE, [PHONE]);
  try {
    await expectPanelsApart(page, PHONE, 'en-US');
    await switchLanguage(page, 'zh-HK');
    await expectPanelsApart(page, PHONE, 'zh-HK');
  } finally {
    await context.close();
  }
});

/** 390 to 1440 px every 25 px, and every 10 px from 1150 to 1300, where the links last fit beside the tools. */
const WIDTHS = [...new Set([...Array.from({ length: 43 }, (_, i) => 390 + 25 * i), ...Array.from({ length: 16 }, (_, i) => 1150 + 10 * i)])].sort((a, b) => a - b);

test('header items never overlap from 390 to 1440 px; the phone header stays one compact row', async ({ page }) => {
  test.setTimeout(150_000);
  for (const language of ['en-US', 'zh-HK']) {
    await page.setViewportSize({ width: 1440, height: 700 });
    await page.goto(`${APP}/api?l=${language}`);
    await expect(page.locator('.site-header')).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 700 });
      const items = await page.evaluate(
        () =>
          new Promise<{ boxes: Box[]; header: Box }>((resolve) => {
            // Two frames: the resize observer's measure, then the stacked layout it chose.
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const header = document.querySelector('.site-header')!;
                const all = [
                  ...header.querySelectorAll('.brand, .site-nav li, .site-header__tools > *:not(.slot), .site-header__tools > .slot > *'),
                ];
                const boxes = all
                  .filter((element) => getComputedStyle(element).display !== 'none' && element.getBoundingClientRect().width > 0)
                  .map((element) => {
                    const rect = element.getBoundingClientRect();
                    return { name: (element.textContent ?? element.className).trim().slice(0, 24), x: rect.x, y: rect.y, width: rect.width, height: rect.height };
                  });
                const rect = header.getBoundingClientRect();
                resolve({ boxes, header: { name: 'header', x: rect.x, y: rect.y, width: rect.width, height: rect.height } });
              }),
            );
          }),
      );
      expect(overlaps(items.boxes), `${language} at ${width} px`).toEqual([]);
      // Every item is inside the window (nav links in a row that scrolls sideways are measured in it, not cut).
      const cut = items.boxes.filter((box) => box.x < -0.5 || box.x + box.width > width + 0.5).map((box) => box.name);
      expect(cut, `${language} at ${width} px: items past the window's edge`).toEqual([]);
      if (width === 390) expect(items.header.height, `${language}: phone header height`).toBeLessThanOrEqual(64);
    }
  }
});

test('tool buttons name themselves in a tooltip, drawers show their title, the labels setting is kept; <html> has the variant', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await skipLanding(page);
  await page.goto(`${APP}/map?l=en-US`);
  await expect(page.locator('html')).toHaveAttribute('data-variant', 'second');

  const home = page.getByRole('toolbar', { name: 'Map navigation' }).getByRole('button', { name: 'Home extent' });
  const tooltip = page.getByRole('tooltip');
  await home.hover();
  await expect(tooltip).toHaveText('Home extent');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();

  // Keyboard: Tab from Home reaches North, whose name shows; Escape hides it while the focus stays.
  await page.mouse.move(500, 400);
  await home.focus();
  await page.keyboard.press('Tab');
  const north = page.getByRole('button', { name: 'North' });
  await expect(north).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'North' })).toBeVisible();
  await expect(tooltip).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(north).toBeFocused();

  // The drawer bar's buttons name their drawers the same way, and the open drawer shows its title.
  const layers = page.getByRole('navigation', { name: 'Functions' }).getByRole('button', { name: 'Layers' });
  await layers.hover();
  await expect(tooltip).toHaveText('Layers');
  await layers.click();
  await expect(page.getByRole('complementary', { name: 'Layers' }).getByRole('heading', { name: 'Layers', level: 2 })).toBeVisible();

  // The labels setting: names as text on the bars, kept across a reload.
  const labels = page.getByRole('button', { name: 'Show button names' });
  await expect(labels).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.tool-bar--navigation').getByText('Home extent')).toBeHidden();
  await labels.click();
  await expect(labels).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.tool-bar--navigation').getByText('Home extent')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show button names' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.tool-bar--navigation').getByText('Home extent')).toBeVisible();
  await expect(page.locator('.drawer-bar').getByText('Layers')).toBeVisible();
});

/** Issue 14's tools the full variant carries (full screen and the compass stand in the navigation bar). */
const ISSUE_14_TOOLS = ['measurement', 'first-person', 'vr', 'share-map', 'gps', 'gpx', 'screen-capture', 'tours', 'navigation-help'];

/** The page's scroll size against the window: the map page must never make it scroll. */
async function pageScroll(page: Page): Promise<{ width: number; height: number; windowWidth: number; windowHeight: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        // Two frames: the tool bar's resize observer measures, then lays out what it chose.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const root = document.scrollingElement!;
            resolve({ width: root.scrollWidth, height: root.scrollHeight, windowWidth: window.innerWidth, windowHeight: window.innerHeight });
          }),
        ),
      ),
  );
}

test('full variant: every map tool fits from 1280x800 to a phone, in the bar or its "More tools" menu, and no panel is covered', async ({ page }) => {
  test.setTimeout(150_000);
  await skipLanding(page);
  // Tall enough for one column of every tool: the list to find again at each size.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/mapviewer/app-full/map?l=en-US');
  const toolBar = page.getByRole('toolbar', { name: 'Map tools' });
  // The slow-client notice (SwiftShader) comes once the map draws, the plugins all started; the loading cover
  // goes with the first tiles (it would take the search box's click).
  await expect(page.getByRole('button', { name: 'Keep light mode' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.map-page .loading-overlay')).toHaveCount(0, { timeout: 90_000 });
  await expect(toolBar.getByRole('button', { name: /^More tools/ })).toHaveCount(0);
  const allTools = (await toolBar.locator('[data-tool]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-tool')!))).sort();
  expect(allTools).toEqual(expect.arrayContaining(ISSUE_14_TOOLS));

  // Found by class from here on: its name changes with the count and the language (checked below).
  const more = page.locator('.tool-bar--tools .tool-bar__more > button');
  const menu = page.locator('.tool-bar__menu');
  /** The tools in the bar and, opened from the keyboard, in the menu; each must be the full list. */
  const reachableTools = async (what: string): Promise<{ inBar: string[]; inMenu: string[] }> => {
    const inBar = await page.locator('.tool-bar--tools > [data-tool]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-tool')!));
    let inMenu: string[] = [];
    if ((await more.count()) > 0) {
      await more.focus();
      await page.keyboard.press('ArrowDown');
      await expect(menu).toBeVisible();
      const items = menu.getByRole('button');
      await expect(items.first()).toBeFocused();
      if ((await items.count()) > 1) {
        await page.keyboard.press('ArrowDown');
        await expect(items.nth(1)).toBeFocused();
      }
      inMenu = await menu.locator('[data-tool]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-tool')!));
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
    }
    expect([...inBar, ...inMenu].sort(), `${what}: every tool in the bar or the menu`).toEqual(allTools);
    return { inBar, inMenu };
  };
  const expectFits = async (what: string, expected: string[]) => {
    const scroll = await pageScroll(page);
    expect(scroll.height, `${what}: the page scrolls down`).toBeLessThanOrEqual(scroll.windowHeight);
    expect(scroll.width, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(scroll.windowWidth);
    await expectNoCollision(page, what, expected);
    // The panel column keeps a usable width: the search box and a tool panel side by side with the bars.
    const column = (await page.locator('.map-page__main').boundingBox())!;
    expect(column.width, `${what}: the panel column's width`).toBeGreaterThanOrEqual(Math.min(440, scroll.windowWidth - 140));
  };
  // 'map' stands for the slow-client notice (and the share panel once on), 'tool' for both bars.
  const present = ['tool', 'search', 'credit', 'map'];

  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(size);
    const what = `${size.width}x${size.height} full`;
    await expectFits(what, present);
    await reachableTools(what);
    await page.screenshot({ path: test.info().outputPath(`layout-full-${size.width}x${size.height}.png`) });
  }

  // A phone: one column, the rest in the menu; a tool switched on there is counted on the menu's button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits('390x844 full', present);
  const { inMenu } = await reachableTools('390x844 full');
  expect(inMenu, '390x844: share map is in the menu').toContain('share-map');
  // Light mode (on with SwiftShader) may already be counted.
  const before = Number(/\((\d+) on\)/.exec((await more.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  await more.click();
  await menu.getByRole('button', { name: 'Share map', exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(more).toHaveAccessibleName(`More tools (${before + 1} on)`);
  await expect(more).toHaveClass(/is-active/);
  await expectFits('390x844 full, share panel', present);
  await page.screenshot({ path: test.info().outputPath('layout-full-390x844.png') });

  await page.locator('.language-switcher select').selectOption('zh-HK');
  await expect(page.getByRole('toolbar', { name: '地圖工具' })).toBeVisible();
  await expect(more).toHaveAccessibleName(`更多工具（${before + 1} 項已開啟）`);
  await expectFits('390x844 full zh-HK, share panel', present);

  // Back on a short desktop map the share panel, the notice and the tools bar each keep their place.
  await page.setViewportSize({ width: 800, height: 600 });
  await expectFits('800x600 full zh-HK, share panel', present);
  await reachableTools('800x600 full zh-HK');
  // What shows of the share panel in its scrolling corner.
  const shareShown = await page.evaluate(() => {
    const panel = document.querySelector('.share-map')!.getBoundingClientRect();
    const corner = document.querySelector('.map-page__corner--top-left')!.getBoundingClientRect();
    return Math.min(panel.bottom, corner.bottom) - Math.max(panel.top, corner.top);
  });
  expect(shareShown, '800x600: the share panel is not squeezed to its title by the notice').toBeGreaterThanOrEqual(140);
  await page.screenshot({ path: test.info().outputPath('layout-full-800x600-zh-HK-share.png') });
});
