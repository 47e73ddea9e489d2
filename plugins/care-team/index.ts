import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { CARE_TEAM_DRAWER, CARE_TEAM_OVERLAY, createCareTeamController } from './careTeams';
import { setCareTeamController } from './context';
import { createCareTeamSearchMode } from './searchMode';

/**
 * Care teams (SPEC §1, flag careTeam / map.careteam.enabled; issue 15 point 7): the care-team search mode of the
 * keyword search, the drawer `careteam` (living group) listing the teams of a district, and the care-team layer
 * with its popup, registered here from manifests/overlays/care-teams.json so it exists exactly where the flag is
 * on. The feature's messages (`GET /mapviewer/api/domain/gm`) are merged into the translations when the drawer or
 * the search first needs them. Every team is a generated sample and says so. No Cesium.
 */
export default definePlugin({
  id: 'care-team',
  apiVersion: PLUGIN_API_VERSION,
  async activate(ctx) {
    const [{ validateManifests, formatProblem }, manifest] = await Promise.all([
      import('../../core/manifests/validate'),
      import('../../manifests/overlays/care-teams.json').then((module) => module.default),
    ]);
    const { valid, problems } = validateManifests([{ file: 'manifests/overlays/care-teams.json', json: manifest }], 'overlay');
    if (valid.length !== 1) throw new Error(`the care-team layer is not a valid overlay: ${problems.map((problem) => formatProblem(problem)).join('; ')}`);
    if (ctx.overlays.get(CARE_TEAM_OVERLAY)) {
      throw new Error(`overlay "${CARE_TEAM_OVERLAY}" is already registered; leave it out of the variant's "overlays": the care-team plugin registers it`);
    }
    const unregisterOverlay = ctx.overlays.register({ id: CARE_TEAM_OVERLAY, manifest: valid[0].manifest });
    const controller = createCareTeamController(ctx);
    setCareTeamController(controller);
    ctx.searchModes.register(createCareTeamSearchMode(ctx, controller));
    ctx.drawers.register({
      id: CARE_TEAM_DRAWER,
      title: 'careTeam.ui.drawer',
      icon: '♥',
      order: 66,
      functionGroup: 'living',
      component: () => import('./components/CareTeamDrawer'),
    });
    return () => {
      unregisterOverlay();
      controller.dispose();
      setCareTeamController(null);
    };
  },
});
