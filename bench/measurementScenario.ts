/**
 * Issue 14's measurement benchmark scenario for bench/frameTime.ts: the distance tool of the measure panel
 * (plugins/measurement) gets one click per vertex until the panel lists them all — a line of 1,000 vertices by
 * default — over Victoria Harbour, seen straight down from 5 km (the browser test's view).
 *
 * The clicks are pointer events dispatched on the map's canvas from inside the page, one per animation frame, a
 * batch per round trip: each still goes through Cesium's click handler, the core's picking and the plugin (its
 * redraw of the whole line), but no round trip to the browser per click is in the figures.
 */
import type { Page } from '@playwright/test';
import type { FrameTimeScenario } from './frameTime';

/** Vertices of the measured line. */
export const MEASUREMENT_LINE_VERTICES = 1_000;
/** Straight down from 5 km over the harbour. */
const VIEW = { longitude: 114.1603, latitude: 22.2915, heightMeters: 5000, pitchDegrees: -90 };
/** Clicks dispatched per round trip to the page. */
const CLICK_BATCH = 50;
/** Longest wait for the points to be listed: each click costs a picking pass, about half a second on SwiftShader. */
const DRAWING_TIMEOUT_MS = 900_000;

/** Screen points of a zigzag over the right-hand part of the map (clear of the measure panel on the left). */
export function zigzag(count: number, width: number, height: number): Array<{ x: number; y: number }> {
  const columns = 40;
  const left = 400;
  const right = width - 80;
  const top = 110;
  const bottom = height - 110;
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const across = row % 2 === 0 ? column : columns - 1 - column;
    return { x: left + ((right - left) * across) / (columns - 1), y: top + ((bottom - top) * (row % 25)) / 24 };
  });
}

/** The scenario: prepared with the view and the distance tool chosen; timed while the line is drawn click by click. */
export function measurementLineScenario(vertices = MEASUREMENT_LINE_VERTICES): FrameTimeScenario {
  return {
    name: `drawing a ${vertices.toLocaleString('en')}-vertex measurement line (distance tool, one click per vertex)`,
    async prepare(page: Page) {
      await page.evaluate((view) => window.__hkmap!.setView(view), VIEW);
      await page.getByRole('button', { name: 'Measure', exact: true }).click();
      await page.getByRole('button', { name: 'Distance', exact: true }).click();
    },
    async run(page: Page) {
      const box = (await page.locator('.map-view__canvas canvas').first().boundingBox())!;
      const points = zigzag(vertices, box.width, box.height);
      for (let from = 0; from < points.length; from += CLICK_BATCH) {
        await page.evaluate(async (batch) => {
          const canvas = document.querySelector<HTMLCanvasElement>('.map-view__canvas canvas')!;
          const bounds = canvas.getBoundingClientRect();
          for (const point of batch) {
            const init = { clientX: bounds.left + point.x, clientY: bounds.top + point.y, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true };
            canvas.dispatchEvent(new PointerEvent('pointerdown', init));
            canvas.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }));
            // One click per frame, as a hand would give them: the frame after each click shows its cost.
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
        }, points.slice(from, from + CLICK_BATCH));
      }
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-measurement="1"] [data-quantity^="segment-"]').length === count - 1,
        vertices,
        { timeout: DRAWING_TIMEOUT_MS, polling: 250 },
      );
    },
  };
}
