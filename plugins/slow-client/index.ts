import { z } from 'zod';
import { startRendering } from '../../core/map/liteRendering';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setSlowClient } from './context';
import { createSlowClient, LIGHT_MODE_TOOL_ID, type SessionStore, type SlowClient } from './slowClient';
import { SLOW_FRAMES_TO_NOTIFY } from './slowFrames';

/** The variant's flags slowClientLightMode and slowClientCountNotification, as this plugin's config. */
const configSchema = z.strictObject({
  lightMode: z.boolean().default(true),
  countNotification: z.boolean().default(true),
});

function sessionStore(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Browser-test switch: `?slowFrameCount=<n>` (1..SLOW_FRAMES_TO_NOTIFY) lowers how many slow frames bring the
 * notice, so tests/e2e/map-style.spec.ts needs only a few really slow frames (CPU throttling) on a machine that
 * draws few frames. It can only lower the count. Not a user setting.
 */
export function slowFrameCountFromAddress(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('slowFrameCount'));
  return Number.isInteger(value) && value >= 1 && value <= SLOW_FRAMES_TO_NOTIFY ? value : undefined;
}

/**
 * Slow-client light mode (SPEC §1 second variant): a light-mode switch among the map tools; light mode switched
 * on by itself only when the client is slow (a software renderer, or repeated slow frames: slowFrames.ts), with a
 * notice that says why and offers to turn it off.
 */
export default definePlugin({
  id: 'slow-client',
  apiVersion: PLUGIN_API_VERSION,
  configSchema,
  activate(ctx) {
    let controller: SlowClient | null = null;
    if (ctx.config.lightMode) {
      ctx.tools.register({
        id: LIGHT_MODE_TOOL_ID,
        label: 'slowClient.lightMode',
        icon: '↯',
        placement: 'tools',
        order: 90,
        kind: 'toggle',
        onToggle: (on) => controller?.lightModeChanged(on),
      });
    }
    // The notice says why light mode came on by itself (a software renderer, or measured slow frames).
    ctx.slots.register({ id: 'slow-client-notice', slot: 'map.overlay', component: () => import('./components/SlowClientNotice') });
    const count = typeof location === 'undefined' ? undefined : slowFrameCountFromAddress(location.search);
    const start = typeof document === 'undefined' ? undefined : startRendering();
    controller = createSlowClient({ map: ctx.map, store: ctx.store, storage: sessionStore(), start, counter: { count } }, ctx.config);
    setSlowClient(controller);
    controller.start();
    return () => {
      controller?.dispose();
      setSlowClient(null);
    };
  },
});
