import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setLayersContext } from './context';
import { followMapSettings } from './mapSettings';

/**
 * The layers drawer (SPEC §1/§2): the layer tree of manifests/layer-tree with tri-state group toggling, the
 * terrains of manifests/terrains and the textured / textureless switch; the map follows the store's choices.
 */
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
    const stopFollowing = followMapSettings(ctx.store, ctx.map);
    return () => {
      stopFollowing();
      setLayersContext(null);
    };
  },
});
