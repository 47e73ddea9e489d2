import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setTideGauge } from './context';
import { createTideGaugeController, TIDE_DRAWER, TIDE_STATIONS_OVERLAY } from './controller';
import { tideStationsManifest } from './stationsOverlay';

/**
 * Tide gauge (SPEC §1 themed function, §3 "Tide gauge"; issue 15 point 6; flag `tideGauge`): the 16 tide
 * stations as a layer and the `tidegauge` drawer in the environmental function group — pick a station (list or map
 * click) and a date, and see the day's tide curve above chart datum with its high and low waters and where the
 * figures come from. No Cesium import.
 */
export default definePlugin({
  id: 'tide-gauge',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    if (ctx.overlays.get(TIDE_STATIONS_OVERLAY)) {
      throw new Error(`overlay "${TIDE_STATIONS_OVERLAY}" is already registered; leave it out of the variant's "overlays": the tide-gauge plugin registers it`);
    }
    const unregisterOverlay = ctx.overlays.register({ id: TIDE_STATIONS_OVERLAY, manifest: tideStationsManifest });
    const controller = createTideGaugeController({ store: ctx.store, http: ctx.http, map: ctx.map, apiBase: ctx.apiBase });
    setTideGauge(controller);
    ctx.drawers.register({
      id: TIDE_DRAWER,
      title: 'tideGauge.drawer.title',
      icon: '≈',
      order: 70,
      functionGroup: 'environmental',
      component: () => import('./components/TideGaugeDrawer'),
    });
    return () => {
      controller.dispose();
      setTideGauge(null);
      unregisterOverlay();
    };
  },
});
