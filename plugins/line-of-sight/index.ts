import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { MEASURE_EXCLUSIVE_GROUP, onPhoneOrSmallScreen } from '../measurement/api';
import { setLineOfSightController } from './context';
import { createLineOfSightController, LINE_OF_SIGHT_TOOL } from './lineOfSightController';
import { obstructionLabel } from './labels';
import { formatLinkState, linkStateSchema, linkTextSchema } from './parameters';

/** The share-link parameter: `lineOfSight=LON,LAT,HEIGHT;LON,LAT,HEIGHT`. */
export const LINE_OF_SIGHT_PARAM = 'lineOfSight';

/**
 * Line of sight (issue 16 point 3; flag lineOfSight): a toggle tool in the tools bar beside Measure and View shed.
 * While on, two clicks on the terrain or a roof place the eye and the target, each with its height above the ground;
 * the answer of `GET …/analysis/line-of-sight` (the server's surface model: DTM + building roofs, curvature and
 * refraction) is drawn green where seen and red from the first obstruction, and the panel names it. Exclusive with
 * the measure tools and view shed (core group `measure-tools`), blocked on phones and small screens (SPEC §5), kept
 * in the share link. Core emits `line-of-sight::on|off`. No Cesium here.
 */
export default definePlugin({
  id: 'line-of-sight',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const isOn = () => store.getState().toggles[LINE_OF_SIGHT_TOOL] ?? false;
    const controller = createLineOfSightController({
      http: ctx.http,
      map: ctx.map,
      apiBase: ctx.apiBase,
      obstructionLabel: (answer) => obstructionLabel((id, values) => ctx.i18n.format(id, values), ctx.i18n.language(), answer),
      onEscape: () => store.getState().setToggle(LINE_OF_SIGHT_TOOL, false),
    });
    setLineOfSightController(controller);

    let stopNotice: (() => void) | null = null;
    /** Says why there is no line of sight here; true when refused. */
    const refusedOnPhone = () => {
      if (!onPhoneOrSmallScreen()) return false;
      stopNotice?.();
      stopNotice = ctx.notices.show({ id: 'line-of-sight-phone', message: () => ctx.i18n.format('lineOfSight.mobileBlocked'), severity: 'warning' });
      return true;
    };

    ctx.tools.register({
      id: LINE_OF_SIGHT_TOOL,
      label: 'lineOfSight.tool',
      icon: '⇢',
      placement: 'tools',
      order: 24,
      kind: 'toggle',
      exclusiveGroups: [MEASURE_EXCLUSIVE_GROUP],
      requiresThreeD: true,
      onToggle: (on) => {
        if (on && refusedOnPhone()) {
          // Not from inside the store's notification of this very switch.
          queueMicrotask(() => store.getState().setToggle(LINE_OF_SIGHT_TOOL, false));
          return;
        }
        controller.setActive(on);
      },
    });
    ctx.slots.register({
      id: 'line-of-sight-panel',
      slot: 'map.top-left',
      order: 34,
      component: () => import('./components/LineOfSightPanel'),
    });
    ctx.urlState.register({
      id: 'line-of-sight-state',
      param: LINE_OF_SIGHT_PARAM,
      // The address keeps text: checked here (a bad value is reported and ignored by core), parsed when applied.
      schema: linkTextSchema,
      apply(text) {
        controller.applyLinkState(linkStateSchema.parse(text));
        store.getState().setToggle(LINE_OF_SIGHT_TOOL, true);
      },
      read() {
        const link = controller.linkState();
        return link && isOn() ? formatLinkState(link) : undefined;
      },
    });
    // A tool switched on before this plugin activated (a restored state) starts now.
    if (isOn()) controller.setActive(true);
    const stopRelabelling = ctx.i18n.onChange?.(() => controller.relabel());
    return () => {
      stopRelabelling?.();
      stopNotice?.();
      controller.dispose();
      setLineOfSightController(null);
    };
  },
});
