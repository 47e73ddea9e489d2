import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { railwayIdentifyConfigSchema, type RailwayIdentifyConfig } from './config';
import { setRailwayIdentify } from './context';
import { createRailwayIdentify, RAILWAY_IDENTIFY_TOOL } from './railwayIdentify';

/**
 * Dynamic railway identify (SPEC §1 development variants, flag `dynamicRailwayIdentify`): a click on a railway line
 * names the line and its stations; the railway data are fetched again on an interval while the tool is on.
 */
export default definePlugin<RailwayIdentifyConfig>({
  id: 'railway-identify',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: railwayIdentifyConfigSchema,
  activate(ctx) {
    const tool = createRailwayIdentify({
      map: ctx.map,
      http: ctx.http,
      refreshIntervalMs: ctx.config.refreshIntervalMs,
      onEscape: () => ctx.store.getState().setToggle(RAILWAY_IDENTIFY_TOOL, false),
    });
    setRailwayIdentify({ tool, refreshIntervalMs: ctx.config.refreshIntervalMs });
    ctx.tools.register({
      id: RAILWAY_IDENTIFY_TOOL,
      label: 'railwayIdentify.tool',
      icon: 'R',
      placement: 'tools',
      order: 72,
      kind: 'toggle',
      onToggle: (on) => tool.setActive(on),
    });
    ctx.slots.register({ id: 'railway-identify-panel', slot: 'map.top-left', order: 35, component: () => import('./components/RailwayPanel') });
    return () => {
      tool.dispose();
      setRailwayIdentify(null);
    };
  },
});
