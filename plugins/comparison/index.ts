import { z } from 'zod';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type UrlStateContribution } from '../../core/plugin/types';
import { onPhoneOrSmallScreen } from '../measurement/api';
import { openMultiView } from '../multi-view/api';
import { setComparison } from './context';
import { COMPARISON_DRAWER, COMPARISON_PARAM, createComparisonController } from './controller';
import { COMPARISON_PAIR_IDS, type ComparisonPairId } from './pairs';

/**
 * Then-and-now comparison (SPEC §1, issue 16 point 7; flag `comparison`; drawer `comparison`, SPEC §2): two real
 * states of Hong Kong side by side in the multi view (plugins/multi-view/api.ts, the one viewer mechanism) — the
 * terrain of 2000 (SRTM) against the LandsD 2020 DTM, the MTR lines of 2016 against today's — with suggested places
 * that fly both views there. Opening the drawer is the comparison's `comparison::on` (core reports drawer switches);
 * closing it ends the multi view. Blocked on phones and small screens (SPEC §5), as measurement is. Share link:
 * `comparison=<pair>`. No Cesium import: the multi view builds the views with the map host's Cesium.
 */
export default definePlugin({
  id: 'comparison',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const controller = createComparisonController({
      store,
      map: ctx.map,
      apiBase: ctx.apiBase,
      translate: (id) => ctx.i18n.format(id),
      openMultiView,
      blocked: () => onPhoneOrSmallScreen(),
    });
    setComparison(controller);
    ctx.drawers.register({
      id: COMPARISON_DRAWER,
      title: 'comparison.drawer.title',
      icon: '⇆',
      order: 95,
      component: () => import('./components/ComparisonDrawer'),
    });

    const drawerShown = () => store.getState().drawers[COMPARISON_DRAWER]?.shown ?? false;
    let wasShown = drawerShown();
    const stopWatchingDrawer = store.subscribe(() => {
      const shown = drawerShown();
      if (shown === wasShown) return;
      wasShown = shown;
      if (shown && onPhoneOrSmallScreen()) {
        ctx.notices.show({ id: 'comparison-phone', message: () => ctx.i18n.format('comparison.mobileBlocked'), severity: 'warning' });
      }
      // The comparison lives while its drawer is open (SPEC §2 drawers close one another).
      if (!shown) queueMicrotask(() => controller.close());
    });

    const address: UrlStateContribution<ComparisonPairId> = {
      id: 'comparison-pair',
      param: COMPARISON_PARAM,
      schema: z.enum(COMPARISON_PAIR_IDS, { error: `expected one of ${COMPARISON_PAIR_IDS.join(', ')}` }),
      // Applied at start-up, before the map exists: the views open once it does.
      apply(pair) {
        store.getState().openDrawer(COMPARISON_DRAWER);
        void ctx.map.whenReady().then(() => controller.open(pair));
      },
      read() {
        const { pair, status } = controller.state();
        return pair && (status === 'open' || status === 'opening') ? pair : undefined;
      },
    };
    const stopAddress = ctx.urlState.register(address);
    // The views' titles and layer names are text of the page language: a pair on screen reopens in the new one.
    const stopRelabelling = ctx.i18n.onChange?.(() => {
      const { pair, status } = controller.state();
      if (pair && status === 'open') void controller.open(pair);
    });
    return () => {
      stopRelabelling?.();
      stopAddress();
      stopWatchingDrawer();
      controller.dispose();
      setComparison(null);
    };
  },
});
