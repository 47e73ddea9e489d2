import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setTourist } from './context';
import { TOURIST_DRAWER } from './drawerId';

/**
 * Tourist (SPEC §1 "virtual tours (tourist)"; issue 15 point 8; flag tourist): a drawer in the living group listing
 * the virtual tours over real landmarks (manifests/tours/tourist-*.json and the Victoria Harbour tour); Start plays
 * one in the guided-tours player of the tours plugin (plugins/tours/api.ts) — the product's one tour player. No
 * Cesium here; the tour files load only when the drawer first opens.
 */
export default definePlugin({
  id: 'tourist',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setTourist(ctx);
    ctx.drawers.register({
      id: TOURIST_DRAWER,
      title: 'tourist.drawer.title',
      icon: '⚐',
      order: 64,
      functionGroup: 'living',
      component: () => import('./components/TouristDrawer'),
    });
    return () => setTourist(null);
  },
});
