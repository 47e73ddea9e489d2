import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { showIndoorNotice } from './notice';

/**
 * Indoor maps (SPEC §1 indoor variant). 3D indoor maps are not built in this release, so for now the plugin only
 * says so plainly; the variant itself opens on the MTR station layer (variants/indoor.json).
 */
export default definePlugin({
  id: 'indoor',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    return showIndoorNotice(ctx);
  },
});
