import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { mapFreeArea } from '../../core/ui/mapFreeArea';
import { createPlaceSearch } from '../location-search/api';
import { setWalkDrawerContext } from './context';
import { createWalkController, DRAWER_ID } from './walkController';

/**
 * Walking route search (SPEC §1, §2 "outdoor routing", §4 route search, §5, §8; issue 17 point 5; variant flag
 * `outdoorRouting`): the drawer `routing` chooses an origin and a destination by place search or on the map, asks
 * GET /mapviewer/api/routing/walk, draws the walk on the ground with its distance, time and streets, and keeps
 * bookmarks of routes in the browser.
 */

/** localStorage, or null where reading it throws (storage switched off by the browser's privacy settings). */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export default definePlugin({
  id: 'walking-route',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createWalkController({
      store: ctx.store,
      http: ctx.http,
      map: ctx.map,
      i18n: ctx.i18n,
      analytics: ctx.analytics,
      apiBase: ctx.apiBase,
      storage: browserStorage(),
      freeArea: () => mapFreeArea(ctx.map.container()),
    });
    setWalkDrawerContext({ controller, placeSearch: createPlaceSearch(ctx) });
    ctx.drawers.register({
      id: DRAWER_ID,
      title: 'walkingRoute.drawer.title',
      icon: '↝',
      order: 70,
      component: () => import('./components/WalkingRouteDrawer'),
    });
    return () => {
      controller.dispose();
      setWalkDrawerContext(null);
    };
  },
});
