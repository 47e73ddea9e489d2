import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { followThreeDContent } from './threeDContent';

/** The 3D spatial data switch (SPEC §2 "only-3D functions"): a toggle tool showing the core `threeD` mode. */
export default definePlugin({
  id: 'three-d',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const content = followThreeDContent({ store: ctx.store, map: ctx.map, overlays: ctx.overlays });
    ctx.tools.register({
      id: 'three-d',
      label: 'threeD.tool',
      icon: '3D',
      placement: 'tools',
      order: 5,
      kind: 'toggle',
      switchKey: 'mode:threeD',
    });
    return () => content.dispose();
  },
});
