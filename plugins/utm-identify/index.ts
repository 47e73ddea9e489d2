import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { createUtmIdentify, UTM_IDENTIFY_TOOL } from './utmIdentify';

/** UTM identify (development variants, flag `utmIdentify`): a click draws the 1 km UTM grid square around it. */
export default definePlugin({
  id: 'utm-identify',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const tool = createUtmIdentify({ map: ctx.map, http: ctx.http, onEscape: () => ctx.store.getState().setToggle(UTM_IDENTIFY_TOOL, false) });
    ctx.tools.register({
      id: UTM_IDENTIFY_TOOL,
      label: 'utmIdentify.tool',
      icon: 'U',
      placement: 'tools',
      order: 70,
      kind: 'toggle',
      onToggle: (on) => tool.setActive(on),
    });
    return () => tool.dispose();
  },
});
