import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { createCompass } from './compass';
import { mapControlsConfigSchema, type MapControlsConfig } from './config';
import { setCompass } from './context';
import { createFullScreen, FULL_SCREEN_TOOL, fullScreenSupported } from './fullScreen';

/**
 * Map controls of the full and development variants (SPEC §1 flags `fullScreen`, `compass`; both off in the second
 * variant): a full-screen toggle among the navigation buttons and a compass above them.
 */
export default definePlugin<MapControlsConfig>({
  id: 'map-controls',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: mapControlsConfigSchema,
  activate(ctx) {
    const disposers: Disposer[] = [];
    // Where the browser cannot show an element full screen (iPhone Safari) the button would do nothing: none.
    if (ctx.config.fullScreen && typeof document !== 'undefined' && fullScreenSupported(document)) {
      const fullScreen = createFullScreen({
        document,
        element: () => ctx.map.container(),
        setSwitch: (on) => {
          if ((ctx.store.getState().toggles[FULL_SCREEN_TOOL] ?? false) !== on) ctx.store.getState().setToggle(FULL_SCREEN_TOOL, on);
        },
        onRefused: (reason) =>
          ctx.notices.show({ id: 'full-screen-refused', message: () => ctx.i18n.format(`mapControls.fullScreen.${reason}`), severity: 'warning' }),
      });
      disposers.push(fullScreen.dispose);
      ctx.tools.register({
        id: FULL_SCREEN_TOOL,
        label: 'mapControls.fullScreen.tool',
        icon: '⤢',
        placement: 'navigation',
        order: 80,
        kind: 'toggle',
        onToggle: (on) => fullScreen.setOn(on),
      });
    }
    if (ctx.config.compass) {
      const controller = createCompass({ map: ctx.map, analytics: ctx.analytics });
      setCompass(controller);
      disposers.push(() => {
        controller.dispose();
        setCompass(null);
      });
      ctx.slots.register({ id: 'compass', slot: 'map.top-right', order: 10, component: () => import('./components/Compass') });
    }
    return () => {
      for (const dispose of disposers.splice(0).reverse()) dispose();
    };
  },
});
