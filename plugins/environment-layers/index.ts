import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { environmentHandlers } from './handlers';

/**
 * Overlay handlers of the environment layers (manifests/overlays/aqhi.json, marine.json, river.json): popup rows
 * no manifest can express. The layers themselves are manifests; this adds only their computed rows.
 */
export default definePlugin({
  id: 'environment-layers',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    for (const handler of environmentHandlers((id, values) => ctx.i18n.format(id, values))) ctx.overlayHandlers.register(handler);
  },
});
