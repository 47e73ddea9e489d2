import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { createPlaceSearch } from '../location-search/api';
import { setWalkDrawerContext } from './context';
import { createWalkController, DRAWER_ID } from './walkController';
import type { FreeShare } from './walkQuery';

/**
 * Walking route search (SPEC §1, §2 "outdoor routing", §4 route search, §5, §8; issue 17 point 5; variant flag
 * `outdoorRouting`): the drawer `routing` chooses an origin and a destination by place search or on the map, asks
 * GET /mapviewer/api/routing/walk, draws the walk on the ground with its distance, time and streets, and keeps
 * bookmarks of routes in the browser.
 */

/**
 * The map's part that nothing covers, as shares of the map: the app's free-area element (app/map/MapPage.tsx
 * `.map-page__free`, the room between the open drawer, the search box and the tool bars, which the popups use too),
 * measured against the map's container; and the map's aspect. The whole map when either is missing.
 */
function freeArea(mapElement: HTMLElement | null): { free: FreeShare | null; aspect: number } {
  const freeElement = typeof document === 'undefined' ? null : document.querySelector('.map-page__free');
  if (!mapElement) return { free: null, aspect: 1.5 };
  const map = mapElement.getBoundingClientRect();
  if (map.width === 0 || map.height === 0) return { free: null, aspect: 1.5 };
  const aspect = map.width / map.height;
  if (!freeElement) return { free: null, aspect };
  const room = freeElement.getBoundingClientRect();
  const share = (value: number, from: number, size: number) => Math.min(1, Math.max(0, (value - from) / size));
  return {
    free: { left: share(room.left, map.left, map.width), right: share(room.right, map.left, map.width), top: share(room.top, map.top, map.height), bottom: share(room.bottom, map.top, map.height) },
    aspect,
  };
}

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
      freeArea: () => freeArea(ctx.map.container()),
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
