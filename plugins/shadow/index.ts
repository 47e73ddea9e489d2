import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { openTimePlayer, timePlayerAvailable } from '../time-player/api';
import { setShadowController } from './context';
import { createShadowController } from './shadowController';
import { formatLinkTime, linkTimeSchema, linkTimeTextSchema } from './shadowTime';

/** The core mode (SPEC §4 `shadow`, initially off) the tool flips; its switch gives analytics `shadow::on|off`. */
const SHADOW_MODE = 'shadow' as const;
/** The share-link parameter while the view is on: `shadow=YYYY-MM-DDTHH:MM`, Hong Kong time. */
export const SHADOW_PARAM = 'shadow';

/**
 * Shadow view (SPEC §1; issue 16 point 1; flag `shadow`): a toggle in the tools bar, beside the measure and view
 * shed tools, and a panel (slot `map.top-left`) with a date and a 15-minute time slider in Hong Kong time. While on,
 * the map is lit by the sun we compute (core/contracts/sun.ts) at the scene clock's time and the terrain and 3D
 * buildings cast shadows (`ctx.map.lighting()`); "play the day" opens the one time player on sunrise–sunset.
 * No Cesium here.
 */
export default definePlugin({
  id: 'shadow',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const controller = createShadowController({ map: ctx.map, openTimePlayer, timePlayerAvailable });
    setShadowController(controller);
    ctx.tools.register({
      id: 'shadow',
      label: 'shadow.tool',
      icon: '◐',
      placement: 'tools',
      order: 24,
      kind: 'toggle',
      switchKey: `mode:${SHADOW_MODE}`,
    });
    ctx.slots.register({
      id: 'shadow-panel',
      slot: 'map.top-left',
      order: 32,
      component: () => import('./components/ShadowPanel'),
    });
    ctx.urlState.register({
      id: 'shadow-time',
      param: SHADOW_PARAM,
      // The address keeps text: checked here (a bad value is reported and ignored by core), read when applied.
      schema: linkTimeTextSchema,
      apply(text) {
        controller.setTime(linkTimeSchema.parse(text));
        store.getState().setMode(SHADOW_MODE, true);
      },
      read: () => (controller.getState().on ? formatLinkTime(controller.getState().time) : undefined),
    });
    const isOn = () => store.getState().shadow;
    controller.setOn(isOn());
    const stopFollowing = store.subscribe(() => controller.setOn(isOn()));
    return () => {
      stopFollowing();
      controller.dispose();
      setShadowController(null);
    };
  },
});
