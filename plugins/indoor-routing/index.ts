import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { mapFreeArea } from '../../core/ui/mapFreeArea';
import { readOpenIndoorMap, showIndoorFloor } from '../indoor/api';
import { setRoutingController } from './context';
import { createRoutingController, DRAWER_ID, routableVenue } from './routingController';

/**
 * Point-to-point pedestrian routing in metro stations (issue 17 point 4; SPEC §2 "indoor routing", §4, §8; variant
 * flag `indoorRouting`). The drawer `indoor-routing` is offered only while an indoor map is open and ready and its
 * venue is a metro station (SPEC §4): it is registered when such a map opens and taken away (closing it) when the
 * map closes or a building's opens. It asks for the full-screen data display (`fullHeight`) while shown.
 */
export default definePlugin({
  id: 'indoor-routing',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createRoutingController({
      store: ctx.store,
      http: ctx.http,
      map: ctx.map,
      i18n: ctx.i18n,
      analytics: ctx.analytics,
      apiBase: ctx.apiBase,
      openMap: () => readOpenIndoorMap(ctx.store.getState()),
      showFloor: (floorId) => showIndoorFloor(ctx, floorId),
      freeArea: () => mapFreeArea(ctx.map.container()),
    });
    setRoutingController(controller);

    let unregisterDrawer: Disposer | null = null;
    // Set before registering: registering changes the store (core adds the drawer's switch), which calls back here.
    let offered = false;
    const offerDrawer = () => {
      const routable = routableVenue(readOpenIndoorMap(ctx.store.getState())) !== null;
      if (routable && !offered) {
        offered = true;
        unregisterDrawer = ctx.drawers.register({
          id: DRAWER_ID,
          title: 'indoorRouting.drawer.title',
          icon: '⇄',
          order: 45,
          fullHeight: true,
          component: () => import('./components/IndoorRoutingDrawer'),
        });
      } else if (!routable && offered && unregisterDrawer) {
        const unregister = unregisterDrawer;
        offered = false;
        unregisterDrawer = null;
        // The host closes the drawer as it goes; the drawer's unmount then gives back the pointer and the drawing.
        unregister();
      }
    };
    offerDrawer();
    const unsubscribe = ctx.store.subscribe(offerDrawer);
    const stopFollowingLanguage = ctx.i18n.onChange?.(() => controller.languageChanged());
    return () => {
      unsubscribe();
      stopFollowingLanguage?.();
      unregisterDrawer?.();
      controller.dispose();
      setRoutingController(null);
    };
  },
});
