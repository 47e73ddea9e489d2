import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { createAnalyticsSink } from './sink';

/** Sends core's analytics events (SPEC §7) to the portal's counts-only intake. */
export default definePlugin({
  id: 'analytics',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    ctx.analyticsSinks.register(createAnalyticsSink(ctx.apiBase));
  },
});
