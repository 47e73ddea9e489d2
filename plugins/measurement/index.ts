import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setMeasurementController } from './context';
import { createMeasurementController } from './measurementController';
import { isMeasureTool } from './measurements';
import { onPhoneOrSmallScreen } from './smallScreen';

/** The tool bar button: opens the measure panel (the core switch `mode:measure`, exclusive with the control panel). */
export const MEASUREMENT_TOOL = 'measurement';
/**
 * Measurement (SPEC §1; variant flag `measurement`): a "Measure" button opens the measure panel, whose tools
 * (distance, area, slope, height, triangle, coordinates) are the core store's measure modes — exclusive with each
 * other and with view shed (core group `measure-tools`), reset when a drawer opens. While a tool is chosen it holds
 * the map's pointer; results are listed in the panel, copyable, exportable as GeoJSON and CSV. Blocked on phones
 * and small screens with a message.
 */
export default definePlugin({
  id: 'measurement',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const controller = createMeasurementController({
      map: ctx.map,
      i18n: ctx.i18n,
      onEscape: () => store.getState().setMeasureMode(null),
    });
    setMeasurementController(controller);

    /** Says why there is no measurement here; true when refused. */
    const refusedOnPhone = () => {
      if (!onPhoneOrSmallScreen()) return false;
      ctx.notices.show({ id: 'measurement-phone', message: () => ctx.i18n.format('measurement.mobileBlocked'), severity: 'warning' });
      return true;
    };

    ctx.tools.register({
      id: MEASUREMENT_TOOL,
      label: 'measurement.tool',
      icon: '↔',
      placement: 'tools',
      order: 22,
      kind: 'toggle',
      switchKey: 'mode:measure',
      onToggle: (on) => {
        // Not from inside the store's notification of this very switch.
        if (on && refusedOnPhone()) queueMicrotask(() => store.getState().setMode('measure', false));
      },
    });
    ctx.slots.register({
      id: 'measurement-panel',
      slot: 'map.top-left',
      order: 32,
      component: () => import('./components/MeasurementPanel'),
    });

    // The chosen tool is the store's measure mode, whoever set it (the panel, a drawer's reset, view shed).
    const follow = (measureMode: string | null) => {
      const tool = isMeasureTool(measureMode) ? measureMode : null;
      if (tool && refusedOnPhone()) {
        queueMicrotask(() => store.getState().setMeasureMode(null));
        return;
      }
      controller.setTool(tool);
    };
    follow(store.getState().measureMode);
    const stopFollowing = store.subscribe((state, previous) => {
      if (state.measureMode !== previous.measureMode) follow(state.measureMode);
    });
    const stopRelabelling = ctx.i18n.onChange?.(() => controller.relabel());
    return () => {
      stopFollowing();
      stopRelabelling?.();
      controller.dispose();
      setMeasurementController(null);
    };
  },
});
