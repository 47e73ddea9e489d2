import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { createPlaceSearch } from '../location-search/api';
import { setWalkDrawerContext } from './context';
import { createWalkController, DRAWER_ID } from './walkController';

/**
 * Walking route search (SPEC §1, §2 "outdoor routing", §4 route search, §5, §8; issue 17 point 5; variant flag
 * `outdoorRouting`): the drawer `routing` chooses an origin and a destination by place search or on the map, asks
 * GET /mapviewer/api/routing/walk, draws the walk on the ground with its distance, time and streets, and keeps
 * bookmarks of routes in the browser.
 */

/** How much of the map the open drawer covers: the share of its width from the left or of its height from the top. */
function drawerCover(mapElement: HTMLElement | null): { left: number; top: number } {
  const panel = typeof document === 'undefined' ? null : document.querySelector(`[data-drawer-panel="${DRAWER_ID}"]`);
  if (!mapElement || !panel) return { left: 0, top: 0 };
  const map = mapElement.getBoundingClientRect();
  const drawer = panel.getBoundingClientRect();
  if (map.width === 0 || map.height === 0) return { left: 0, top: 0 };
  const left = Math.max(0, drawer.right - map.left) / map.width;
  const top = Math.max(0, drawer.bottom - map.top) / map.height;
  return left <= top ? { left, top: 0 } : { left: 0, top };
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
      coveredShare: () => drawerCover(ctx.map.container()),
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
