import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { hikingController, setHikingController, setHikingPlugin } from './context';

/** The drawer id (SPEC §2 "Function drawers": hiking); its switch `drawer:hiking` reports `hiking::on|off`. */
export const HIKING_DRAWER = 'hiking';

/**
 * Hiking trails (SPEC §1, §4; variant flag `hiking`): the drawer of the living function group lists the four long
 * trails and their stages; a chosen one is drawn on the terrain with its profile graph, pop-ups and animation.
 * Nothing but this registration runs at start: the drawer's code and the controller load when it first opens.
 */
export default definePlugin({
  id: 'hiking',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setHikingPlugin(ctx);
    ctx.drawers.register({
      id: HIKING_DRAWER,
      title: 'hiking.drawer.title',
      icon: '⛰',
      order: 60,
      functionGroup: 'living',
      component: () => import('./components/HikingDrawer'),
    });
    // Closing the drawer (another drawer opened, its button, or 3D switched off, which closes every drawer) ends
    // the animation and clears the trail from the map.
    const unsubscribe = ctx.store.subscribe((state, previous) => {
      if (previous.drawers[HIKING_DRAWER]?.shown && !state.drawers[HIKING_DRAWER]?.shown) hikingController()?.close();
    });
    return () => {
      unsubscribe();
      hikingController()?.dispose();
      setHikingController(null);
      setHikingPlugin(null);
    };
  },
});
