import { loadBaseMaps } from '../../core/map/baseMaps';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setMapStyleController } from './context';
import { createMapStyleController } from './mapStyle';

/** Base maps are data: a new file in manifests/basemaps is a new choice in the drawer. */
const baseMapFiles = import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' });

/** The map style drawer (SPEC §1): base-map styles and live brightness, contrast, hue and saturation. */
export default definePlugin({
  id: 'map-style',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const { baseMaps, problems } = loadBaseMaps(baseMapFiles);
    for (const problem of problems.filter((item) => item.severity === 'error')) {
      console.warn(`map-style: ${problem.file} ${problem.path}: ${problem.message}`);
    }
    setMapStyleController(createMapStyleController(ctx, baseMaps));
    ctx.drawers.register({
      id: 'map-style',
      title: 'mapStyle.drawer.title',
      icon: '◑',
      order: 20,
      component: () => import('./components/MapStyleDrawer'),
    });
    return () => setMapStyleController(null);
  },
});
