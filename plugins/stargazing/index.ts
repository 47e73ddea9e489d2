import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setStargazing } from './context';

/** The drawer's id (SPEC §2 function drawers); the store switch is `drawer:stargazing`, analytics `stargazing::on|off`. */
export const STARGAZING_DRAWER = 'stargazing';

/**
 * Stargazing (SPEC §1; issue 15 point 8; flag stargazing): a drawer in the living group listing dark-sky viewpoints
 * (chosen on the server from the terrain and the distance to the built-up area) with the night's sunset,
 * astronomical dusk, moonrise, moonset and moon phase for each; choosing one flies there. No Cesium here.
 */
export default definePlugin({
  id: 'stargazing',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setStargazing(ctx);
    ctx.drawers.register({
      id: STARGAZING_DRAWER,
      title: 'stargazing.drawer.title',
      icon: '✶',
      order: 66,
      functionGroup: 'living',
      component: () => import('./components/StargazingDrawer'),
    });
    return () => setStargazing(null);
  },
});
