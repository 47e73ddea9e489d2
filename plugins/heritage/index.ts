import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setHeritage } from './context';
import { MONUMENTS_OVERLAY } from './overlayId';

/** The drawer's id (SPEC §2 function drawers); the store switch is `drawer:heritage`, analytics `heritage::on|off`. */
export const HERITAGE_DRAWER = 'heritage';

/**
 * Heritage (SPEC §1 "heritage sites (pilot)"; issue 15 point 2; flag heritage): a drawer in the living group listing
 * the 105 declared monuments of the 2014/15 AMO list, filtered by district; choosing one flies to it and shows its
 * details (names, AMO number, address, AMO page) and the monuments layer, which this plugin registers from
 * manifests/overlays/heritage-monuments.json (so the layer exists exactly where the flag is on); "View up close in
 * 3D" is the SPEC §4 heritage loading dialog on desktops and the SPEC §8 desktop-only message on phones. No Cesium.
 */
export default definePlugin({
  id: 'heritage',
  apiVersion: PLUGIN_API_VERSION,
  async activate(ctx) {
    // The manifest and its validation load with the plugin, after the first paint (plugins activate lazily).
    const [{ validateManifests, formatProblem }, manifest] = await Promise.all([
      import('../../core/manifests/validate'),
      import('../../manifests/overlays/heritage-monuments.json').then((module) => module.default),
    ]);
    const { valid, problems } = validateManifests([{ file: 'manifests/overlays/heritage-monuments.json', json: manifest }], 'overlay');
    if (valid.length !== 1) throw new Error(`the monuments layer is not a valid overlay: ${problems.map((problem) => formatProblem(problem)).join('; ')}`);
    if (ctx.overlays.get(MONUMENTS_OVERLAY)) {
      throw new Error(`overlay "${MONUMENTS_OVERLAY}" is already registered; leave it out of the variant's "overlays": the heritage plugin registers it`);
    }
    const unregisterOverlay = ctx.overlays.register({ id: MONUMENTS_OVERLAY, manifest: valid[0].manifest });
    setHeritage(ctx);
    ctx.drawers.register({
      id: HERITAGE_DRAWER,
      title: 'heritage.drawer.title',
      icon: '♜',
      order: 62,
      functionGroup: 'living',
      component: () => import('./components/HeritageDrawer'),
    });
    return () => {
      unregisterOverlay();
      setHeritage(null);
    };
  },
});
