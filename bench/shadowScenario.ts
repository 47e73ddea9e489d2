/**
 * Issue 16's shadow benchmark scenario for bench/frameTime.ts: frame time with the shadow view on (our sun as the
 * light, terrain and 3D building shadows: plugins/shadow, core/map/lighting.ts) against the same scene with it off,
 * in the same page of the same run — the full variant (which has the shadow view), a low oblique view over
 * Central's towers, 15:00 HKT on 21 December 2026 (a low winter sun: long shadows).
 *
 * `prepare` places the camera; the idle window then times the map without shadows. `beforeRun` switches the view
 * on as a user does (the tools bar button, then the panel's date and time) and waits for the shadow view's panel;
 * `run` times a fixed number of frames at the same view.
 */
import type { Page } from '@playwright/test';
import { waitForFrames, type FrameTimeScenario } from './frameTime';

/** Frames timed with shadows on (and at least as many idle ones: see run-shadows.ts). */
export const SHADOW_FRAMES = 40;
/** South-west of Central, 350 m up, looking north-east 25° down at the towers (as tests/e2e/shadow.spec.ts). */
export const CENTRAL_OBLIQUE = { longitude: 114.1545, latitude: 22.2765, heightMeters: 350, headingDegrees: 40, pitchDegrees: -25 };

export function shadowScenario(frames = SHADOW_FRAMES): FrameTimeScenario {
  return {
    name: `shadow view on over Central, 15:00 HKT 21 Dec 2026, ${frames} frames (idle: the same view, shadows off)`,
    path: '/mapviewer/app-full/map',
    async prepare(page: Page) {
      await page.evaluate((view) => window.__hkmap!.setView(view), CENTRAL_OBLIQUE);
    },
    async beforeRun(page: Page) {
      await page.getByRole('button', { name: 'Shadows', exact: true }).click();
      const panel = page.getByTestId('shadow-panel');
      await panel.waitFor();
      await panel.getByLabel('Date (Hong Kong)').fill('2026-12-21');
      await panel.getByLabel(/^Time/).fill(String((15 * 60) / 15));
      await panel.getByTestId('shadow-time').filter({ hasText: '15:00' }).waitFor();
      if (await panel.getByText('Shadows cannot be shown').isVisible()) throw new Error('this browser cannot draw shadows (no WebGL depth texture)');
    },
    async run(page: Page) {
      await waitForFrames(page, frames);
      return 'shadows drawn by terrain and buildings';
    },
  };
}
