import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { navigationConfigSchema, type NavigationConfig } from './config';
import { navigationTools } from './tools';

/** Map navigation buttons: home extent, north, top view, 45° view, zoom in/out, field of view. */
export default definePlugin<NavigationConfig>({
  id: 'navigation',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: navigationConfigSchema,
  activate(ctx) {
    for (const tool of navigationTools(ctx.map, ctx.config)) ctx.tools.register(tool);
  },
});
