/**
 * Slow-client light mode (SPEC §1 second variant, §4 "slow-client warnings off" at start): light mode comes on by
 * itself only when the client is slow, and then a notice says why and offers to turn it off.
 *
 * The browser tests run on SwiftShader, a software renderer, which is itself one of the reasons: so a plain test
 * page starts light, deterministically, with the software-renderer notice. A fast client is simulated by a
 * browser that reports a graphics card as its WebGL renderer; its slowness is then real (CPU throttling).
 */
import { expect, test, type Page } from '@playwright/test';
import { APP, openMap, skipLanding, waitForTiles } from './fixtures';


/**
 * Expects the light-mode tool pressed or not. On a phone the tools bar has room for a few tools and the rest wait in
 * its "More tools" menu (app/components/ToolBar.tsx), so it is read there, as a user would, and the menu closed again.
 */
async function expectLightModeTool(page: Page, pressed: boolean): Promise<void> {
  const tool = page.locator('[data-tool="light-mode"]');
  const more = page.locator('.tool-bar__more > .header-menu__button');
  const inMenu = (await tool.count()) === 0 && (await more.count()) > 0;
  if (inMenu) await more.click();
  await expect(tool).toHaveAttribute('aria-pressed', String(pressed));
  if (inMenu) await more.click();
}

test('on a software renderer the map starts light and says why; Turn off light mode works by keyboard and is kept (1280x800, en-US)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openMap(page);
  const notice = page.getByTestId('slow-client-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-reason', 'software-renderer');
  await expect(notice).toContainText('This browser draws the map in software (SwiftShader), without a graphics card, so light mode was switched on');
  await expect(notice).toContainText('at any time with the Light mode tool');
  expect(await page.evaluate(() => window.__hkmap!.isLite())).toBe(true);
  const lightModeTool = page.locator('[data-tool="light-mode"]');
  await expect(lightModeTool).toHaveAttribute('aria-pressed', 'true');

  await notice.getByRole('button', { name: 'Turn off light mode' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.__hkmap!.isLite())).toBe(false);
  await expect(lightModeTool).toHaveAttribute('aria-pressed', 'false');

  // The user's choice holds for the session: a reload starts with full rendering and says nothing.
  await page.reload();
  // Full rendering on SwiftShader is slow to finish a picture: the test waits for the map, not for every tile.
  await page.waitForFunction(() => window.__hkmap?.isLite() === false, undefined, { timeout: 60_000 });
  await expect(lightModeTool).toHaveAttribute('aria-pressed', 'false');
  await expect(notice).toBeHidden();
});

test('a fast client starts with full rendering; measured slow frames switch light mode on and say so in zh-HK (390x844)', async ({ page, context }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await skipLanding(page);
  // A browser that reports a graphics card (WEBGL_debug_renderer_info's UNMASKED_RENDERER_WEBGL is 0x9246).
  await page.addInitScript(() => {
    for (const prototype of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      const getParameter = prototype.getParameter;
      prototype.getParameter = function (this: WebGLRenderingContext, name: number) {
        return name === 0x9246 ? 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)' : getParameter.call(this, name);
      } as typeof prototype.getParameter;
    }
  });
  // 3 slow frames instead of 20, so the test needs only a few of the really slow frames the throttling produces.
  await page.goto(`${APP}/map?l=zh-HK&slowFrameCount=3`);
  // Frames count only from the first complete picture on, so the start is the decision rule's alone.
  await page.waitForFunction(() => window.__hkmap !== undefined);
  expect(await page.evaluate(() => window.__hkmap!.isLite())).toBe(false);
  await expectLightModeTool(page, false);
  const notice = page.getByTestId('slow-client-notice');
  await expect(notice).toBeHidden();
  await waitForTiles(page, 180_000);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  // Keep the camera moving from inside the page, so frames are asked for continuously.
  await page.evaluate(() => {
    let step = 0;
    const mover = window.setInterval(() => {
      step += 1;
      window.__hkmap!.setView({ longitude: 114.1 + (step % 40) * 0.002, latitude: 22.3, heightMeters: 20_000, pitchDegrees: -40 });
    }, 16);
    (window as Window & { stopMoving?: () => void }).stopMoving = () => window.clearInterval(mover);
  });
  await expect(notice).toBeVisible({ timeout: 120_000 });
  await page.evaluate(() => (window as Window & { stopMoving?: () => void }).stopMoving?.());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  await expect(notice).toHaveAttribute('data-reason', 'measured');
  await expect(notice).toContainText(/地圖每秒只能繪畫 \d+ 格畫面，因此已開啟輕量模式/);
  expect(await page.evaluate(() => window.__hkmap!.isLite())).toBe(true);
  await expectLightModeTool(page, true);

  await notice.getByRole('button', { name: '關閉輕量模式' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.__hkmap!.isLite())).toBe(false);
  await expectLightModeTool(page, false);
});
