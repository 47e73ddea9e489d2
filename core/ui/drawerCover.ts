/**
 * How much of the map the open drawer panel covers (app/components/DrawerBar.tsx `DrawerPanel`, marked
 * `data-drawer-panel="<id>"`), as the share of the map's width from its left edge or of its height from its top,
 * whichever leaves the larger free part: beside the map on a desktop, over its top on a phone. A tool that puts
 * the camera on something it drew uses it to keep that beside the drawer, not under it. `{ left: 0, top: 0 }`
 * while the drawer is not shown or the map has no size.
 */
export function drawerCoverShare(drawerId: string, mapElement: HTMLElement | null): { left: number; top: number } {
  const panel = typeof document === 'undefined' ? null : document.querySelector(`[data-drawer-panel="${drawerId}"]`);
  if (!mapElement || !panel) return { left: 0, top: 0 };
  const map = mapElement.getBoundingClientRect();
  const drawer = panel.getBoundingClientRect();
  if (map.width === 0 || map.height === 0) return { left: 0, top: 0 };
  const left = Math.min(1, Math.max(0, drawer.right - map.left) / map.width);
  const top = Math.min(1, Math.max(0, drawer.bottom - map.top) / map.height);
  return left <= top ? { left, top: 0 } : { left: 0, top };
}
