import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setVrController } from './context';
import { createVrController, VR_TOOL } from './vrController';

/**
 * VR view (SPEC §1 "VR"): a toggle tool that splits the map into a stereo pair for a phone in a headset, steered by
 * the device's orientation where it reports one, else by dragging; the panel's Exit button or Escape brings the
 * normal view back. No variant flag names VR (core/manifests/variantSchema.ts), so the variants that list this
 * plugin are the ones that offer it: the full and development variants (SPEC §1 lists VR among the viewer's
 * capabilities; the second variant's list does not enable it).
 */
export default definePlugin({
  id: 'vr',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const switchOff = () => ctx.store.getState().setToggle(VR_TOOL, false);
    const controller = createVrController({
      map: ctx.map,
      requestOff: switchOff,
      onUnavailable: () => ctx.notices.show({ id: 'vr-unavailable', message: () => ctx.i18n.format('vr.unavailable'), severity: 'warning' }),
    });
    setVrController(controller);
    ctx.tools.register({
      id: VR_TOOL,
      label: 'vr.tool',
      icon: 'VR',
      placement: 'tools',
      order: 26,
      kind: 'toggle',
      // One tool drives the camera at a time (first-person view joins the same group).
      exclusiveGroups: ['camera-control'],
      onToggle: (on) => controller.setActive(on),
    });
    // SPEC §4: a themed function (a drawer of a function group) suspends the stereo view, which hides its drawer.
    const leaveSuspension = ctx.store.services.exclusivity.suspendWith('function-groups', `toggle:${VR_TOOL}`);
    ctx.slots.register({
      id: 'vr-panel',
      slot: 'map.top-left',
      order: 36,
      component: () => import('./components/VrPanel'),
    });
    return () => {
      leaveSuspension();
      controller.dispose();
      setVrController(null);
    };
  },
});
