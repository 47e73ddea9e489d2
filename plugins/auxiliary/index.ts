import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setCyclingController } from './context';
import { AUXILIARY_DRAWER, createCyclingController, CYCLING_OVERLAYS } from './cycling';

/**
 * Cycling (auxiliary) facilities (SPEC §1, flag auxiliary; issue 15 point 8): the drawer `auxiliary` (living
 * group) with the cycle parking and cycle track layers, registered here from manifests/overlays/cycling-*.json so
 * they exist exactly where the flag is on. The data service serves the Transport Department's files when they
 * are installed, else sample cycle parking beside MTR station exits and no tracks; the drawer says which. No Cesium.
 */
export default definePlugin({
  id: 'auxiliary',
  apiVersion: PLUGIN_API_VERSION,
  async activate(ctx) {
    const [{ validateManifests, formatProblem }, parking, tracks] = await Promise.all([
      import('../../core/manifests/validate'),
      import('../../manifests/overlays/cycling-parking.json').then((module) => module.default),
      import('../../manifests/overlays/cycling-tracks.json').then((module) => module.default),
    ]);
    const { valid, problems } = validateManifests(
      [
        { file: 'manifests/overlays/cycling-parking.json', json: parking },
        { file: 'manifests/overlays/cycling-tracks.json', json: tracks },
      ],
      'overlay',
    );
    if (valid.length !== 2) throw new Error(`the cycling layers are not valid overlays: ${problems.map((problem) => formatProblem(problem)).join('; ')}`);
    for (const id of Object.values(CYCLING_OVERLAYS)) {
      if (ctx.overlays.get(id)) throw new Error(`overlay "${id}" is already registered; leave it out of the variant's "overlays": the auxiliary plugin registers it`);
    }
    const unregister = valid.map(({ manifest }) => ctx.overlays.register({ id: manifest.id, manifest }));
    setCyclingController(createCyclingController(ctx));
    ctx.drawers.register({
      id: AUXILIARY_DRAWER,
      title: 'auxiliary.drawer.title',
      icon: '∞',
      order: 67,
      functionGroup: 'living',
      component: () => import('./components/AuxiliaryDrawer'),
    });
    return () => {
      for (const undo of unregister) undo();
      setCyclingController(null);
    };
  },
});
