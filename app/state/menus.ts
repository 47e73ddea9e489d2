/**
 * The header menus (mega menu, quick action menu) are mutually exclusive (SPEC §2). The rule is the core
 * exclusivity table's `menus` group, applied by the core store; this hook is the shell's one way in.
 */
import { appStore, useAppStore } from '../../core/store';

export type MenuId = 'mega' | 'quickAction';

export interface Menus {
  /** The open menu, or null. */
  openMenuId: MenuId | null;
  /** Opens `id`; the store closes the other menu. */
  openMenu(id: MenuId): void;
  /** Closes `id` (or every menu). */
  closeMenu(id?: MenuId): void;
  toggleMenu(id: MenuId): void;
}

export function useMenus(): Menus {
  const mega = useAppStore((state) => state.menus.mega);
  const quickAction = useAppStore((state) => state.menus.quickAction);
  const openMenuId: MenuId | null = mega ? 'mega' : quickAction ? 'quickAction' : null;
  return {
    openMenuId,
    openMenu: (id) => appStore.getState().openMenu(id),
    closeMenu: (id) => {
      const state = appStore.getState();
      if (id) state.setSwitch(`menu:${id}`, false);
      else state.closeMenus();
    },
    toggleMenu: (id) => {
      const state = appStore.getState();
      if (state.menus[id]) state.setSwitch(`menu:${id}`, false);
      else state.openMenu(id);
    },
  };
}

/** Test helper: closes every menu. */
export function resetMenus(): void {
  appStore.getState().closeMenus();
}
