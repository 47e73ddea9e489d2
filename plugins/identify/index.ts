import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setIdentifyController } from './context';
import { createIdentifyController, IDENTIFY_TOOL } from './identifyController';

/**
 * Identify (SPEC §3 "Feature info", §4): on at start (the core `identify` mode), a toggle in the tools; a click
 * on a building opens its feature information; off runs the identify-off handler (pointer released, highlight,
 * outline and panel cleared). Needs the 3D spatial data.
 */
export default definePlugin({
  id: 'identify',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createIdentifyController({ map: ctx.map, http: ctx.http, apiBase: ctx.apiBase });
    setIdentifyController(controller);
    ctx.tools.register({
      id: IDENTIFY_TOOL,
      label: 'identify.tool',
      icon: 'i',
      placement: 'tools',
      order: 10,
      kind: 'toggle',
      switchKey: 'mode:identify',
      requiresThreeD: true,
      onToggle: (on) => controller.setActive(on),
    });
    controller.setActive(ctx.store.getState().identify && ctx.store.getState().threeD);
    ctx.slots.register({
      id: 'identify-panel',
      slot: 'map.top-left',
      order: 20,
      component: () => import('./components/FeatureInfoPanel'),
    });
    return () => {
      controller.dispose();
      setIdentifyController(null);
    };
  },
});
