import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setLayersContext } from './context';

/** The layers drawer: the layer tree of manifests/layer-tree with tri-state group toggling (SPEC §1). */
export default definePlugin({
  id: 'layers',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setLayersContext(ctx);
    ctx.drawers.register({
      id: 'layers',
      title: 'layers.drawer.title',
      icon: '≡',
      order: 10,
      component: () => import('./components/LayersDrawer'),
    });
    return () => setLayersContext(null);
  },
});
