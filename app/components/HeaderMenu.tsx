/**
 * A header disclosure menu: the button carries aria-expanded / aria-controls, arrow keys (and Home/End) move
 * between the panel's links and buttons, Escape closes and returns focus to the button, a press outside closes.
 * Which header menu is open lives in the core store (menus are exclusive). A disclosure menu elsewhere (the map
 * tool bar's "More tools", ToolBar.tsx) passes its own open state and the side its panel opens on.
 *
 * The panel is placed with Floating UI (./menuPanelPosition.ts), loaded as a chunk of its own when a menu first
 * opens, so the header on every first paint does not carry it. The panel opens at once, under the button's end
 * by CSS (header.css), and moves to its measured place when the chunk has arrived; should the chunk fail, the
 * menu keeps working in that place.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Placement } from '@floating-ui/react';
import { loadChunk } from '../../core/chunks/chunkLoading';
import { useMenus, type MenuId } from '../state/menus';

const FOCUSABLE = 'a[href], button:not([disabled])';

const loadPanelPosition = () => loadChunk(() => import('./menuPanelPosition'));

/** The open state of a menu that is not one of the header's exclusive menus. */
export interface OwnMenuState {
  open: boolean;
  toggle(): void;
  close(): void;
}

interface MenuProps {
  /** Accessible name of the button (already translated). */
  label: string;
  /** Visible content of the button. */
  buttonContent: ReactNode;
  className?: string;
  /** Classes of the button; the header's icon button by default. */
  buttonClassName?: string;
  /** Side of the button the panel opens on (Floating UI placement); under it, end-aligned, by default. */
  placement?: Placement;
  /** Panel content; `close` closes the menu and returns focus. */
  children: (close: () => void) => ReactNode;
}

export type HeaderMenuProps = MenuProps &
  ({ menuId: MenuId; ownState?: undefined } | { /** Names the panel's class and data-menu. */ menuId: string; ownState: OwnMenuState });

export function HeaderMenu({ menuId, ownState, label, buttonContent, className, buttonClassName, placement, children }: HeaderMenuProps) {
  const menus = useMenus();
  const state: OwnMenuState = ownState ?? {
    open: menus.openMenuId === menuId,
    toggle: () => menus.toggleMenu(menuId as MenuId),
    close: () => menus.closeMenu(menuId as MenuId),
  };
  const open = state.open;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  // The state's functions are new on each render; the effect below must run only when the menu opens or closes.
  const closeThisMenu = useRef(state.close);
  closeThisMenu.current = state.close;

  useEffect(() => {
    const button = buttonRef.current;
    const panel = panelRef.current;
    if (!open || !button || !panel) return;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // A press anywhere but the button (which toggles) and the panel closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && !button.contains(target) && !panel.contains(target)) closeThisMenu.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    let stopPlacing: (() => void) | null = null;
    let closed = false;
    loadPanelPosition().then(
      ({ placeMenuPanel }) => {
        if (!closed) stopPlacing = placeMenuPanel(button, panel, placement);
      },
      (error: unknown) => console.error('the menu positioning did not load; the menu stays in its CSS place', error),
    );
    return () => {
      closed = true;
      document.removeEventListener('pointerdown', onPointerDown);
      stopPlacing?.();
      panel.removeAttribute('style');
    };
  }, [open]);

  const close = () => {
    state.close();
    buttonRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'ArrowDown':
      case 'ArrowRight':
        next = items[(index + 1) % items.length];
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        next = items[(index - 1 + items.length) % items.length];
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items[items.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  };

  return (
    <div className={`header-menu ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className={`header-menu__button ${buttonClassName ?? 'icon-button'}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-menu={menuId}
        // Pointing at or focusing the button fetches the positioning, so it is usually there when the menu opens.
        onPointerEnter={() => void loadPanelPosition().catch(() => {})}
        onFocus={() => void loadPanelPosition().catch(() => {})}
        onClick={() => state.toggle()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            state.toggle();
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            state.close();
          }
        }}
      >
        {buttonContent}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className={`header-menu__panel header-menu__panel--${menuId}`}
        aria-label={label}
        role="region"
        onKeyDown={onPanelKeyDown}
      >
        {open ? children(close) : null}
      </div>
    </div>
  );
}
